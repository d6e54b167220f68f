import { describe, expect, it } from "vitest";
import { foldText, matchesAllWords } from "../../build/query/text-match.ts";

describe("foldText", () => {
  it.each([
    ["Café  CRÈME", "cafe creme"],
    ["  Ёлка  ", "елка"],
    ["Straße", "straße"],
    ["ＡＢＣ", "abc"], // NFKD folds full-width letters
  ])("%j → %j", (text, folded) => {
    expect(foldText(text)).toBe(folded);
  });
});

describe("matchesAllWords", () => {
  it.each([
    ["Alpha Casino alpha-casino", "alpha", true],
    ["Alpha Casino alpha-casino", "CASINO alpha", true], // every word, any order, any case
    ["Alpha Casino alpha-casino", "alpha bet", false],
    ["Café Royal cafe-royal", "cafe", true],
    ["Café Royal cafe-royal", "CAFÉ", true],
    ["Beta Bet beta-bet", "et", true], // substrings match
    ["Ёлка", "елка", true],
  ])("%j with %j → %s", (haystack, query, expected) => {
    expect(matchesAllWords(haystack, query)).toBe(expected);
  });
});
