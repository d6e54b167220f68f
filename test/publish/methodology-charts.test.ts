import { exampleMarket, intervalPoints, intervalSpec } from "../../build/publish/methodology-revenue.ts";
import { describe, expect, it } from "vitest";
import type { Dataset } from "../../build/compute/dataset.ts";
import {
  calibrationPoints,
  calibrationSpec,
  demandShareSeries,
  demandShareSpec,
  demandShareTable,
  largestMarket,
  trustDistributionSpec,
} from "../../build/publish/methodology-charts.ts";

const value = (brand: string, country: string, period: string, volume: number, sod: number) => ({
  brand,
  country,
  period,
  volume,
  sod,
  adi: 0,
});

/** Index values in the /index order. Two markets: DE has 60 + 40 + 10 = 110 in total, GB 50 + 50 + 10 = 110 as well (tie: code order). */
const index = [
  value("a", "DE", "2025-01", 60, 60),
  value("a", "DE", "2025-02", 0, 0),
  value("a", "GB", "2025-01", 50, 50),
  value("b", "DE", "2025-01", 40, 40),
  value("b", "DE", "2025-02", 10, 100),
  value("c", "GB", "2025-01", 50, 50),
  value("c", "GB", "2025-02", 10, 100),
];

const dataset = {
  index,
  brands: [
    { slug: "a", name: "Alpha", trust: { score: 81, grade: "A" } },
    { slug: "b", name: "Beta", trust: { score: 40.5, grade: "D" } },
  ],
  groundTruth: [
    { country: "GB", regulator_code: "UKGC", period: "2025-01", vertical: "total", ggr: 1000, currency: "GBP" },
    { country: "GB", regulator_code: "UKGC", period: "2025-02", vertical: "total", ggr: 900, currency: "GBP" },
    { country: "GB", regulator_code: "UKGC", period: "2025-03", vertical: "total", ggr: 800, currency: "GBP" },
    // A quarter: January and February have demand, March none, so it is left out too.
    { country: "GB", regulator_code: "UKGC", period: "2025-Q1", vertical: "casino", ggr: 2700, currency: "GBP" },
    { country: "DE", regulator_code: "GGL", period: "2025-01", vertical: "total", ggr: 5, currency: "EUR" },
  ],
  calibration: [
    { country: "DE", regulator_code: "GGL", vertical: "total", currency: "EUR", months: 1, correlation: null },
    { country: "GB", regulator_code: "UKGC", vertical: "total", currency: "GBP", months: 2, correlation: 0.98765 },
    { country: "GB", regulator_code: "UKGC", vertical: "casino", currency: "GBP", months: 0, correlation: 0.5 },
  ],
} as unknown as Dataset;

describe("largestMarket", () => {
  it("picks the country with the most tracked demand, code order on a tie", () => {
    expect(largestMarket(dataset)).toBe("DE");
    expect(largestMarket({ ...dataset, index: index.filter((row) => row.brand !== "b") } as Dataset)).toBe("GB");
    expect(largestMarket({ ...dataset, index: [] } as unknown as Dataset)).toBeUndefined();
  });
});

describe("demandShareSeries", () => {
  it("follows the brands with the largest sod in the latest month with volume, by name, every month", () => {
    const series = demandShareSeries(dataset, "DE");
    expect(series.latest).toBe("2025-02");
    // In 2025-02 b leads with 100 and a has 0; both are among the top brands.
    expect(series.rows).toEqual([
      { period: "2025-01", brand: "Alpha", sod: 60 },
      { period: "2025-02", brand: "Alpha", sod: 0 },
      { period: "2025-01", brand: "Beta", sod: 40 },
      { period: "2025-02", brand: "Beta", sod: 100 },
    ]);
    expect([series.drawn, series.tracked]).toEqual([2, 2]);
  });
});

describe("demandShareSpec and demandShareTable", () => {
  const series = demandShareSeries(dataset, "DE");

  it("draw the series they are handed: the spec its rows, the table a row per month and a column per brand", () => {
    const spec = demandShareSpec(series) as { description: string; data: { values: unknown } };
    expect(spec.data.values).toBe(series.rows);
    // The brands it draws, not the most it may draw (#26): DE has 2.
    expect(spec.description).toBe("Share of demand (sod, %) of the top 2 brands in DE per month");
    expect(demandShareTable(series)).toEqual({
      caption: "Share of demand (sod, %) per month in DE",
      head: ["Month", "Alpha", "Beta"],
      rows: [
        ["2025-01", "60", "40"],
        ["2025-02", "0", "100"],
      ],
      numeric: [1, 2],
    });
  });
});

describe("calibrationPoints", () => {
  it("gives the months with GGR and demand of each market that has a correlation", () => {
    // GB 2025-03 has GGR but no demand, nor all of 2025-Q1; DE has no correlation: all left out.
    expect(calibrationPoints(dataset)).toEqual([
      { market: "GB · UKGC · total, GBP (r = 0.99)", period: "2025-01", demand: 100, ggr: 1000 },
      { market: "GB · UKGC · total, GBP (r = 0.99)", period: "2025-02", demand: 10, ggr: 900 },
    ]);
  });

  it("faces one panel per market with independent scales and a regression line", () => {
    const spec = calibrationSpec(calibrationPoints(dataset)) as {
      facet: { field: string };
      resolve: unknown;
      spec: { layer: { transform?: unknown }[] };
    };
    expect(spec.facet.field).toBe("market");
    expect(spec.resolve).toEqual({ scale: { x: "independent", y: "independent" } });
    expect(spec.spec.layer[1]!.transform).toEqual([{ regression: "ggr", on: "demand" }]);
  });
});

describe("trustDistributionSpec", () => {
  it("bins every brand's score, coloured by grade in the bands' order", () => {
    const spec = trustDistributionSpec(dataset) as {
      data: { values: unknown[] };
      encoding: { color: { scale: { domain: string[] } } };
    };
    expect(spec.data.values).toEqual([
      { score: 81, grade: "A" },
      { score: 40.5, grade: "D" },
    ]);
    expect(spec.encoding.color.scale.domain).toEqual(["A", "B", "C", "D", "E"]);
  });
});

describe("intervalPoints and intervalSpec (#27)", () => {
  const estimate = (brand: string, revenue: number) => ({
    brand,
    sod: null,
    share: 0,
    revenue_estimate: revenue,
    revenue_low: revenue - 10,
    revenue_high: revenue + 10,
  });
  const withEstimates = {
    ...dataset,
    calibration: [
      {
        country: "GB",
        regulator_code: "UKGC",
        vertical: "casino",
        currency: "GBP",
        estimate_status: "weak_fit",
        licensed_brands: 9,
        estimates: [estimate("a", 5)],
      },
      {
        country: "GB",
        regulator_code: "UKGC",
        vertical: "total",
        currency: "GBP",
        estimate_status: "published",
        licensed_brands: 2,
        estimates: [estimate("a", 300), estimate("b", 200)],
      },
    ],
  } as unknown as Dataset;

  it("draws the largest estimates of the published market with the most licensed brands, by brand name", () => {
    expect(exampleMarket(withEstimates)?.vertical).toBe("total");
    expect(intervalPoints(withEstimates)).toEqual([
      { brand: "Alpha", estimate: 300, low: 290, high: 310 },
      { brand: "Beta", estimate: 200, low: 190, high: 210 },
    ]);
  });

  it("draws a bar from low to high and a dot at the estimate, labels at 12 px", () => {
    const spec = intervalSpec(intervalPoints(withEstimates), "GBP") as {
      layer: {
        mark: { type: string };
        encoding: { x: { field: string; axis?: { labelFontSize: number } }; x2?: { field: string } };
      }[];
    };
    expect(spec.layer.map((layer) => [layer.mark.type, layer.encoding.x.field, layer.encoding.x2?.field])).toEqual([
      ["rule", "low", "high"],
      ["point", "estimate", undefined],
    ]);
    expect(spec.layer[0]!.encoding.x.axis?.labelFontSize).toBe(12);
  });

  it("has no example without a published market", () => {
    expect(exampleMarket(dataset)).toBeUndefined();
  });
});
