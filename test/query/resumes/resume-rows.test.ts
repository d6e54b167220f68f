import { describe, expect, it } from "vitest";
import { matchesInOrder, rowsInOrder, updateTimesOf } from "../../../build/query/resumes/resume-rows.ts";
import { roundScore } from "../../../build/query/resumes/resume-records.ts";
import { RESUME_SORTS } from "../../../build/query/resumes/resume-selection.ts";
import { makeResume } from "./make-resume.ts";

const RESUMES = [
  makeResume({ id: 1, updated_at: "2025-01-02T00:00:00Z", experience_years: 3 }),
  makeResume({ id: 2, updated_at: "2025-01-03T00:00:00+05:00", experience_years: 1 }),
  makeResume({ id: 3, updated_at: "2025-01-02T00:00:00Z", experience_years: 3 }),
  makeResume({ id: 4, updated_at: "2024-12-31T23:00:00Z", experience_years: 7 }),
];
const ids = (rows: readonly { resume: { id: number } }[]) => rows.map((row) => row.resume.id);

describe("updateTimesOf", () => {
  it("parses each updated_at with its offset", () => {
    expect([...updateTimesOf(RESUMES)]).toEqual([
      Date.parse("2025-01-02T00:00:00Z"),
      Date.parse("2025-01-02T19:00:00Z"),
      Date.parse("2025-01-02T00:00:00Z"),
      Date.parse("2024-12-31T23:00:00Z"),
    ]);
  });
});

describe("rowsInOrder", () => {
  it.each([
    ["date", "desc", [2, 1, 3, 4]],
    ["date", "asc", [4, 1, 3, 2]],
    ["experience", "desc", [4, 1, 3, 2]],
    ["experience", "asc", [2, 1, 3, 4]],
  ] as const)("orders by %s %s, ties by id ascending", (sort, order, expected) => {
    expect(ids(rowsInOrder(RESUMES, sort, RESUME_SORTS[sort]!, order))).toEqual(expected);
  });

  it("computes each order once per dataset", () => {
    expect(rowsInOrder(RESUMES, "date", RESUME_SORTS.date!, "desc")).toBe(
      rowsInOrder(RESUMES, "date", RESUME_SORTS.date!, "desc"),
    );
  });
});

describe("matchesInOrder", () => {
  it("keeps only the matches, in the given order, each with its own score", () => {
    const ordered = rowsInOrder(RESUMES, "date", RESUME_SORTS.date!, "desc");
    const rows = matchesInOrder(ordered, Uint32Array.from([0, 3, 1]), [0.5, 0.25, 2]);
    expect(rows.map((row) => [row.resume.id, row.score])).toEqual([
      [2, 2],
      [1, 0.5],
      [4, 0.25],
    ]);
  });

  it("keeps a match whose score is 0", () => {
    const ordered = rowsInOrder(RESUMES, "date", RESUME_SORTS.date!, "desc");
    expect(ids(matchesInOrder(ordered, Uint32Array.from([2]), [0]))).toEqual([3]);
  });
});

describe("roundScore", () => {
  it.each([
    [1.234567, 1.2346],
    [1.23444, 1.2344],
    [10.00004, 10],
    [0, 0],
  ])("rounds %f to %f", (score, expected) => {
    expect(roundScore(score)).toBe(expected);
  });

  it("is idempotent", () => {
    for (const score of [1.2346, 5.6311, 0.0001, 123.4567])
      expect(roundScore(roundScore(score))).toBe(roundScore(score));
  });
});
