/**
 * A line chart as build-time SVG, hand-written (no library): deterministic bytes, about a tenth of a
 * millisecond a chart, where Vega takes some 17 ms (issue 28: 1,700 charts of the portal would add 30 s).
 *
 * Responsive without shrinking its text: the outer SVG follows its container's width at a fixed height
 * and places every label in CSS pixels (x as a percentage), so text stays 12 px at 390 px and at 1280 px;
 * only the plot area, an inner SVG with preserveAspectRatio="none", stretches, its strokes kept at their
 * width by vector-effect. Every chart has axis titles with units, a caption and the same figures as a table.
 * @module
 */
import { escapeHtml, renderTable } from "../html.ts";

/** One line: a name and a value per x label (null: no value, the line breaks there). */
export interface Series {
  name: string;
  values: readonly (number | null)[];
}

export interface LineChart {
  /** An id unique on the page (for the caption reference). */
  id: string;
  /** The caption: what the chart shows, from actual counts. */
  caption: string;
  xTitle: string;
  /** The y-axis title, with its unit, e.g. "Share of search (%)". */
  yTitle: string;
  xLabels: readonly string[];
  series: readonly Series[];
  /** The y range; by default 0 to a rounded maximum of the values. */
  yMax?: number;
  /** Decimals of the values in the table. */
  decimals?: number;
}

/** Colours told apart with the common colour-vision deficiencies (Okabe-Ito), at 3:1 or more on white. */
export const SERIES_COLOURS = ["#0072b2", "#d55e00", "#009e73", "#cc79a7", "#8a6d00", "#56748f", "#000000"] as const;
const DASHES = ["", "6 3", "2 3", "8 3 2 3", "", "6 3", "2 3"] as const;

const HEIGHT = 260;
const TOP = 16;
const BOTTOM = 52;
const PLOT_HEIGHT = HEIGHT - TOP - BOTTOM;
/** The plot's left and right edges, in % of the width: room for the y labels and title. */
const LEFT_PCT = 15;
const RIGHT_PCT = 97;
const UNITS = 1000;

/** A round upper bound for the axis: 1, 2, 2.5 or 5 × 10^n at or above the maximum. */
export function niceMax(max: number): number {
  if (!(max > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * power >= max) return step * power;
  return 10 * power;
}

const round = (value: number): string => String(Math.round(value * 10) / 10);

/** Which x labels get a tick: at most four (room for 7-character months at 390 px), the first and last included. */
export function tickIndices(count: number, most = 4): number[] {
  if (count <= most) return [...Array(count).keys()];
  const step = (count - 1) / (most - 1);
  return [...new Set([...Array(most).keys()].map((i) => Math.round(i * step)))];
}

function linePaths(values: readonly (number | null)[], count: number, yMax: number): string {
  const x = (i: number) => (count === 1 ? UNITS / 2 : (i / (count - 1)) * UNITS);
  const y = (value: number) => UNITS - (Math.min(value, yMax) / yMax) * UNITS;
  const runs: string[] = [];
  let run: string[] = [];
  values.forEach((value, i) => {
    if (value === null) {
      if (run.length > 0) runs.push(run.join(" "));
      run = [];
      return;
    }
    run.push(`${run.length === 0 ? "M" : "L"}${round(x(i))} ${round(y(value))}`);
  });
  if (run.length > 0) runs.push(run.join(" "));
  return runs.join(" ");
}

function axes(chart: LineChart, yMax: number): string {
  const span = RIGHT_PCT - LEFT_PCT;
  const yTicks = [0, 0.25, 0.5, 0.75, 1].map((fraction) => {
    const y = TOP + PLOT_HEIGHT - fraction * PLOT_HEIGHT;
    return `<line x1="${LEFT_PCT}%" x2="${RIGHT_PCT}%" y1="${y}" y2="${y}" class="grid"/><text x="${LEFT_PCT - 1}%" y="${y + 4}" text-anchor="end">${round(fraction * yMax)}</text>`;
  });
  const count = chart.xLabels.length;
  const xTicks = tickIndices(count).map((i) => {
    const pct = count === 1 ? LEFT_PCT + span / 2 : LEFT_PCT + (i / (count - 1)) * span;
    const anchor = count > 1 && i === 0 ? "start" : count > 1 && i === count - 1 ? "end" : "middle";
    return `<text x="${round(pct)}%" y="${TOP + PLOT_HEIGHT + 18}" text-anchor="${anchor}">${escapeHtml(chart.xLabels[i]!)}</text>`;
  });
  const xTitle = `<text x="${LEFT_PCT + span / 2}%" y="${HEIGHT - 8}" text-anchor="middle" class="title">${escapeHtml(chart.xTitle)}</text>`;
  const yTitle = `<text transform="rotate(-90)" x="${-(TOP + PLOT_HEIGHT / 2)}" y="14" text-anchor="middle" class="title">${escapeHtml(chart.yTitle)}</text>`;
  return [...yTicks, ...xTicks, xTitle, yTitle].join("");
}

/** The chart's SVG (no caption, legend or table). */
export function lineChartSvg(chart: LineChart): string {
  const values = chart.series.flatMap((series) => series.values.filter((value): value is number => value !== null));
  const yMax = chart.yMax ?? niceMax(Math.max(0, ...values));
  const lines = chart.series.map((series, i) => {
    const dash = DASHES[i % DASHES.length];
    return `<path d="${linePaths(series.values, chart.xLabels.length, yMax)}" stroke="${SERIES_COLOURS[i % SERIES_COLOURS.length]}"${dash === "" ? "" : ` stroke-dasharray="${dash}"`}/>`;
  });
  const plot = `<svg x="${LEFT_PCT}%" y="${TOP}" width="${RIGHT_PCT - LEFT_PCT}%" height="${PLOT_HEIGHT}" viewBox="0 0 ${UNITS} ${UNITS}" preserveAspectRatio="none" overflow="visible" class="plot">${lines.join("")}</svg>`;
  return `<svg class="chart" width="100%" height="${HEIGHT}" role="img" aria-labelledby="${chart.id}-caption" xmlns="http://www.w3.org/2000/svg">${axes(chart, yMax)}${plot}</svg>`;
}

function legend(chart: LineChart): string {
  if (chart.series.length < 2) return "";
  const items = chart.series.map(
    (series, i) =>
      `<li><span class="swatch" style="border-color:${SERIES_COLOURS[i % SERIES_COLOURS.length]};border-top-style:${DASHES[i % DASHES.length] === "" ? "solid" : "dashed"}"></span>${escapeHtml(series.name)}</li>`,
  );
  return `<ul class="legend">${items.join("")}</ul>`;
}

const formatValue = (value: number | null, decimals: number): string =>
  value === null ? "—" : value.toFixed(decimals);

/** The chart's figures as a table: one row per x label, one column per line. */
export function lineChartTable(chart: LineChart): string {
  const decimals = chart.decimals ?? 2;
  const head = [escapeHtml(chart.xTitle), ...chart.series.map((series) => escapeHtml(series.name))];
  const rows = chart.xLabels.map((label, i) => [
    escapeHtml(label),
    ...chart.series.map((series) => formatValue(series.values[i] ?? null, decimals)),
  ]);
  return renderTable(
    `${escapeHtml(chart.yTitle)} by ${escapeHtml(chart.xTitle.toLowerCase())} (— no value)`,
    head,
    rows,
    chart.series.map((_, i) => i + 1),
  );
}

/** The whole figure: chart, legend, caption, and the table equivalent folded under it. */
export function lineChartFigure(chart: LineChart): string {
  return `<figure class="line-chart">${lineChartSvg(chart)}${legend(chart)}<figcaption id="${chart.id}-caption">${escapeHtml(chart.caption)}</figcaption></figure>
<details class="chart-data"><summary>The figures of this chart as a table</summary>${lineChartTable(chart)}</details>`;
}

/** The chart styles, added to the pages that draw charts. */
export const CHART_STYLE = `
figure.line-chart{margin:1rem 0 1.2rem;max-width:48rem}
svg.chart{display:block;font-size:12px;fill:#3b4452}
svg.chart text.title{font-weight:600;fill:#1d2430}
svg.chart line.grid{stroke:#e3e7ee;stroke-width:1}
svg.chart svg.plot path{fill:none;stroke-width:2.5;vector-effect:non-scaling-stroke;stroke-linejoin:round;stroke-linecap:round}
ul.legend{list-style:none;display:flex;flex-wrap:wrap;gap:.2rem 1rem;padding:0;margin:.3rem 0;font-size:.9rem}
ul.legend li{display:flex;align-items:center;gap:.35rem}
.swatch{display:inline-block;width:1.4rem;border-top-width:3px;border-top-style:solid;height:0}
`.trim();
