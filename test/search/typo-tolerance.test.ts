import { describe, expect, it } from "vitest";
import { boundedEditDistance } from "../../build/shared/edit-distance.ts";
import { typoBudget } from "../../build/search/typo-tolerance.ts";

describe("typoBudget", () => {
  it.each([
    ["seo", 0],
    ["buye", 0], // 4 letters: as written only
    ["buyer", 1], // 5
    ["менеджер", 1], // 8
    ["affiliate", 2], // 9
    ["менеджеров", 2], // 10
    ["12345", 0], // a number: never
    ["b2bsales", 0], // a word with a digit: never
  ])("%s may be %i edits away", (word, budget) => {
    expect(typoBudget(word)).toBe(budget);
  });
});

describe("boundedEditDistance", () => {
  it.each([
    ["manager", "manager", 2, 0],
    ["manger", "manager", 2, 1], // one letter missing
    ["managerr", "manager", 2, 1], // one too many
    ["menager", "manager", 2, 1], // one replaced
    ["mnaager", "manager", 2, 1], // two neighbours swapped: one edit
    ["mnaagre", "manager", 2, 2], // two swaps: "na" → "an" and "re" → "er"
    ["kitten", "sitting", 5, 3], // the textbook case: k→s, e→i, +g
    ["kitten", "sitting", 1, 2], // over the limit: limit + 1
    ["менджер", "менеджер", 1, 1],
    ["ca", "abc", 3, 3], // optimal string alignment: a swapped pair is not edited again
    ["ab", "abcd", 1, 2], // lengths two apart: over a limit of 1 at once
  ])("%s → %s within %i is %i", (a, b, limit, distance) => {
    expect(boundedEditDistance(a, b, limit)).toBe(distance);
    expect(boundedEditDistance(b, a, limit)).toBe(distance);
  });
});
