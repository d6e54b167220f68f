/**
 * The methodology page's charts as Vega-Lite specifications built from the dataset: demand share
 * of the top brands in the largest market, calibration of tracked demand against GGR, and the
 * Trust Score distribution. Rendered to SVG by render-charts.ts.
 * @module
 */
import { demandTotals, periodDemandTotal } from "../compute/calibration.ts";
import { compareStrings } from "../compute/compare.ts";
import type { Dataset } from "../compute/dataset.ts";
import { TRUST_GRADES } from "../compute/trust-score.ts";
import type { VegaLiteSpec } from "./render-charts.ts";

const SCHEMA = "https://vega.github.io/schema/vega-lite/v6.json";
/** How many brands the demand-share chart follows. */
export const TOP_BRANDS = 5;
/** Width of a histogram bin of Trust Scores, in points. */
export const TRUST_BIN_STEP = 5;
/** Grade colours, best to worst (as many as there are grades; extra grades reuse the last). */
const GRADE_COLOURS = ["#1a9850", "#91cf60", "#e6c229", "#fc8d59", "#d73027"];

const CONFIG = {
  font: "system-ui, sans-serif",
  view: { stroke: null },
  axis: { labelColor: "#1d2430", titleColor: "#1d2430", gridColor: "#e6e9ef" },
};

/** The country with the most tracked demand over all months (ties: code order), or undefined. */
export function largestMarket(dataset: Dataset): string | undefined {
  const totals = new Map<string, number>();
  for (const value of dataset.index) totals.set(value.country, (totals.get(value.country) ?? 0) + (value.volume ?? 0));
  return [...totals.entries()].sort((a, b) => b[1] - a[1] || compareStrings(a[0], b[0]))[0]?.[0];
}

/** What the demand-share chart draws: one market's top brands (by name) and their sod in every month. */
export interface DemandShareSeries {
  country: string;
  /** The latest month with demand, whose sods pick the top brands. */
  latest: string;
  /** sod null: the brand was not measured that month (an outage), a gap in its line. */
  rows: { period: string; brand: string; sod: number | null }[];
  /** How many brands the chart draws, and how many are tracked in the latest month (#26: captions say the real counts). */
  drawn: number;
  tracked: number;
}

/** The market's top brands by sod in its latest month with demand, and their sod in every month. */
export function demandShareSeries(dataset: Dataset, country: string): DemandShareSeries {
  const values = dataset.index.filter((value) => value.country === country);
  const latest = values.reduce(
    (max, value) => ((value.volume ?? 0) > 0 && value.period > max ? value.period : max),
    "",
  );
  const inLatest = values.filter((value) => value.period === latest);
  const top = inLatest
    .sort((a, b) => (b.sod ?? -1) - (a.sod ?? -1) || compareStrings(a.brand, b.brand))
    .slice(0, TOP_BRANDS)
    .map((value) => value.brand);
  const nameOf = new Map(dataset.brands.map((brand) => [brand.slug, brand.name]));
  const rows = values
    .filter((value) => top.includes(value.brand))
    .map((value) => ({ period: value.period, brand: nameOf.get(value.brand) ?? value.brand, sod: value.sod }));
  return { country, latest, rows, drawn: top.length, tracked: inLatest.length };
}

/** Chart 1: sod of the top brands per month, one line each. */
export function demandShareSpec({ country, rows, drawn }: DemandShareSeries): VegaLiteSpec {
  return {
    $schema: SCHEMA,
    description: `Share of demand (sod, %) of the top ${drawn} brands in ${country} per month`,
    width: 760,
    height: 300,
    config: CONFIG,
    data: { values: rows },
    mark: { type: "line", point: true, strokeWidth: 2 },
    encoding: {
      x: { field: "period", type: "ordinal", title: "Month", axis: { labelAngle: -45 } },
      y: { field: "sod", type: "quantitative", title: "Share of demand (sod, %)" },
      color: { field: "brand", type: "nominal", title: "Brand", legend: { orient: "right" } },
    },
  };
}

/** One calibrated month of one market: its tracked demand total and its GGR. */
export interface CalibrationPoint {
  market: string;
  period: string;
  demand: number;
  ggr: number;
}

/** The calibrated months of every market with a correlation, computed once for the chart and its table. */
export function calibrationPoints(dataset: Dataset): CalibrationPoint[] {
  const totals = demandTotals(dataset.index);
  const key = (entry: { country: string; regulator_code: string; vertical: string }) =>
    `${entry.country}|${entry.regulator_code}|${entry.vertical}`;
  const labels = new Map(
    dataset.calibration
      .filter((entry) => entry.correlation !== null)
      .map((entry) => [
        key(entry),
        `${entry.country} · ${entry.regulator_code} · ${entry.vertical}, ${entry.currency} (r = ${entry.correlation!.toFixed(2)})`,
      ]),
  );
  // Periods as the regulator publishes them: demand summed over the period's months (#26).
  return dataset.groundTruth.flatMap((row) => {
    const label = labels.get(key(row));
    const demand = periodDemandTotal(totals, row.country, row.period);
    return label === undefined || demand === null ? [] : [{ market: label, period: row.period, demand, ggr: row.ggr }];
  });
}

/** Chart 2: per market, each month's tracked demand against its GGR, with a least-squares line. */
export function calibrationSpec(points: readonly CalibrationPoint[]): VegaLiteSpec {
  return {
    $schema: SCHEMA,
    description: "Monthly tracked search demand against regulator-published GGR, one panel per market",
    config: { ...CONFIG, header: { labelFontSize: 11, labelFontWeight: "bold" } },
    data: { values: [...points] },
    facet: { field: "market", type: "nominal", title: null, sort: "ascending" },
    columns: 4,
    spec: {
      width: 140,
      height: 100,
      layer: [
        {
          mark: { type: "point", filled: true, size: 28, opacity: 0.8, color: "#0b5cad" },
          encoding: {
            x: {
              field: "demand",
              type: "quantitative",
              title: "Tracked demand",
              scale: { zero: false },
              axis: { format: "~s", tickCount: 3 },
            },
            y: {
              field: "ggr",
              type: "quantitative",
              title: "GGR",
              scale: { zero: false },
              axis: { format: "~s", tickCount: 3 },
            },
          },
        },
        {
          mark: { type: "line", color: "#d73027", strokeWidth: 1.5 },
          transform: [{ regression: "ggr", on: "demand" }],
          encoding: { x: { field: "demand", type: "quantitative" }, y: { field: "ggr", type: "quantitative" } },
        },
      ],
    },
    resolve: { scale: { x: "independent", y: "independent" } },
  };
}

/** Chart 3: brands per Trust Score bin, stacked by grade. */
export function trustDistributionSpec(dataset: Dataset): VegaLiteSpec {
  const grades = TRUST_GRADES.map((band) => band.grade);
  return {
    $schema: SCHEMA,
    description: "Number of brands per Trust Score band, coloured by grade",
    width: 760,
    height: 260,
    config: CONFIG,
    // A brand with no known component has no score to bin.
    data: {
      values: dataset.brands
        .filter((brand) => brand.trust.score !== null)
        .map((brand) => ({ score: brand.trust.score, grade: brand.trust.grade })),
    },
    mark: { type: "bar", binSpacing: 1 },
    encoding: {
      x: {
        field: "score",
        type: "quantitative",
        bin: { step: TRUST_BIN_STEP, extent: [0, 100] },
        title: "Trust Score",
      },
      y: { aggregate: "count", type: "quantitative", title: "Brands" },
      color: {
        field: "grade",
        type: "nominal",
        title: "Grade",
        scale: {
          domain: grades,
          range: grades.map((_, index) => GRADE_COLOURS[Math.min(index, GRADE_COLOURS.length - 1)]),
        },
      },
      order: { field: "grade", sort: "ascending" },
    },
  };
}

/** A chart's figures as a table: the text alternative of what the chart draws. */
export interface ChartTable {
  caption: string;
  head: string[];
  /** Plain text cells (not yet escaped). */
  rows: string[][];
  /** Indexes of the numeric (right-aligned) columns. */
  numeric: number[];
}

/** Chart 1 as a table: one row per month, one column per brand, its sod (— where it has no row). */
export function demandShareTable({ country, rows }: DemandShareSeries): ChartTable {
  const brands = [...new Set(rows.map((row) => row.brand))].sort(compareStrings);
  const periods = [...new Set(rows.map((row) => row.period))].sort(compareStrings);
  const sod = new Map(rows.map((row) => [`${row.period}|${row.brand}`, row.sod]));
  return {
    caption: `Share of demand (sod, %) per month in ${country}`,
    head: ["Month", ...brands],
    rows: periods.map((period) => [period, ...brands.map((brand) => String(sod.get(`${period}|${brand}`) ?? "—"))]),
    numeric: brands.map((_, index) => index + 1),
  };
}

/** Chart 2 as a table: every point, by market then month. */
export function calibrationTable(calibration: readonly CalibrationPoint[]): ChartTable {
  const points = [...calibration].sort(
    (a, b) => compareStrings(a.market, b.market) || compareStrings(a.period, b.period),
  );
  return {
    caption: "Tracked demand and GGR per market and month",
    head: ["Market", "Month", "Tracked demand", "GGR"],
    rows: points.map((point) => [point.market, point.period, String(point.demand), String(point.ggr)]),
    numeric: [2, 3],
  };
}

/** Chart 3 as a table: brands per score band (as the chart bins them, 100 in the last band) and grade. */
export function trustDistributionTable(dataset: Dataset): ChartTable {
  const grades = TRUST_GRADES.map((band) => band.grade);
  const bands = Math.ceil(100 / TRUST_BIN_STEP);
  const counts = Array.from({ length: bands }, () => new Map<string, number>());
  for (const { trust } of dataset.brands) {
    if (trust.score === null || trust.grade === null) continue; // no known component: no band
    const band = counts[Math.min(bands - 1, Math.max(0, Math.floor(trust.score / TRUST_BIN_STEP)))]!;
    band.set(trust.grade, (band.get(trust.grade) ?? 0) + 1);
  }
  const rows = counts.map((band, index) => {
    const lower = index * TRUST_BIN_STEP;
    const range = index === bands - 1 ? `${lower} to 100` : `${lower} to below ${lower + TRUST_BIN_STEP}`;
    const total = [...band.values()].reduce((sum, count) => sum + count, 0);
    return [range, ...grades.map((grade) => String(band.get(grade) ?? 0)), String(total)];
  });
  return {
    caption: "Brands per Trust Score band and grade",
    head: ["Score", ...grades.map((grade) => `Grade ${grade}`), "Brands"],
    rows,
    numeric: grades.map((_, index) => index + 1).concat(grades.length + 1),
  };
}
