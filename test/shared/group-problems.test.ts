import { describe, expect, it } from "vitest";
import { groupProblems, type LocatedProblem } from "../../build/shared/group-problems.ts";

const at = (
  record: string | undefined,
  field = "status",
  message = "Missing field (expected text)",
): LocatedProblem => ({
  file: "seeds/brands/brands.csv",
  record,
  field,
  message,
});

describe("groupProblems", () => {
  it("says one problem of ten consecutive lines once, as a range", () => {
    const lines = Array.from({ length: 10 }, (_, i) => at(`line ${i + 2}`));
    expect(groupProblems(lines)).toEqual([at("lines 2-11")]);
  });

  it("lists runs and single lines in order, whatever order they came in", () => {
    const lines = [9, 3, 4, 5, 7, 10, 11].map((n) => at(`line ${n}`));
    expect(groupProblems(lines)).toEqual([at("lines 3-5, 7, 9-11")]);
  });

  it("keeps apart problems of another field, another message, another file, and unnumbered ones", () => {
    const other = { ...at("line 3"), file: "seeds/brands/more.csv" };
    const problems = [
      at("line 2"),
      at("line 2", "name"),
      at("line 3"),
      at("line 3", "status", 'Expected one of active, dormant, closed, got "x"'),
      other,
      at(undefined),
    ];
    expect(groupProblems(problems)).toEqual([
      at("lines 2-3"),
      at("line 2", "name"),
      at("line 3", "status", 'Expected one of active, dormant, closed, got "x"'),
      other,
      at(undefined),
    ]);
  });

  it("groups JSON array records as records, and cuts a long list of ranges with the count", () => {
    expect(groupProblems([at("record 0"), at("record 1")])).toEqual([at("records 0-1")]);
    const everyOther = Array.from({ length: 20 }, (_, i) => at(`line ${2 * i + 2}`));
    expect(groupProblems(everyOther)).toEqual([at("lines 2, 4, 6, 8, 10, 12, 14, 16, … (20 in all)")]);
  });
});
