import { describe, expect, it } from "vitest";
import { lastTwoPeriods, pairSeries, pairVolumes } from "../../build/compute/period-volumes.ts";

const row = (brand: string, country: string, period: string, volume: number | null) => ({
  brand,
  country,
  period,
  volume,
});

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
    row("alpha", "GB", "2026-10", 50), // no previous row: not tracked then, no change
    row("alpha", "DE", "2026-09", 70), // no current row: not tracked now
    row("gamma", "GB", "2026-09", null), // an outage before a measured month
    row("gamma", "GB", "2026-10", 80),
    row("delta", "GB", "2026-09", 0), // a measured zero is a measurement
    row("delta", "GB", "2026-10", 0),
    row("eps", "GB", "2026-10", null), // an outage and no row: the outage is named
  ];
  const { pairs, excluded } = pairVolumes(pairSeries(rows), "2026-09", "2026-10");

  it("pairs each brand and country measured in both periods, ordered by brand then country", () => {
    expect(pairs).toEqual([
      { brand: "beta", country: "GB", previous: 100, current: 120 },
      { brand: "delta", country: "GB", previous: 0, current: 0 },
    ]);
  });

  it("leaves out a pair with an outage or no row in either period, with the reason and month, never as 0", () => {
    expect(excluded).toEqual([
      { brand: "alpha", country: "DE", reason: "not_tracked", period: "2026-10" },
      { brand: "alpha", country: "GB", reason: "not_tracked", period: "2026-09" },
      { brand: "eps", country: "GB", reason: "outage", period: "2026-10" },
      { brand: "gamma", country: "GB", reason: "outage", period: "2026-09" },
    ]);
  });

  it("leaves out pairs with rows only in other periods", () => {
    expect(pairVolumes(pairSeries([row("alpha", "GB", "2026-01", 5)]), "2026-09", "2026-10")).toEqual({
      pairs: [],
      excluded: [],
    });
  });
});
