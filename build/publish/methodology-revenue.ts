/**
 * The methodology page's section on revenue estimates (#27): the licensed-only split, the lagged share,
 * the hold-out error and the weak-fit rule, a worked example from the data, the error table per market,
 * and the chart of estimate intervals (Vega-Lite, as the page's other charts).
 * @module
 */
import type { CalibrationEntry } from "../compute/calibration.ts";
import { compareStrings } from "../compute/compare.ts";
import type { Dataset } from "../compute/dataset.ts";
import { SHARE_LAG_MONTHS } from "../compute/revenue-estimates.ts";
import { HOLD_OUT_SHARE, MAX_HOLD_OUT_ERROR, MIN_FIT_PERIODS } from "../compute/revenue-model.ts";
import { escapeHtml, formatCount, renderTable } from "./html.ts";
import type { ChartTable } from "./methodology-charts.ts";
import type { VegaLiteSpec } from "./render-charts.ts";

/** Brands the interval chart shows: the largest estimates of one market. */
export const INTERVAL_BRANDS = 8;

const label = (entry: CalibrationEntry) => `${entry.country} · ${entry.regulator_code} · ${entry.vertical}`;
const fixed = (value: number | null, digits: number) => (value === null ? "—" : value.toFixed(digits));

/** The market the example and the chart use: the published one with the most licensed brands (ties: by label). */
export function exampleMarket(dataset: Dataset): CalibrationEntry | undefined {
  return dataset.calibration
    .filter((entry) => entry.estimate_status === "published" && entry.estimates.length > 0)
    .sort((a, b) => b.licensed_brands - a.licensed_brands || compareStrings(label(a), label(b)))[0];
}

/** One brand's estimate and interval, as the chart draws it. */
export interface IntervalPoint {
  brand: string;
  estimate: number;
  low: number;
  high: number;
}

/** The largest estimates of the example market. */
export function intervalPoints(dataset: Dataset): IntervalPoint[] {
  const names = new Map(dataset.brands.map((brand) => [brand.slug, brand.name]));
  return (exampleMarket(dataset)?.estimates ?? []).slice(0, INTERVAL_BRANDS).map((estimate) => ({
    brand: names.get(estimate.brand) ?? estimate.brand,
    estimate: estimate.revenue_estimate ?? 0,
    low: estimate.revenue_low ?? 0,
    high: estimate.revenue_high ?? 0,
  }));
}

/** The interval chart: one row per brand, a bar from low to high and a dot at the estimate. */
export function intervalSpec(points: readonly IntervalPoint[], currency: string): VegaLiteSpec {
  const axis = { labelFontSize: 12, titleFontSize: 12 };
  const y = { field: "brand", type: "nominal", title: null, sort: null, axis: { ...axis, labelLimit: 160 } };
  return {
    $schema: "https://vega.github.io/schema/vega-lite/v6.json",
    description: `Revenue estimates and their intervals of the ${points.length} largest licensed brands, in ${currency}`,
    width: 560,
    height: { step: 28 },
    config: { font: "system-ui, sans-serif", view: { stroke: null } },
    data: { values: [...points] },
    layer: [
      {
        mark: { type: "rule", strokeWidth: 3, color: "#9ab8dc" },
        encoding: {
          y,
          x: { field: "low", type: "quantitative", title: `Revenue (${currency})`, axis: { ...axis, format: "~s" } },
          x2: { field: "high" },
        },
      },
      {
        mark: { type: "point", filled: true, size: 70, color: "#0b5cad" },
        encoding: { y, x: { field: "estimate", type: "quantitative" } },
      },
    ],
  };
}

/** The interval chart as a table. */
export function intervalTable(points: readonly IntervalPoint[], currency: string): ChartTable {
  return {
    caption: `Revenue estimate and interval per brand, ${currency}`,
    head: ["Brand", "Low", "Estimate", "High"],
    rows: points.map((point) => [
      point.brand,
      formatCount(point.low),
      formatCount(point.estimate),
      formatCount(point.high),
    ]),
    numeric: [1, 2, 3],
  };
}

/** The worked example: the example market's largest estimate, step by step, with the figures published. */
function workedExample(entry: CalibrationEntry | undefined): string {
  const top = entry?.estimates[0];
  if (entry === undefined || top === undefined || top.revenue_estimate === null) return "";
  const { model } = entry;
  return `<p><strong>Worked example</strong> (${escapeHtml(label(entry))}, ${escapeHtml(entry.estimate_period ?? "")}): ${entry.licensed_brands} brands held a license from ${escapeHtml(entry.regulator_code)} covering ${escapeHtml(entry.vertical)} in the period. The model rests on ${model.periods} periods: k = ${fixed(model.ggr_per_demand, 4)} ${escapeHtml(entry.currency)} of GGR per search, fitted on ${model.fit_periods}, in-sample error ${fixed(model.in_sample_error, 2)}%, hold-out error on the latest ${model.hold_out_periods} ${fixed(model.hold_out_error, 2)}%, r = ${fixed(model.correlation, 4)} (95% interval ${fixed(model.correlation_low, 4)} to ${fixed(model.correlation_high, 4)}): published. <code>${escapeHtml(top.brand)}</code> had ${top.share.toFixed(4)}% of the licensed brands' demand over ${escapeHtml(entry.share_from ?? "")} to ${escapeHtml(entry.share_to ?? "")} (${entry.share_months} months), so its estimate is ${top.share.toFixed(4)}% × ${formatCount(entry.estimate_ggr ?? 0)} = ${formatCount(top.revenue_estimate)} ${escapeHtml(entry.currency)}, with an interval of ${formatCount(top.revenue_low ?? 0)} to ${formatCount(top.revenue_high ?? 0)}.</p>`;
}

/** The error table: every market's model, its errors and whether it publishes estimates. */
function errorTable(dataset: Dataset): string {
  const rows = dataset.calibration.map((entry) => [
    escapeHtml(label(entry)),
    `${entry.model.fit_periods} + ${entry.model.hold_out_periods}`,
    fixed(entry.model.ggr_per_demand, 2),
    entry.model.correlation === null
      ? "—"
      : `${entry.model.correlation.toFixed(2)} (${fixed(entry.model.correlation_low, 2)} to ${fixed(entry.model.correlation_high, 2)})`,
    fixed(entry.model.in_sample_error, 2),
    fixed(entry.model.hold_out_error, 2),
    escapeHtml(entry.estimate_status.replaceAll("_", " ")),
  ]);
  return renderTable(
    "Revenue model per market: periods fitted + held out, GGR per search (k), r with its 95% interval, errors in %",
    ["Market", "Periods", "k", "r (95% interval)", "In-sample error", "Hold-out error", "Estimates"],
    rows,
    [2, 4, 5],
  );
}

/** §6: revenue estimates among licensed brands. */
export function revenueSection(dataset: Dataset, chart: string): string {
  const heldShare = `${HOLD_OUT_SHARE * 100}%`;
  return `<h2 id="revenue-estimates">Revenue estimates among licensed brands</h2>
<p>A regulator's GGR is the revenue of the operators it licenses, for the verticals it licenses (France's ANJ licenses sports betting and poker, no online casino). So each GGR series (country, regulator, vertical) is split only among the brands holding a license from that regulator that covers the vertical (a license naming no vertical covers all its regulator licenses; a regulator naming none licenses all), active on some day of the month, and that offer the vertical. Unlicensed brands get no estimate and their demand is not in the model. A licensed brand never tracked in the market gets none either: its demand is unknown, not 0.</p>
<p class="formula">share(b) = Σ volume(b) ÷ Σ volume(licensed brands), over the period's months and the ${SHARE_LAG_MONTHS} months before it</p>
<p><strong>Which share, and why:</strong> a lagged share over the period and the ${SHARE_LAG_MONTHS} months before it (three months for a monthly publisher, five for a quarterly one). One month's share is noisy; brand searches run ahead of deposits, so players who searched in the months before a period still play in it; a 12-month share would hand a brand that entered last quarter a fraction of its revenue and keep paying a fading brand for most of a year. A month in which a licensed brand's measurement is missing (an outage) is left out of the window for every brand, so the shares still add up to 100.</p>
<p class="formula">GGR(period) ≈ k × licensed demand(period); revenue_estimate(b) = share(b) × GGR ÷ 100</p>
<p><strong>Model and errors:</strong> k, the GGR per unit of licensed search demand, is Σ GGR ÷ Σ demand over the fit periods; the latest ${heldShare} of the periods (at least one whole period: a month, quarter, half-year or year) are held out, and the model needs ${MIN_FIT_PERIODS} periods to fit, so quarterly and yearly publishers are treated alike. The in-sample and hold-out errors are the mean absolute percentage errors of k × demand against GGR over the fit and the held-out periods.</p>
<p><strong>When no estimate is published</strong> (revenue figures <code>null</code>, with <code>estimate_status</code> and <code>estimate_reason</code>): fewer than ${MIN_FIT_PERIODS} + 1 periods (<code>too_few_periods</code>), or a weak fit (<code>weak_fit</code>): the 95% confidence interval of Pearson's r between licensed demand and GGR (Fisher z) reaches 0 or below, or the hold-out error is above ${MAX_HOLD_OUT_ERROR}%. The shares are published either way.</p>
<p><strong>Interval:</strong> from GGR × the brand's lowest monthly share in the window × (1 − hold-out error) to GGR × its highest × (1 + hold-out error). It shows the spread the data shows (the share's month-to-month range, the market's out-of-sample error), not a sampling interval, and it cannot include brand-to-brand differences in revenue per search, which no public figure measures.</p>
${workedExample(exampleMarket(dataset))}
${errorTable(dataset)}
${chart}
<p>The figures are in the downloads <code>revenue-models</code> and <code>revenue-estimates</code>, and reproduce from <code>ground-truth</code>, <code>demand</code>, <code>licenses</code>, <code>regulators</code> and <code>brands</code> alone.</p>`;
}
