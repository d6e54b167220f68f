import { describe, expect, it } from "vitest";
import {
  containsAllWords,
  foldedTextOf,
  foldFilterText,
  filterQueryWords,
  singularsOf,
} from "../../build/query/text-match.ts";

describe("foldFilterText", () => {
  it.each([
    ["Café  CRÈME", "cafe creme"],
    ["  Ёлка  ", "елка"],
    ["Straße", "straße"],
    ["ＡＢＣ", "abc"], // NFKD folds full-width letters
  ])("%j → %j", (text, folded) => {
    expect(foldFilterText(text)).toBe(folded);
  });
});

describe("containsAllWords of a folded text and a query's words", () => {
  it.each([
    ["Alpha Casino alpha-casino", "alpha", true],
    ["Alpha Casino alpha-casino", "CASINO alpha", true], // every word, any order, any case
    ["Alpha Casino alpha-casino", "alpha bet", false],
    ["Café Royal cafe-royal", "cafe", true],
    ["Café Royal cafe-royal", "CAFÉ", true],
    ["Beta Bet beta-bet", "et", true], // substrings match
    ["Ёлка", "елка", true],
    ["Fruit Slot fruit-slot", "fruit slots", true], // a plural of an ordinary word finds its singular (issue 33)
    ["Book of Stories", "stories", true], // the word as written first: a name is never cut
    ["Lucky Story", "stories", true], // -ies → -y
    ["Mega Bonus", "bonuses", true], // -es off
    ["Fruit Slot", "fruits wilds", false], // every word must still match in one of its forms: no "wild"
  ])("%j with %j → %s", (haystack, query, expected) => {
    expect(containsAllWords(foldFilterText(haystack), filterQueryWords(query))).toBe(expected);
  });
});

describe("filterQueryWords and containsAllWords", () => {
  it("fold a query into its words once, each then looked for in a folded text", () => {
    expect(filterQueryWords("  CAFÉ   Royal ")).toEqual([["cafe"], ["royal"]]);
    expect(containsAllWords("cafe royal cafe-royal", [["royal"], ["cafe"]])).toBe(true);
    expect(containsAllWords("cafe royal cafe-royal", [["royal"], ["bet"]])).toBe(false);
  });

  it("leave no word of a query that folds to nothing, and no words match nothing", () => {
    // U+00B4 and a lone combining acute: NFKD leaves only a mark (and a space), which folding removes.
    expect(filterQueryWords("\u00b4")).toEqual([]);
    expect(filterQueryWords("\u0301 \u0301")).toEqual([]);
    expect(containsAllWords("alpha casino alpha-casino", filterQueryWords("\u0301"))).toBe(false);
  });
});

describe("singularsOf", () => {
  it.each([
    ["slots", ["slot"]],
    ["bonuses", ["bonuse", "bonus"]],
    ["stories", ["storie", "stori", "story"]],
    ["games", ["game", "gam"]],
    ["class", []], // -ss is not a plural
    ["bonus", []], // nor -us
    ["oasis", []], // nor -is
    ["bus", []], // too short to cut
    ["слоты", []], // Latin only
    ["24s", []], // a number
  ])("%j → %j", (word, forms) => {
    expect(singularsOf(word)).toEqual(forms);
  });
});

describe("foldedTextOf", () => {
  it("folds each record's text on first use only, and keeps records apart", () => {
    const calls: string[] = [];
    const textOf = foldedTextOf((record: { name: string }) => {
      calls.push(record.name);
      return record.name;
    });
    const alpha = { name: "Álpha  Casino" };
    const beta = { name: "BETA" };
    expect(textOf(alpha)).toBe("alpha casino");
    expect(textOf(alpha)).toBe("alpha casino");
    expect(textOf(beta)).toBe("beta");
    expect(calls).toEqual(["Álpha  Casino", "BETA"]);
  });
});
