import { describe, expect, it } from "vitest";
import { computeCountryCoverage } from "../../build/compute/country-coverage.ts";

const country = (code: string) => ({ code, name: `Country ${code}`, trust_tier: 1, active: true });
const row = (brand: string, countryCode: string, period: string, volume: number) => ({
  brand,
  country: countryCode,
  period,
  volume,
});
const PERIODS = ["2026-07", "2026-08", "2026-09", "2026-10"];

describe("computeCountryCoverage", () => {
  const result = computeCountryCoverage(
    [country("GB"), country("NL"), country("DE"), country("FR")],
    [
      // GB: every month, two brands
      ...PERIODS.flatMap((period) => [row("alpha", "GB", period, 10), row("beta", "GB", period, 5)]),
      // NL: one brand, 2026-08 missing, and data ends in 2026-09
      row("solo", "NL", "2026-07", 3),
      row("solo", "NL", "2026-09", 4),
      // DE: 2026-10 is an outage (all zero), so the freshest month with data is 2026-09
      row("alpha", "DE", "2026-09", 7),
      row("alpha", "DE", "2026-10", 0),
      row("zero", "DE", "2026-10", 0), // a brand with zero volume is still tracked
    ],
    PERIODS,
  );

  it.each([
    ["GB", 4, 100, 2, "2026-10"],
    ["NL", 2, 50, 1, "2026-09"],
    ["DE", 1, 25, 2, "2026-09"],
    ["FR", 0, 0, 0, null], // no demand data at all
  ])("%s: %d periods (%d %%), %d brands, fresh to %s", (code, periods, share, brands, freshness) => {
    expect(result.find((entry) => entry.code === code)).toMatchObject({
      coverage: { periods, share_pct: share, brands },
      freshness,
    });
  });

  it("rounds the share to 4 decimals and keeps the country fields and order", () => {
    const thirds = computeCountryCoverage(
      [country("SE")],
      [row("a", "SE", "2026-01", 1)],
      ["2026-01", "2026-02", "2026-03"],
    );
    expect(thirds).toEqual([
      {
        code: "SE",
        name: "Country SE",
        trust_tier: 1,
        active: true,
        coverage: { periods: 1, share_pct: 33.3333, brands: 1 },
        freshness: "2026-01",
      },
    ]);
    expect(result.map((entry) => entry.code)).toEqual(["GB", "NL", "DE", "FR"]);
  });

  it("counts only the dataset's periods, and takes the latest month whatever the rows' order", () => {
    const [se] = computeCountryCoverage(
      [country("SE")],
      [row("b", "SE", "2026-08", 5), row("a", "SE", "2026-07", 5), row("a", "SE", "2026-06", 5)],
      PERIODS,
    );
    // 2026-06 is not a dataset period: 2 of the 4 periods (07, 08) → 50 %; the latest of them is 2026-08
    expect(se).toMatchObject({ coverage: { periods: 2, share_pct: 50, brands: 2 }, freshness: "2026-08" });
  });

  it("gives 0 share when the dataset has no period", () => {
    expect(computeCountryCoverage([country("GB")], [], [])[0]?.coverage).toEqual({
      periods: 0,
      share_pct: 0,
      brands: 0,
    });
  });
});
