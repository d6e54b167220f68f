/**
 * Site producer of `/methodology`: how every derived figure is computed, with charts rendered to
 * SVG at build time and inlined (no script, no external asset).
 * @module
 */
import { exampleMarket, intervalPoints, intervalSpec, intervalTable, revenueSection } from "./methodology-revenue.ts";
import type { Dataset } from "../compute/dataset.ts";
import type { SiteProducer } from "../output-format/site-files.ts";
import { pageFile } from "../output-format/site-files.ts";
import type { EngineContext } from "../query/endpoint.ts";
import { counted } from "./counted.ts";
import { escapeHtml, renderTable } from "./html.ts";
import {
  calibrationPoints,
  calibrationSpec,
  calibrationTable,
  demandShareSeries,
  demandShareSpec,
  demandShareTable,
  largestMarket,
  TRUST_BIN_STEP,
  trustDistributionSpec,
  trustDistributionTable,
  type ChartTable,
} from "./methodology-charts.ts";
import {
  calibrationSection,
  indexSection,
  ranksSection,
  resumeDirectorySection,
  trendsSection,
  trustSection,
} from "./methodology-sections.ts";
import { trustHistorySection } from "./methodology-trust-history.ts";
import { HTML_TYPE, renderPage } from "./page-layout.ts";
import { renderChartsOnce, type VegaLiteSpec } from "./render-charts.ts";
import { SITE_LINKS } from "./site-links.ts";

interface Chart {
  id: string;
  spec: VegaLiteSpec;
  caption: string;
  /** The figures the chart draws, for a reader who cannot see it. */
  table: ChartTable;
}

/** The charts the data allows: the demand chart needs demand data, the calibration chart a calibrated market. */
export function methodologyCharts(dataset: Dataset): Chart[] {
  const charts: Chart[] = [];
  const market = largestMarket(dataset);
  if (market !== undefined) {
    const name = dataset.countries.find((country) => country.code === market)?.name ?? market;
    const series = demandShareSeries(dataset, market);
    charts.push({
      id: "chart-demand-share",
      spec: demandShareSpec(series),
      table: demandShareTable(series),
      caption: `Share of demand (sod) of ${series.drawn === series.tracked ? `the ${counted(series.drawn, "brand")} tracked` : `the ${series.drawn} brands with the largest share`} in ${escapeHtml(series.latest)} in ${escapeHtml(name)} (${escapeHtml(market)}), the market with the most tracked demand, month by month.`,
    });
  }
  if (dataset.calibration.some((entry) => entry.correlation !== null)) {
    const points = calibrationPoints(dataset);
    charts.push({
      id: "chart-calibration",
      spec: calibrationSpec(points),
      table: calibrationTable(points),
      caption:
        "Calibration: each point is one month of one market, its tracked demand total against the GGR the regulator published (in the market's currency); the line is the least-squares fit and r the correlation.",
    });
  }
  const example = exampleMarket(dataset);
  if (example !== undefined) {
    const points = intervalPoints(dataset);
    charts.push({
      id: "chart-revenue-intervals",
      spec: intervalSpec(points, example.currency),
      table: intervalTable(points, example.currency),
      caption: `Revenue estimates of the ${points.length} largest licensed brands in ${escapeHtml(example.country)} (${escapeHtml(example.regulator_code)}, ${escapeHtml(example.vertical)}, ${escapeHtml(example.estimate_period ?? "")}), in ${escapeHtml(example.currency)}: the dot is the estimate, the bar its interval.`,
    });
  }
  charts.push({
    id: "chart-trust-distribution",
    spec: trustDistributionSpec(dataset),
    table: trustDistributionTable(dataset),
    caption: `Trust Score distribution: brands per ${TRUST_BIN_STEP}-point score band at the snapshot, coloured by grade.`,
  });
  return charts;
}

/** The chart, then its figures as a table, folded (the SVG has no text a screen reader could use). */
function figure(chart: Chart, svg: string): string {
  const { caption, head, rows, numeric } = chart.table;
  const table = renderTable(
    escapeHtml(caption),
    head.map(escapeHtml),
    rows.map((row) => row.map(escapeHtml)),
    numeric,
  );
  return `<figure id="${chart.id}" class="chart"><div class="scroll" role="img" aria-label="${escapeHtml(String(chart.spec.description ?? ""))}">${svg}</div><figcaption>${chart.caption}</figcaption></figure>
<details class="chart-data"><summary>The chart's figures as a table</summary>${table}</details>`;
}

/** The methodology page's HTML, once its charts are rendered. */
export async function methodologyPage(context: EngineContext): Promise<string> {
  const { dataset } = context;
  const charts = methodologyCharts(dataset);
  const svgs = await renderChartsOnce(charts.map((chart) => chart.spec));
  const figureOf = (id: string) => {
    const index = charts.findIndex((chart) => chart.id === id);
    return index < 0 ? "" : figure(charts[index]!, svgs[index]!);
  };
  const synthetic = dataset.meta.synthetic
    ? `<p class="notice"><strong>Synthetic sample.</strong> The figures and charts below are computed from fictional data; the methods are the real ones.</p>`
    : "";
  const body = `<h1>Methodology</h1>
<p class="lead">How every derived figure of the ${escapeHtml(dataset.meta.dataset.name)} is computed. Everything is recomputed from the seed files at each build, deterministically: the same seeds give the same numbers, byte for byte. Snapshot of ${escapeHtml(dataset.meta.snapshot_at)}.</p>
${synthetic}
<p>Contents: <a href="#index">demand index</a> · <a href="#trust-score">Trust Score 2.0</a> · <a href="#trust-as-of">as of each month</a> · <a href="#provider-rank">provider rank</a> · <a href="#game-rank">GameRank</a> · <a href="#trending">trending and momentum</a> · <a href="#calibration">calibration</a> · <a href="#revenue-estimates">revenue estimates</a> · <a href="#reuse">reuse</a> · <a href="#resume-directory">resume search and statistics</a></p>
${indexSection(dataset, figureOf("chart-demand-share"))}
${trustSection(dataset, figureOf("chart-trust-distribution"))}
${trustHistorySection(dataset)}
${ranksSection(dataset)}
${trendsSection(dataset)}
${calibrationSection(dataset, figureOf("chart-calibration"))}
${revenueSection(dataset, figureOf("chart-revenue-intervals"))}
<h2 id="reuse">Reuse and reproduce</h2>
<p>Every figure above is in the API (<a href="${SITE_LINKS.dataset.docs}">reference</a>, <a href="${SITE_LINKS.dataset.openapi}">OpenAPI</a>) and in the <a href="${SITE_LINKS.home}#downloads">bulk downloads</a>, described by a <a href="${SITE_LINKS.dataPackage}">Frictionless data package</a>. Rounding: sod, adi and percentages to 4 decimals, scores and components to 1. Attribution: ${escapeHtml(dataset.meta.dataset.license)}, with a link to <a href="${escapeHtml(dataset.meta.dataset.attribution)}">${escapeHtml(dataset.meta.dataset.attribution)}</a>.</p>
${resumeDirectorySection()}`;
  return renderPage(context, {
    path: SITE_LINKS.methodology,
    title: `Methodology · ${dataset.meta.dataset.name}`,
    description:
      "How sod, adi, Trust Score 2.0, provider and game ranks, trending, momentum and the calibration against ground truth are computed, and how the resume directory's search, relevance score, sorts and statistics work.",
    body,
  });
}

/** Writes `/methodology` as `methodology/index.html`. */
export const methodologyPageProducer: SiteProducer = (context) => [
  {
    urlPath: SITE_LINKS.methodology,
    file: pageFile(SITE_LINKS.methodology),
    contentType: HTML_TYPE,
    body: methodologyPage(context),
  },
];
