import { describe, expect, it } from "vitest";
import { findTerm, lowerBound, prefixRange } from "../../build/search/term-dictionary.ts";

const TERMS = ["ad", "ads", "adspower", "b", "bi", "binom", "е", "елка", "ель"];

describe("lowerBound", () => {
  it.each([
    ["", 0],
    ["a", 0],
    ["ad", 0],
    ["adt", 3],
    ["bin", 5],
    ["z", 6],
    ["ж", 9],
  ])("puts %j at %i", (word, expected) => {
    expect(lowerBound(TERMS, word)).toBe(expected);
  });
});

describe("findTerm", () => {
  it.each([
    ["ads", 1],
    ["binom", 5],
    ["ель", 8],
    ["adsp", -1],
    ["zz", -1],
  ])("finds %j at %i", (word, expected) => {
    expect(findTerm(TERMS, word)).toBe(expected);
  });
});

describe("prefixRange", () => {
  it.each([
    ["ad", [0, 3]],
    ["ads", [1, 3]],
    ["adsp", [2, 3]],
    ["b", [3, 6]],
    ["bin", [5, 6]],
    ["е", [6, 9]],
    ["ел", [7, 9]],
    ["ель", [8, 9]],
    ["c", [6, 6]],
    ["zz", [6, 6]],
    ["я", [9, 9]],
  ])("finds the terms starting with %j in %j", (prefix, expected) => {
    expect(prefixRange(TERMS, prefix)).toEqual(expected);
  });

  it("covers every term for the empty prefix, and nothing in an empty dictionary", () => {
    expect(prefixRange(TERMS, "")).toEqual([0, TERMS.length]);
    expect(prefixRange([], "a")).toEqual([0, 0]);
  });
});
