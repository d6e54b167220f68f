import { describe, expect, it } from "vitest";
import { prefixFactor, searchQueryWords, searchIndex } from "../../build/search/search-query.ts";
import { buildSearchIndex } from "../../build/search/search-index.ts";
import { levelOffset, TINY_IMPACTS, tinyIndex } from "./tiny-corpus.ts";

const index = tinyIndex();
const { blueInSecond, foxInFirst, foxInThird, largest, redInFirst, redInSecond } = TINY_IMPACTS;

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

describe("searchQueryWords", () => {
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
    expect(searchQueryWords(query)).toEqual(expected);
  });
});

describe("searchIndex", () => {
  it.each([
    [
      "fox",
      [
        [10, foxInFirst],
        [30, foxInThird],
      ],
    ],
    [
      "FOX",
      [
        [10, foxInFirst],
        [30, foxInThird],
      ],
    ],
    ["red fox", [[10, redInFirst + foxInFirst]]],
    ["fox red", [[10, redInFirst + foxInFirst]]],
    [
      "fo",
      [
        [10, (foxInFirst * 5) / 6],
        [30, (foxInThird * 5) / 6],
      ],
    ],
    [
      "re",
      [
        [10, (redInFirst * 5) / 6],
        [20, (redInSecond * 5) / 6],
      ],
    ],
    ["fox re", [[10, foxInFirst + (redInFirst * 5) / 6]]],
    [
      "fox fox",
      [
        [10, foxInFirst],
        [30, foxInThird],
      ],
    ],
    ["red fox red", [[10, redInFirst + foxInFirst]]],
    // "blue" is the dictionary's first term (position 0), matched whole here.
    ["blue red", [[20, blueInSecond + redInSecond]]],
  ] as const)("finds %j with hand-computed scores", (query, expected) => {
    const found = search(query);
    const { exact, last } = searchQueryWords(query);
    const offset = levelOffset(exact.length + (last === undefined ? 0 : 1), largest);
    expect(found.map(([id]) => id)).toEqual(expected.map(([id]) => id));
    found.forEach(([, score], i) => expect(score - offset).toBeCloseTo(expected[i]![1], 6));
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
    ["red fox the jumps red fox the jumps wolf", "every word must match, however many come before"],
  ])("finds nothing for %j (%s)", (query) => {
    expect(search(query)).toEqual([]);
  });

  it("scores the exact term above a longer term reached by the prefix", () => {
    expect(searchIndex(index, "red").scores[0]).toBeGreaterThan(searchIndex(index, "re").scores[0]!);
  });
});

describe("searchIndex with a prefix that reaches several terms", () => {
  // One field of weight 1, k1 = 1, b = 0: a term once in a document has impact idf × 1 × 2 / (1 + 1) = idf.
  // Four documents: "fox" is in 2 (idf ln(1 + 2.5 / 2.5) = ln 2), "foxes" and "foxhound" in 1 (idf ln(1 + 3.5 / 1.5) = ln(10/3)).
  const settings = { fields: [{ name: "body", weight: 1 }], k1: 1, b: 0 };
  const documents = [
    { id: 1, fields: ["fox foxes"], language: "en" },
    { id: 2, fields: ["foxhound"], language: "en" },
    { id: 3, fields: ["fox cat"], language: "en" },
    { id: 4, fields: ["dog"], language: "en" },
  ];
  const prefixIndex = buildSearchIndex(documents, settings);

  it("scores each document by the best of the terms it has, each times its prefix factor", () => {
    const { positions, scores } = searchIndex(prefixIndex, "fo");
    expect(Array.from(positions, (position) => prefixIndex.ids[position])).toEqual([1, 2, 3]);
    // Document 1: fox 5/6 × ln 2 = 0.5776, foxes 0.7 × ln(10/3) = 0.8428: the later, longer term is the best.
    // Every score also holds the level offset of one word matched as written; the largest impact is ln(10/3).
    const offset = levelOffset(1, Math.log(10 / 3));
    expect(scores[0]! - offset).toBeCloseTo(0.7 * Math.log(10 / 3), 6);
    // Document 2: foxhound 0.625 × ln(10/3), the last term of the range.
    expect(scores[1]! - offset).toBeCloseTo(0.625 * Math.log(10 / 3), 6);
    expect(scores[2]! - offset).toBeCloseTo((5 / 6) * Math.log(2), 6);
  });
});
