import { describe, expect, it } from "vitest";
import { buildSearchIndex, type SearchDocument } from "../../build/search/search-index.ts";
import { queryUnits, searchIndex } from "../../build/search/search-query.ts";
import { EXACT_FORMS, formLevel, MATCH_LEVEL, wordMatches } from "../../build/search/word-matches.ts";

// One field of weight 1, k1 = 1, b = 0: a term once in a document has impact idf (see search-query.test.ts).
const settings = { fields: [{ name: "body", weight: 1 }], k1: 1, b: 0 };
const documents: SearchDocument[] = [
  { id: 1, fields: ["manager"], language: "en" },
  { id: 2, fields: ["managers"], language: "en" },
  { id: 3, fields: ["manger"], language: "en" }, // a typo in the resume itself
  { id: 4, fields: ["менеджеров"], language: "ru" },
  { id: 5, fields: ["менеджер"], language: "ru" },
  { id: 6, fields: ["media buyer"], language: "en" },
  { id: 7, fields: ["медиабайер"], language: "ru" },
  { id: 8, fields: ["release 2024"], language: "en" },
];
const index = buildSearchIndex(documents, settings, [["медиабайер", "media buyer"]]);
const ids = (query: string, forms = undefined as Parameters<typeof searchIndex>[2]) =>
  Array.from(searchIndex(index, query, forms).positions, (position) => index.ids[position]);

/** Ids in rank order (score descending, then id). */
function ranked(query: string): number[] {
  const { positions, scores } = searchIndex(index, query);
  return Array.from(positions, (position, i) => ({ id: index.ids[position]!, score: scores[i]! }))
    .sort((a, b) => b.score - a.score || a.id - b.id)
    .map((row) => row.id);
}

describe("searchIndex with word forms (issue 33)", () => {
  it.each([
    // Every manager document has idf ln(1 + 7.5 / 1.5) = ln 6: only the level tells them apart.
    ["managers", [2, 1]], // as written, then the stem "manag" (manager); manger is two edits away, over the 1 of 8 letters
    ["managing", [1, 2]], // no such term: both by the stem, manager (5 letters shared) before managers (5 of 8 also, by id)
    ["manager", [1, 2, 3]], // as written; managers by the stem; manger by one edit (a deleted "a")
    ["менеджера", [5, 4]], // Russian: both by the stem "менеджер"; менеджер shares 8 of 9 letters, менеджеров 8 of 10
    ["менеджеров", [4, 5]], // as written, then the stem
    ["медиабайер", [7, 6]], // as written, then the synonym "media buyer"
    ["media buyer", [6, 7]], // both words as written, then the synonym's single word
  ])("%s ranks %j", (query, order) => {
    expect(ranked(query)).toEqual(order);
  });

  it("matches words as written only with EXACT_FORMS, today's matcher", () => {
    expect(ids("managers", EXACT_FORMS)).toEqual([2]);
    expect(ids("менеджера", EXACT_FORMS)).toEqual([]);
    expect(ids("медиабайер", EXACT_FORMS)).toEqual([7]);
  });

  it("keeps the last word's prefix, with no typo on it", () => {
    expect(ids("mana")).toEqual([1, 2]); // prefix of manager and managers, not manger
    expect(ids("mang")).toEqual([3]); // mang is no typo of mana…: a prefix is matched as typed
  });

  it("never takes a typo for a number or a short word", () => {
    expect(ids("2025")).toEqual([]); // one edit from 2024, but a number
    expect(ids("2024")).toEqual([8]);
    expect(ids("relase")).toEqual([8]); // 6 letters, one edit
    expect(ids("medi")).toEqual([6]); // prefix of media
    expect(ids("medis buyer")).toEqual([6]); // a word before the last, of 5 letters, one edit from media
    expect(ids("buyer medis")).toEqual([6]); // the last word too, as a whole word
    expect(ids("manaj")).toEqual([]); // one edit from "manag", the start of manager: a prefix takes no typo
    expect(ids("nanager")).toEqual([]); // one edit from manager, but in the first letter, which must be right
  });
});

describe("wordMatches", () => {
  it("lists each term once, at its best level", () => {
    const matches = wordMatches(index, "manager", false, { stems: true, typos: true, synonyms: true });
    const byTerm = Object.fromEntries(matches.terms.map((t, i) => [index.terms[t], matches.levels[i]]));
    // "managers" is both of the stem and one edit away: listed once, by its stem.
    expect(byTerm).toEqual({ manager: MATCH_LEVEL.exact, managers: 1 + (0.5 * 7) / 8, manger: MATCH_LEVEL.typo });
  });
});

describe("formLevel", () => {
  it.each([
    ["managers", "manager", 1 + (0.5 * 7) / 8], // 7 letters shared of 8
    ["managers", "managed", 1 + (0.5 * 6) / 8],
    ["managers", "management", 1 + (0.5 * 6) / 10],
    ["менеджера", "менеджеров", 1 + (0.5 * 8) / 10],
  ])("of %s for %s is %f: the closer form first, always below the word as written", (word, term, level) => {
    expect(formLevel(word, term)).toBeCloseTo(level, 12);
    expect(formLevel(word, term)).toBeLessThan(MATCH_LEVEL.exact);
  });
});

describe("queryUnits", () => {
  it("joins the words of a synonym phrase, compared by their stems", () => {
    expect(
      queryUnits(index, "media buyers медиабайеры").map((unit) => [unit.words.map((w) => w.word), unit.synonyms]),
    ).toEqual([
      [["media", "buyers"], [["медиабайер"]]],
      [["медиабайеры"], [["media", "buyer"]]],
    ]);
    expect(queryUnits(index, "medium buyer").map((unit) => unit.synonyms)).toEqual([[], []]); // "medium" is not a form of "media"
  });
});
