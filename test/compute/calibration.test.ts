import type { GroundTruth } from "../../build/load/schemas.ts";
import { describe, expect, it } from "vitest";
import { computeCalibration, demandTotals, periodDemandTotal } from "../../build/compute/calibration.ts";
import type { Licensing } from "../../build/compute/market-revenue.ts";
import { computeDemandIndex, computeVerticalIndex } from "../../build/compute/demand-index.ts";

const demand = (brand: string, country: string, period: string, volume: number) => ({ brand, country, period, volume });
/** Every brand named holds an open-ended license from every regulator named, since 2020, for every vertical. */
const everyoneLicensed = (brands: string[], regulators: string[]): Licensing => ({
  licenses: brands.flatMap((brand) =>
    regulators.map((regulator_code) => ({
      brand,
      regulator_code,
      status: "active" as const,
      issued_at: "2020-01-01",
      expires_at: null,
      status_changed_at: null,
      verticals: null,
    })),
  ),
  regulators: regulators.map((code) => ({ code, verticals: null })),
  brands: brands.map((slug) => ({ slug, verticals: ["casino", "sportsbook"] })),
});
const ggr = (
  country: string,
  regulator_code: string,
  period: string,
  value: number,
  currency = "EUR",
  vertical: GroundTruth["vertical"] = "total",
): GroundTruth => ({ country, regulator_code, period, vertical, ggr: value, currency });

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
  const result = computeCalibration(
    truth,
    index,
    everyoneLicensed(["alpha", "beta", "gamma", "solo"], ["UKGC", "KSA", "SGA"]),
  );
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

  it("splits the latest period's GGR by the lagged share among licensed brands, with the model's errors", () => {
    // Licensed demand 100, 200, 400, 300 against GGR 1000, 2000, 4000, 3000: 4 periods, 3 fitted, 1 held out.
    // k = (1000 + 2000 + 4000) / (100 + 200 + 400) = 10; May: 10 × 300 = 3000 exactly, so both errors are 0.
    expect(market("GB")?.model).toMatchObject({
      periods: 4,
      fit_periods: 3,
      hold_out_periods: 1,
      ggr_per_demand: 10,
      correlation: 1,
      in_sample_error: 0,
      hold_out_error: 0,
      status: "published",
    });
    // Window 2026-03..05, 2026-03 untracked: alpha 300 + 225 = 525, beta 100 + 75 = 175, gamma 0 of 700.
    expect(market("GB")).toMatchObject({
      estimate_period: "2026-05",
      share_from: "2026-04",
      share_to: "2026-05",
      share_months: 2,
      licensed_brands: 3,
      estimate_status: "published",
      estimate_reason: null,
    });
    // 75 % of GBP 3000; alpha's share is 75 % in both months, so its interval is the point itself.
    expect(market("GB")?.estimates).toEqual([
      { brand: "alpha", sod: 75, revenue_estimate: 2250, share: 75, revenue_low: 2250, revenue_high: 2250 },
      { brand: "beta", sod: 25, revenue_estimate: 750, share: 25, revenue_low: 750, revenue_high: 750 },
      { brand: "gamma", sod: 0, revenue_estimate: 0, share: 0, revenue_low: 0, revenue_high: 0 },
    ]);
  });

  it("gives a one-brand market no correlation below 3 months and no revenue figures on one period", () => {
    expect(market("NL")).toMatchObject({
      country: "NL",
      regulator_code: "KSA",
      vertical: "total",
      currency: "EUR",
      months: 1,
      correlation: null,
      latest_period: "2026-05",
      latest_ggr: 500,
      estimate_status: "too_few_periods",
      estimates: [{ brand: "solo", sod: 100, revenue_estimate: null, share: 100 }],
    });
  });

  it("keeps a market without demand data, with nothing to calibrate", () => {
    expect(market("SE")).toMatchObject({
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
      everyoneLicensed(["a"], ["ANJ"]),
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
      everyoneLicensed(["a"], ["MF"]),
    );
    expect(hr).toMatchObject({
      currency: "EUR",
      latest_period: "2023-01",
      latest_ggr: 150,
      estimates: [{ brand: "a", sod: 100, share: 100 }],
    });
  });

  it("estimates nothing when the GGR months' demand rows are all zero (a tracking outage)", () => {
    const [de] = computeCalibration(
      [ggr("DE", "GGL", "2026-05", 900)],
      computeDemandIndex([demand("x", "DE", "2026-05", 0), demand("y", "DE", "2026-05", 0)]),
      everyoneLicensed(["x", "y"], ["GGL"]),
    );
    expect(de).toMatchObject({
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
      everyoneLicensed(["a"], ["KSA"]),
    );
    expect(result.map((entry) => [entry.vertical, entry.months, entry.correlation, entry.latest_period])).toEqual([
      ["casino", 1, null, "2026-Q3"],
      ["total", 3, 1, "2026-Q3"],
    ]);
  });

  it("compares a vertical's GGR with the demand within that vertical where the rows carry one (#27)", () => {
    // Casino rows: a 30, 60, 90 (b none); sportsbook rows: a 100, 100, 100 and b 50, 50, 50.
    const rows = [1, 2, 3].flatMap((month) => [
      { brand: "a", country: "GB", period: `2026-0${month}`, vertical: "casino" as const, volume: 30 * month },
      { brand: "a", country: "GB", period: `2026-0${month}`, vertical: "sportsbook" as const, volume: 100 },
      { brand: "b", country: "GB", period: `2026-0${month}`, vertical: "sportsbook" as const, volume: 50 },
    ]);
    const all = computeDemandIndex(rows);
    const byVertical = computeVerticalIndex(rows);
    const licensing = everyoneLicensed(["a", "b"], ["UKGC"]);
    const truth = [1, 2, 3].map((month) => ggr("GB", "UKGC", `2026-0${month}`, 300 * month, "GBP", "casino"));
    // Within casino: demand 30, 60, 90 against GGR 300, 600, 900, r = 1. Over all verticals the
    // totals would be 180, 210, 240, also r = 1, so the test is on the shares: a holds 100% of casino
    // demand, while over all verticals it would hold (30+60+90 + 300) / (180+210+240) = 480/630.
    const [casino] = computeCalibration(truth, all, licensing, byVertical);
    expect(casino).toMatchObject({ vertical: "casino", months: 3, correlation: 1 });
    expect(casino!.estimates.map(({ brand, share }) => [brand, share])).toEqual([["a", 100]]);
    const [blind] = computeCalibration(truth, all, licensing);
    expect(blind!.estimates.map(({ brand, share }) => [brand, share])).toEqual([
      ["a", 76.1905],
      ["b", 23.8095],
    ]);
  });
});
