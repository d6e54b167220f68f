/**
 * A three-document corpus whose BM25F figures are worked out by hand in the tests.
 * Fields: title (weight 2), body (weight 1); k1 = 1.2, b = 0.75.
 * Average lengths: title (2 + 1 + 1) / 3 = 4/3, body (3 + 3 + 1) / 3 = 7/3.
 */
import { buildSearchIndex, type SearchSettings } from "../../build/search/search-index.ts";

export const TINY_SETTINGS: SearchSettings = {
  fields: [
    { name: "title", weight: 2 },
    { name: "body", weight: 1 },
  ],
  k1: 1.2,
  b: 0.75,
};

export const TINY_DOCUMENTS = [
  { id: 10, fields: ["Red fox", "The fox jumps"], language: "en" },
  { id: 20, fields: ["Blue", "red, RED sky"], language: "en" },
  { id: 30, fields: ["Fox", "quiet"], language: "en" },
];

export const tinyIndex = () => buildSearchIndex(TINY_DOCUMENTS, TINY_SETTINGS);

/**
 * idf of a term in 2 of 3 documents: ln(1 + (3 − 2 + 0.5) / (2 + 0.5)) = ln 1.6.
 * Length norms: title of 2 tokens 0.25 + 0.75 × 2 / (4/3) = 1.375; title of 1 token 0.8125;
 * body of 3 tokens 0.25 + 0.75 × 3 / (7/3) = 1.2142857.
 * Impact = idf × w × 2.2 / (w + 1.2), w = Σ weight × tf / norm.
 */
export const TINY_IMPACTS = {
  idf: 0.47000362924573563,
  // w = 2 × 1 / 1.375 + 1 × 1 / 1.2142857 = 2.2780749
  foxInFirst: 0.6772561521050176,
  // w = 2 × 1 / 0.8125 = 2.4615385
  foxInThird: 0.6951314180441132,
  // w = 2 × 1 / 1.375 = 1.4545455
  redInFirst: 0.5665797174469143,
  // w = 1 × 2 / 1.2142857 = 1.6470588
  redInSecond: 0.5981864372218455,
  // "blue" is in 1 of 3 documents: idf ln(1 + 2.5 / 1.5) = ln(8/3) = 0.98082925; w = 2 × 1 / 0.8125 = 2.4615385
  blueInSecond: 1.4506382229417132,
  // The largest impact of the corpus, blue's: the other terms of one document ("quiet" 1.2758, "sky",
  // "jumps", "the") are in a lighter field or a longer one.
  largest: 1.4506382229417132,
};

/**
 * The part of a score that ranks by match level (search-query.ts): every one of `words` query words
 * matched as written (level 2), times a step of the largest impact × (words + 1). The index keeps
 * impacts as 32-bit floats, so the largest is rounded as they are.
 */
export function levelOffset(words: number, largest: number): number {
  return 2 * words * Math.fround(largest) * (words + 1);
}
