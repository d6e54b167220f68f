import { describe, expect, it } from "vitest";
import { lastTwoPeriods, pairVolumes } from "../../build/compute/period-volumes.ts";

const row = (brand: string, country: string, period: string, volume: number) => ({ brand, country, period, volume });

describe("lastTwoPeriods", () => {
  it.each([
    [["2026-08", "2026-09", "2026-10"], { previous: "2026-09", current: "2026-10" }],
    [["2026-10"], undefined],
    [[], undefined],
  ])("%j → %j", (periods, expected) => {
    expect(lastTwoPeriods(periods)).toEqual(expected);
  });
});

describe("pairVolumes", () => {
  const rows = [
    row("beta", "GB", "2026-09", 100),
    row("beta", "GB", "2026-10", 120),
    row("alpha", "GB", "2026-08", 999), // outside the two periods: ignored
    row("alpha", "GB", "2026-11", 7), // after them too: ignored, not counted as the current month
    row("alpha", "GB", "2026-10", 50), // a missing previous month counts 0
    row("alpha", "DE", "2026-09", 70), // a missing current month counts 0
  ];

  it("pairs each brand and country, counting a missing month as 0, ordered by brand then country", () => {
    expect(pairVolumes(rows, "2026-09", "2026-10")).toEqual([
      { brand: "alpha", country: "DE", previous: 70, current: 0 },
      { brand: "alpha", country: "GB", previous: 0, current: 50 },
      { brand: "beta", country: "GB", previous: 100, current: 120 },
    ]);
  });

  it("leaves out pairs with rows only in other periods", () => {
    expect(pairVolumes([row("alpha", "GB", "2026-01", 5)], "2026-09", "2026-10")).toEqual([]);
  });
});
