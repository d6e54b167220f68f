import type { GroundTruth } from "../../build/load/schemas.ts";
import { describe, expect, it } from "vitest";
import {
  computeCalibration,
  demandTotals,
  periodDemandTotal,
  revenueEstimates,
} from "../../build/compute/calibration.ts";
import { computeDemandIndex } from "../../build/compute/demand-index.ts";

const demand = (brand: string, country: string, period: string, volume: number) => ({ brand, country, period, volume });
const ggr = (
  country: string,
  regulator_code: string,
  period: string,
  value: number,
  currency = "EUR",
  vertical: GroundTruth["vertical"] = "total",
): GroundTruth => ({ country, regulator_code, period, vertical, ggr: value, currency });

describe("revenueEstimates", () => {
  it("splits GGR by sod: sod × GGR / 100, 2 decimals, revenue descending then brand", () => {
    expect(
      revenueEstimates(
        [
          { brand: "x", sod: 12.5 },
          { brand: "y", sod: 87.5 },
        ],
        2000,
      ),
    ).toEqual([
      { brand: "y", sod: 87.5, revenue_estimate: 1750 },
      { brand: "x", sod: 12.5, revenue_estimate: 250 },
    ]);
  });

  it("orders equal published estimates by brand, and gives a zero-volume brand 0", () => {
    expect(
      revenueEstimates(
        [
          { brand: "c", sod: 33.3334 },
          { brand: "b", sod: 33.3333 },
          { brand: "a", sod: 33.3333 },
          { brand: "z", sod: 0 },
        ],
        1000,
      ),
    ).toEqual([
      // 333.333, 333.333 and 333.334 all publish as 333.33: a tie, in brand order
      { brand: "a", sod: 33.3333, revenue_estimate: 333.33 },
      { brand: "b", sod: 33.3333, revenue_estimate: 333.33 },
      { brand: "c", sod: 33.3334, revenue_estimate: 333.33 },
      { brand: "z", sod: 0, revenue_estimate: 0 }, // a brand with zero volume
    ]);
  });
});

describe("computeCalibration", () => {
  const index = computeDemandIndex([
    // GB: totals 100, 200, (2026-03 missing), 400, 300
    demand("alpha", "GB", "2026-01", 60),
    demand("beta", "GB", "2026-01", 40),
    demand("alpha", "GB", "2026-02", 150),
    demand("beta", "GB", "2026-02", 50),
    demand("alpha", "GB", "2026-04", 300),
    demand("beta", "GB", "2026-04", 100),
    demand("alpha", "GB", "2026-05", 225),
    demand("beta", "GB", "2026-05", 75),
    demand("gamma", "GB", "2026-05", 0),
    // NL: one brand
    demand("solo", "NL", "2026-04", 10),
    demand("solo", "NL", "2026-05", 20),
  ]);
  const truth = [
    ggr("GB", "UKGC", "2026-01", 1000, "GBP"),
    ggr("GB", "UKGC", "2026-02", 2000, "GBP"),
    ggr("GB", "UKGC", "2026-03", 9999, "GBP"), // no demand data that month: left out
    ggr("GB", "UKGC", "2026-04", 4000, "GBP"),
    ggr("GB", "UKGC", "2026-05", 3000, "GBP"),
    ggr("NL", "KSA", "2026-05", 500),
    ggr("SE", "SGA", "2026-05", 700), // no demand at all in SE
  ];
  const result = computeCalibration(truth, index);
  const market = (country: string) => result.find((entry) => entry.country === country);

  it("totals tracked demand per country and month", () => {
    expect(demandTotals(index).get("GB|2026-05")).toBe(300);
  });

  it("correlates demand totals with GGR over the shared months only", () => {
    // totals 100, 200, 400, 300 against GGR 1000, 2000, 4000, 3000: exactly proportional → r = 1
    expect(market("GB")).toMatchObject({
      country: "GB",
      regulator_code: "UKGC",
      currency: "GBP",
      months: 4,
      correlation: 1,
      latest_period: "2026-05",
      latest_ggr: 3000,
    });
  });

  it("estimates each brand's revenue from its sod in the latest shared month", () => {
    // 2026-05: alpha 225 / 300 = 75 %, beta 25 %, gamma 0 % of GBP 3000
    expect(market("GB")?.estimates).toEqual([
      { brand: "alpha", sod: 75, revenue_estimate: 2250 },
      { brand: "beta", sod: 25, revenue_estimate: 750 },
      { brand: "gamma", sod: 0, revenue_estimate: 0 },
    ]);
  });

  it("gives a one-brand market the whole GGR and no correlation below 3 months", () => {
    expect(market("NL")).toEqual({
      country: "NL",
      regulator_code: "KSA",
      vertical: "total",
      currency: "EUR",
      months: 1,
      correlation: null,
      latest_period: "2026-05",
      latest_ggr: 500,
      estimates: [{ brand: "solo", sod: 100, revenue_estimate: 500 }],
    });
  });

  it("keeps a market without demand data, with nothing to calibrate", () => {
    expect(market("SE")).toEqual({
      country: "SE",
      regulator_code: "SGA",
      vertical: "total",
      currency: "EUR",
      months: 0,
      correlation: null,
      latest_period: null,
      latest_ggr: null,
      estimates: [],
    });
  });

  it("orders markets by country then regulator", () => {
    expect(result.map((entry) => entry.country)).toEqual(["GB", "NL", "SE"]);
  });

  it("rounds the correlation to 4 decimals", () => {
    const [fr] = computeCalibration(
      [ggr("FR", "ANJ", "2026-01", 2000), ggr("FR", "ANJ", "2026-02", 4000), ggr("FR", "ANJ", "2026-03", 7000)],
      computeDemandIndex([
        demand("a", "FR", "2026-01", 100),
        demand("a", "FR", "2026-02", 200),
        demand("a", "FR", "2026-03", 300),
      ]),
    );
    // r is scale-free: r([1, 2, 3], [2, 4, 7]) = 5 / √(2 · 38/3) = 5 / 5.033223 = 0.993399… → 0.9934
    expect(fr?.correlation).toBe(0.9934);
  });

  it("gives the currency of the latest calibrated month", () => {
    // Croatia's GGR switches from HRK to EUR in 2023-01.
    const [hr] = computeCalibration(
      [
        ggr("HR", "MF", "2022-11", 1000, "HRK"),
        ggr("HR", "MF", "2022-12", 1100, "HRK"),
        ggr("HR", "MF", "2023-01", 150, "EUR"),
      ],
      computeDemandIndex([
        demand("a", "HR", "2022-11", 10),
        demand("a", "HR", "2022-12", 10),
        demand("a", "HR", "2023-01", 10),
      ]),
    );
    expect(hr).toMatchObject({
      currency: "EUR",
      latest_period: "2023-01",
      latest_ggr: 150,
      estimates: [{ brand: "a", sod: 100, revenue_estimate: 150 }],
    });
  });

  it("estimates nothing when the GGR months' demand rows are all zero (a tracking outage)", () => {
    const [de] = computeCalibration(
      [ggr("DE", "GGL", "2026-05", 900)],
      computeDemandIndex([demand("x", "DE", "2026-05", 0), demand("y", "DE", "2026-05", 0)]),
    );
    expect(de).toEqual({
      country: "DE",
      regulator_code: "GGL",
      vertical: "total",
      currency: "EUR",
      months: 0,
      correlation: null,
      latest_period: null,
      latest_ggr: null,
      estimates: [],
    });
  });
});

describe("computeCalibration: periods as regulators publish them (#26)", () => {
  // One brand in NL, January to June 2026: monthly volumes 10, 20, 30, 40, 50, 60.
  const index = computeDemandIndex(
    [10, 20, 30, 40, 50, 60].map((volume, i) => demand("a", "NL", `2026-0${i + 1}`, volume)),
  );

  it("compares a quarter's GGR with the demand summed over its three months", () => {
    // Q1: 10 + 20 + 30 = 60; Q2: 40 + 50 + 60 = 150; H1: 210
    expect(periodDemandTotal(demandTotals(index), "NL", "2026-Q1")).toBe(60);
    expect(periodDemandTotal(demandTotals(index), "NL", "2026-Q2")).toBe(150);
    expect(periodDemandTotal(demandTotals(index), "NL", "2026-H1")).toBe(210);
    // a year needs all twelve months: July to December have no demand data
    expect(periodDemandTotal(demandTotals(index), "NL", "2026")).toBeNull();
  });

  it("correlates quarterly GGR with quarterly demand and keeps verticals apart", () => {
    const quarters = computeDemandIndex(
      [10, 20, 30, 40, 50, 60, 70, 80, 90].map((volume, i) => demand("a", "NL", `2026-0${i + 1}`, volume)),
    );
    // quarterly demand 60, 150, 240 against GGR 600, 1500, 2400: proportional, r = 1; the casino series is its own market
    const result = computeCalibration(
      [
        ggr("NL", "KSA", "2026-Q1", 600),
        ggr("NL", "KSA", "2026-Q2", 1500),
        ggr("NL", "KSA", "2026-Q3", 2400),
        ggr("NL", "KSA", "2026-Q3", 900, "EUR", "casino"),
      ],
      quarters,
    );
    expect(result.map((entry) => [entry.vertical, entry.months, entry.correlation, entry.latest_period])).toEqual([
      ["casino", 1, null, "2026-Q3"],
      ["total", 3, 1, "2026-Q3"],
    ]);
  });
});
