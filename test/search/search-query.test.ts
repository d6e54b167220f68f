import { describe, expect, it } from "vitest";
import { prefixFactor, queryWords, searchIndex } from "../../build/search/search-query.ts";
import { TINY_IMPACTS, tinyIndex } from "./tiny-corpus.ts";

const index = tinyIndex();
const { foxInFirst, foxInThird, redInFirst, redInSecond } = TINY_IMPACTS;

/** Results as [id, score] pairs, by position. */
function search(query: string): [number, number][] {
  const { positions, scores } = searchIndex(index, query);
  return Array.from(positions, (position, i) => [index.ids[position]!, scores[i]!]);
}

describe("prefixFactor", () => {
  it.each([
    [3, 3, 1],
    [4, 7, 0.5 * (1 + 4 / 7)],
    [2, 3, 0.5 * (1 + 2 / 3)],
    [1, 9, 0.5 * (1 + 1 / 9)],
  ])("of a %i-letter word for a %i-letter term is %f", (word, term, expected) => {
    expect(prefixFactor(word, term)).toBeCloseTo(expected, 12);
  });
});

describe("queryWords", () => {
  it.each([
    ["red fox", { exact: ["red"], last: "fox" }],
    // A last word that also stands earlier must match whole there: it is an exact word, with no prefix left.
    ["Fox fox", { exact: ["fox"], last: undefined }],
    ["a b a", { exact: ["a", "b"], last: undefined }],
    ["a b b a", { exact: ["a", "b"], last: undefined }],
    ["fox fox red", { exact: ["fox"], last: "red" }],
    ["Пётр  ковалёв", { exact: ["петр"], last: "ковалев" }],
    ["?!", { exact: [], last: undefined }],
    [`seo ${"x".repeat(41)}`, { exact: ["seo"], last: "x".repeat(41) }], // kept, to match nothing
  ])("splits %j into %j", (query, expected) => {
    expect(queryWords(query)).toEqual(expected);
  });
});

describe("searchIndex", () => {
  it.each([
    ["fox", [[10, foxInFirst], [30, foxInThird]]],
    ["FOX", [[10, foxInFirst], [30, foxInThird]]],
    ["red fox", [[10, redInFirst + foxInFirst]]],
    ["fox red", [[10, redInFirst + foxInFirst]]],
    ["fo", [[10, (foxInFirst * 5) / 6], [30, (foxInThird * 5) / 6]]],
    ["re", [[10, (redInFirst * 5) / 6], [20, (redInSecond * 5) / 6]]],
    ["fox re", [[10, foxInFirst + (redInFirst * 5) / 6]]],
    ["fox fox", [[10, foxInFirst], [30, foxInThird]]],
    ["red fox red", [[10, redInFirst + foxInFirst]]],
  ] as const)("finds %j with hand-computed scores", (query, expected) => {
    const found = search(query);
    expect(found.map(([id]) => id)).toEqual(expected.map(([id]) => id));
    found.forEach(([, score], i) => expect(score).toBeCloseTo(expected[i]![1], 6));
  });

  it.each([
    ["re fox", "a word before the last must match whole"],
    ["re re", "a word before the last must match whole, even when the last word repeats it"],
    ["fo fox fo", "the same, with another word between"],
    ["fox sky", "every word must match the same document"],
    ["wolf", "an unknown word"],
    ["", "an empty query"],
    ["—?!", "a query without letters or digits"],
    [`fox ${"x".repeat(41)}`, "a last word longer than any indexed token"],
    [`${"я".repeat(41)} fox`, "a word longer than any indexed token, in Cyrillic"],
  ])("finds nothing for %j (%s)", (query) => {
    expect(search(query)).toEqual([]);
  });

  it("scores the exact term above a longer term reached by the prefix", () => {
    expect(searchIndex(index, "red").scores[0]).toBeGreaterThan(searchIndex(index, "re").scores[0]!);
  });
});
