import { describe, expect, it } from "vitest";
import { everyToken, foldSearchText, MAX_TOKEN_LENGTH, tokenize } from "../../build/search/fold-search-text.ts";

describe("foldSearchText", () => {
  it.each([
    ["José", "jose"],
    ["Chloé Zoë Renée", "chloe zoe renee"],
    ["Dvořák Šimić", "dvorak simic"],
    ["Søren Nørgaard", "soren norgaard"],
    ["Łukasz Łowicki", "lukasz lowicki"],
    ["Straße", "strasse"],
    ["Пётр Ковалёв", "петр ковалев"],
    ["ЁЛКА", "елка"],
    ["Йошкар-Ола", "йошкар-ола"],
    ["Андрей", "андрей"],
    ["ﬁnance", "finance"],
    ["Đorđe Guðrún", "dorde gudrun"],
    ["Þórsson Ægir Œuvre", "thorsson aegir oeuvre"],
    ["Kırmızı", "kirmizi"],
  ])("folds %j to %j", (input, expected) => {
    expect(foldSearchText(input)).toBe(expected);
  });

  it.each([
    ["𝐒𝐄𝐎 𝐒𝐩𝐞𝐜𝐢𝐚𝐥𝐢𝐬𝐭", "seo specialist"],
    ["ᴬᴰᴹᴵᴺ", "admin"],
    ["ℍ𝔼𝔸𝔻", "head"],
  ])("lower-cases the capitals that only decomposition reveals: %j to %j", (input, expected) => {
    expect(foldSearchText(input)).toBe(expected);
  });

  it("keeps й apart from и, so 'мой' and 'мои' stay different words", () => {
    expect(foldSearchText("мой")).not.toBe(foldSearchText("мои"));
  });
});

describe("tokenize", () => {
  it.each([
    ["Senior Media Buyer (Facebook, gambling)", ["senior", "media", "buyer", "facebook", "gambling"]],
    ["A/B-тестирование", ["a", "b", "тестирование"]],
    ["e-commerce", ["e", "commerce"]],
    ["Scaled from $5k to $40k at 18% ROI.", ["scaled", "from", "5k", "to", "40k", "at", "18", "roi"]],
    ["Опыт — 6,3 года", ["опыт", "6", "3", "года"]],
    ["utm_source", ["utm", "source"]],
    ["  ", []],
    ["—!?", []],
  ])("splits %j into %j", (input, expected) => {
    expect(tokenize(input)).toEqual(expected);
  });

  it("keeps a token of 40 characters and drops one of 41", () => {
    expect(tokenize(`${"x".repeat(40)} ${"y".repeat(41)}`)).toEqual(["x".repeat(40)]);
  });

  it("drops tokens longer than the maximum, which everyToken keeps", () => {
    expect(tokenize(`short ${"x".repeat(MAX_TOKEN_LENGTH + 1)} ok`)).toEqual(["short", "ok"]);
    expect(everyToken(`Short ${"X".repeat(MAX_TOKEN_LENGTH + 1)} ok`)).toEqual([
      "short",
      "x".repeat(MAX_TOKEN_LENGTH + 1),
      "ok",
    ]);
  });
});
