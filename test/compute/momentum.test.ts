import { describe, expect, it } from "vitest";
import { computeMomentum, directionOf, pastChanges } from "../../build/compute/momentum.ts";
import { addMonths } from "../../build/compute/periods.ts";
import { pairSeries } from "../../build/compute/period-volumes.ts";

const row = (brand: string, country: string, period: string, volume: number | null) => ({
  brand,
  country,
  period,
  volume,
});
const nameOf = (slug: string) => `Brand ${slug}`;

describe("directionOf", () => {
  it.each([
    [0, 10, "flat"],
    [9.9999, 10, "flat"],
    [-9.9999, 10, "flat"],
    [10, 10, "up"], // exactly the band is a move
    [-10, 10, "down"],
    [35.5, 10, "up"],
    [0, 0, "flat"], // no change is flat even with a zero band
    [0.5, 0, "up"],
    [null, 10, "up"], // from a measured zero to some volume
  ] as const)("%s against a band of %s → %s", (wowPct, band, expected) => {
    expect(directionOf(wowPct, band)).toBe(expected);
  });
});

describe("computeMomentum", () => {
  // Thirteen dataset months, 2025-10 to 2026-10: the year-over-year base is the first.
  const periods = Array.from({ length: 13 }, (_, at) => addMonths("2025-10", at));
  const rows = [
    row("alpha", "GB", "2025-10", 80),
    row("alpha", "GB", "2026-07", 100),
    row("alpha", "GB", "2026-08", 100), // past change 0
    row("alpha", "GB", "2026-09", 100), // past change 0
    row("alpha", "GB", "2026-10", 130), // wow +30, 3 months +30, yoy (130 − 80) / 80 = +62.5
    row("beta", "GB", "2026-07", 200),
    row("beta", "GB", "2026-08", 220), // past change +10
    row("beta", "GB", "2026-09", 200), // past change −9.0909
    row("beta", "GB", "2026-10", 190), // wow −5, 3 months −5, no row a year before: yoy null
    row("gamma", "GB", "2026-09", null), // an outage in the previous month: left out, never −100 % or +∞
    row("gamma", "GB", "2026-10", 50),
    row("delta", "DE", "2026-08", 0),
    row("delta", "DE", "2026-09", 0), // a change from 0 is no percentage: no past change
    row("delta", "DE", "2026-10", 40), // growth from a measured zero: null, up
    row("eps", "DE", "2026-09", 100),
    row("eps", "DE", "2026-10", 101), // +1: flat
    row("zeta", "DE", "2026-09", 70), // not tracked in the current month: left out
  ];
  const result = computeMomentum(rows, periods, nameOf);

  it("collects each market's past changes before the current month", () => {
    expect(pastChanges(pairSeries(rows), periods)).toEqual(
      new Map([
        ["DE", []],
        ["GB", [0, 0, 10, -9.0909]],
      ]),
    );
  });

  it("judges directions against the pooled band when markets have few past changes", () => {
    // Pooled changes 0, 0, 10, −9.0909: median 0, deviations 0, 0, 9.0909, 10 → MAD 4.54545; band 2 × 1.4826 × MAD.
    expect(result.flat_band).toBe(13.4782);
    expect(result.previous_period).toBe("2026-09");
    expect(result.current_period).toBe("2026-10");
    expect(result.entries).toEqual([
      {
        brand: "alpha",
        name: "Brand alpha",
        country: "GB",
        previous: 100,
        volume: 130,
        wow_pct: 30,
        change_3m_pct: 30,
        yoy_pct: 62.5,
        direction: "up",
        flat_band: 13.4782,
      },
      {
        brand: "beta",
        name: "Brand beta",
        country: "GB",
        previous: 200,
        volume: 190,
        wow_pct: -5,
        change_3m_pct: -5,
        yoy_pct: null,
        direction: "flat",
        flat_band: 13.4782,
      },
      {
        brand: "delta",
        name: "Brand delta",
        country: "DE",
        previous: 0,
        volume: 40,
        wow_pct: null,
        change_3m_pct: null,
        yoy_pct: null,
        direction: "up",
        flat_band: 13.4782,
      },
      {
        brand: "eps",
        name: "Brand eps",
        country: "DE",
        previous: 100,
        volume: 101,
        wow_pct: 1,
        change_3m_pct: null,
        yoy_pct: null,
        direction: "flat",
        flat_band: 13.4782,
      },
    ]);
  });

  it("leaves out pairs with an outage or no row in either month, with the reason", () => {
    expect(result.excluded).toEqual([
      { brand: "gamma", country: "GB", reason: "outage", period: "2026-09" },
      { brand: "zeta", country: "DE", reason: "not_tracked", period: "2026-10" },
    ]);
  });

  it("gives a market with enough past changes its own band", () => {
    // Twelve months of a brand alternating 100 and 110: changes +10 and −9.0909, then a current month.
    const months = Array.from({ length: 14 }, (_, at) => addMonths("2025-09", at));
    const steady = months.map((period, at) => row("steady", "NL", period, at % 2 === 0 ? 100 : 110));
    const own = computeMomentum(
      [...steady, ...rows.filter((value) => value.country === "GB")],
      [...new Set([...months, ...periods])].sort(),
      nameOf,
    );
    const changes = pastChanges(pairSeries(steady), months).get("NL")!;
    expect(changes).toHaveLength(12);
    // Six +10s and six −9.0909s: median 0.45455, every deviation 9.54545 → band 2 × 1.4826 × 9.54545.
    expect(own.entries.find((entry) => entry.country === "NL")?.flat_band).toBe(28.3042);
    expect(own.entries.find((entry) => entry.country === "GB")?.flat_band).toBe(own.flat_band);
  });

  it("is empty with a single period", () => {
    expect(computeMomentum(rows, ["2026-10"], nameOf).entries).toEqual([]);
  });
});
