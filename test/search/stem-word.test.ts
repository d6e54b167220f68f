import { describe, expect, it } from "vitest";
import {
  formKey,
  queryStemLanguages,
  scriptOf,
  stemKey,
  stemLanguageOf,
  STEM_LANGUAGES,
} from "../../build/search/stem-word.ts";

describe("stemKey", () => {
  // Snowball: Russian drops the case endings -а, -ов, -ы; English (Porter2) the plural -s and -er.
  it.each([
    ["менеджер", "ru", "ru:менеджер"],
    ["менеджера", "ru", "ru:менеджер"],
    ["менеджеров", "ru", "ru:менеджер"],
    ["трафика", "ru", "ru:трафик"],
    ["закупки", "ru", "ru:закупк"],
    ["managers", "en", "en:manag"],
    ["manager", "en", "en:manag"],
    ["buyers", "en", "en:buyer"],
    ["affiliates", "en", "en:affili"],
  ])("%s in %s → %s", (word, language, key) => {
    expect(stemKey(word, language)).toBe(key);
  });

  it("refuses a language without a stemmer as a bug of ours", () => {
    expect(() => stemKey("sana", "ja")).toThrow(/Internal error/);
  });
});

describe("stemLanguageOf", () => {
  it.each([
    ["facebook", "ru", "en"], // a Latin skill in a Russian resume: English
    ["менеджер", "en", "ru"], // a Cyrillic word in an English resume: Russian
    ["manager", "en", "en"],
    ["менеджер", undefined, "ru"],
    ["b2b", "en", undefined], // digits: never stemmed
    ["2024", "ru", undefined],
    ["seoшник", "ru", undefined], // mixed scripts
  ] as const)("%s in a %s document → %s", (token, language, expected) => {
    expect(stemLanguageOf(token, language)).toBe(expected);
  });
});

describe("queryStemLanguages, scriptOf and formKey", () => {
  it("stem a query word in the index's languages of its script only", () => {
    expect(queryStemLanguages("managers", ["en", "ru"])).toEqual(["en"]);
    expect(queryStemLanguages("менеджеров", ["en", "ru"])).toEqual(["ru"]);
    expect(queryStemLanguages("менеджеров", ["en"])).toEqual([]);
    expect(queryStemLanguages("404", ["en", "ru"])).toEqual([]);
    expect(scriptOf("ёлка")).toBe("cyrillic");
    expect(formKey("арбитража")).toBe("ru:арбитраж");
    expect(formKey("b2b")).toBe("b2b");
  });

  it("has a stemmer for the languages of the sample, and takes a tag's primary language", () => {
    expect(["en", "ru"].filter((language) => !STEM_LANGUAGES.some((row) => row.language === language))).toEqual([]);
    expect(stemLanguageOf("spielern", "de-AT")).toBe("de");
    expect(stemLanguageOf("jogadores", "pt-BR")).toBe("pt");
  });

  it("stems nothing in a language without a stemmer", () => {
    expect(stemLanguageOf("managers", "ja")).toBeUndefined();
    expect(stemLanguageOf("менеджеров", "ja")).toBeUndefined();
  });
});
