import { describe, expect, it } from "vitest";
import { countryAlias, didYouMean, nearMiss } from "../../build/load/near-miss.ts";

const BRANDS = ["northlight-casino", "northwind-bet", "spinwell", "alpha-casino"];

describe("nearMiss", () => {
  it.each([
    ["northlight-casion", BRANDS, "northlight-casino"], // two letters swapped: one edit
    ["northlight-casno", BRANDS, "northlight-casino"], // one letter missing
    ["spinwel", BRANDS, "spinwell"],
    ["Alpha-Casino", BRANDS, "alpha-casino"], // case only
    ["UK", ["GB", "DE", "SE"], "GB"], // not an ISO code: the alias
    ["EL", ["GB", "GR"], "GR"],
    ["UK", ["DE", "SE"], undefined], // the alias is not among the known values
    ["sportsbok", ["casino", "sportsbook", "poker", "lottery"], "sportsbook"],
  ])("%s among %j is %s", (value, known, meant) => {
    expect(nearMiss(value, known)).toBe(meant);
  });

  it.each([
    ["zeta-games", BRANDS], // nothing close
    ["DE", ["SE", "DK"]], // two letters: too short for an edit to be a hint
    ["north-bet", ["north-bat", "north-bot"]], // two as close: no guess
  ])("suggests nothing for %s among %j", (value, known) => {
    expect(nearMiss(value, known)).toBeUndefined();
  });
});

describe("didYouMean", () => {
  it("writes the hint to append to a message, or nothing", () => {
    expect(didYouMean("northlight-casion", BRANDS)).toBe(' (did you mean "northlight-casino"?)');
    expect(didYouMean("zeta-games", BRANDS)).toBe("");
  });
});

describe("countryAlias", () => {
  it("knows UK and EL, in any case, and nothing else", () => {
    expect([countryAlias("UK"), countryAlias("uk"), countryAlias("EL"), countryAlias("GB")]).toEqual([
      "GB",
      "GB",
      "GR",
      undefined,
    ]);
  });
});
