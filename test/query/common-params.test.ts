import { describe, expect, it } from "vitest";
import {
  dropNaturalOrder,
  effectiveOrder,
  listParam,
  sortItems,
  type SortField,
} from "../../build/query/common-params.ts";
import type { Params } from "../../build/query/param-spec.ts";

interface Row {
  slug: string;
  name: string;
  score: number | null;
}
const FIELDS: Record<string, SortField<Row>> = {
  name: { natural: "asc", value: (row) => row.name },
  score: { natural: "desc", value: (row) => row.score },
};
const ROWS: Row[] = [
  { slug: "d", name: "Delta", score: 50 },
  { slug: "b", name: "Bravo", score: 70 },
  { slug: "a", name: "Alpha", score: 50 },
  { slug: "e", name: "Echo", score: null },
  { slug: "c", name: "Charlie", score: 70 },
];
const slugs = (rows: Row[]) => rows.map((row) => row.slug).join("");

describe("sortItems", () => {
  it.each<[string, "asc" | "desc", string]>([
    ["name", "asc", "abcde"],
    ["name", "desc", "edcba"],
    ["score", "desc", "bcade"], // ties (70: b, c; 50: a, d) broken by slug ascending, null last
    ["score", "asc", "adbce"], // the tie-break stays ascending when the order flips; null still last
  ])("by %s %s → %s", (field, order, expected) => {
    expect(slugs(sortItems(ROWS, FIELDS[field]!, order, (row) => row.slug))).toBe(expected);
  });

  it("does not reorder its input", () => {
    sortItems(ROWS, FIELDS.name!, "desc", (row) => row.slug);
    expect(slugs(ROWS)).toBe("dbaec");
  });
});

describe("effectiveOrder and dropNaturalOrder", () => {
  it.each<[Params, { sort: string; order: string }]>([
    [{}, { sort: "name", order: "asc" }],
    [{ sort: "score" }, { sort: "score", order: "desc" }],
    [
      { sort: "score", order: "asc" },
      { sort: "score", order: "asc" },
    ],
    [{ order: "desc" }, { sort: "name", order: "desc" }],
  ])("%j → %j", (params, expected) => {
    expect(effectiveOrder(params, FIELDS, "name")).toEqual(expected);
  });

  it.each<[Params, Params]>([
    [{ order: "asc" }, {}],
    [{ order: "desc" }, { order: "desc" }],
    [{ sort: "score", order: "desc" }, { sort: "score" }],
    [
      { sort: "score", order: "asc" },
      { sort: "score", order: "asc" },
    ],
  ])("dropNaturalOrder(%j) → %j", (params, expected) => {
    const copy = { ...params };
    dropNaturalOrder(copy, FIELDS, "name");
    expect(copy).toEqual(expected);
  });
});

describe("listParam", () => {
  it.each<[Params, string[]]>([
    [{}, []],
    [{ country: ["DE", "GB"] }, ["DE", "GB"]],
    [{ country: "GB" }, ["GB"]],
  ])("%j → %j", (params, expected) => {
    expect(listParam(params, "country")).toEqual(expected);
  });
});
