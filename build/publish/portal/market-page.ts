/**
 * The page of one market, `/markets/<cc>/`: tables and text first, readable without JavaScript; the
 * charts are build-time SVG with a table equivalent (line-chart.ts).
 * @module
 */
import { changeCaption } from "../change-caption.ts";
import type { EngineContext } from "../../query/endpoint.ts";
import { SERVICE_BASES } from "../../query/services.ts";
import { counted } from "../counted.ts";
import { escapeHtml, formatCount, formatCountOrUnknown, renderTable } from "../html.ts";
import { renderPage } from "../page-layout.ts";
import { PORTAL_LINKS, SITE_LINKS } from "../site-links.ts";
import { CHART_STYLE, lineChartFigure } from "./line-chart.ts";
import type { MarketData, Mover } from "./market-data.ts";
import { portalNotice } from "./portal-notice.ts";

const fixed = (value: number | null | undefined, decimals = 2): string =>
  value === null || value === undefined ? "—" : value.toFixed(decimals);
const brandLink = (slug: string, name: string): string =>
  `<a href="${PORTAL_LINKS.brand(slug)}">${escapeHtml(name)}</a>`;
const signed = (value: number | null | undefined): string =>
  value === null || value === undefined ? "new" : `${value > 0 ? "+" : ""}${value.toFixed(1)}%`;

function shareChart(data: MarketData): string {
  if (data.chart.length === 0) return "";
  const first = data.periods[0]!;
  const which =
    data.chart.length === data.shares.length
      ? `the ${counted(data.chart.length, "brand")} tracked`
      : `the ${data.chart.length} brands with the largest share`;
  const caption = `Share of search (sod) of ${which} in ${data.latest}, ${data.country.name}, monthly from ${first} to ${data.latest}: each brand's search volume as a percentage of the volume of all ${formatCount(data.shares.length)} brands tracked in the market that month.`;
  return lineChartFigure({
    id: "share",
    caption,
    xTitle: "Month",
    yTitle: "Share of search (%)",
    xLabels: data.periods,
    series: data.chart.map((brand) => ({ name: brand.name, values: brand.values })),
  });
}

function sharesTable(data: MarketData): string {
  const rows = data.shares.map((share, i) => [
    String(i + 1),
    brandLink(share.slug, share.name),
    fixed(share.sod),
    fixed(share.adi),
  ]);
  return renderTable(
    `Every brand tracked in ${escapeHtml(data.country.name)} in ${escapeHtml(data.latest ?? "")}: share of search (sod, % of all tracked volume) and demand index (adi, % of the leading brand's volume)`,
    ["#", "Brand", "sod (%)", "adi"],
    rows,
    [0, 2, 3],
  );
}

function moversSection(data: MarketData): string {
  const trending = data.trending.map((entry: Mover) => [
    brandLink(entry.brand, entry.name),
    formatCount(entry.previous),
    entry.current === undefined ? "—" : formatCount(entry.current),
    signed(entry.growth_pct),
  ]);
  const momentum = data.momentum.map((entry: Mover) => [
    brandLink(entry.brand, entry.name),
    entry.volume == null ? "—" : formatCount(entry.volume),
    signed(entry.wow_pct),
    escapeHtml(entry.direction ?? ""),
  ]);
  return `<h2 id="movers">Trending and momentum</h2>
<p>Growth of search volume between the last two months of the dataset; momentum marks a change as flat within the market's noise band (rule on the <a href="${SITE_LINKS.methodology}">methodology</a> page). API: <code>${SERVICE_BASES.dataset}/trending?country=${data.country.code}</code>.</p>
${trending.length === 0 ? "<p>No trending entry for this market.</p>" : renderTable(changeCaption(data.trending.map((entry) => entry.growth_pct)), ["Brand", "Previous volume", "Current volume", "Growth"], trending, [1, 2, 3])}
${momentum.length === 0 ? "" : renderTable(`Momentum: the ${momentum.length} largest changes`, ["Brand", "Volume", "Change", "Direction"], momentum, [1, 2])}`;
}

function regulatorsSection(data: MarketData): string {
  if (data.regulators.length === 0)
    return `<h2 id="regulators">Regulators and licenses</h2><p>No regulator of ${escapeHtml(data.country.name)} is in the dataset.</p>`;
  const rows = data.regulators.map((regulator) => [
    escapeHtml(regulator.code),
    escapeHtml(regulator.name),
    String(regulator.tier),
    formatCountOrUnknown(regulator.licenses_count),
    formatCountOrUnknown(regulator.brands_count),
  ]);
  return `<h2 id="regulators">Regulators and licenses</h2>
${renderTable(`Regulators of ${escapeHtml(data.country.name)} with the licenses and brands in the dataset`, ["Code", "Regulator", "Tier", "Licenses", "Brands"], rows, [2, 3, 4])}`;
}

function groundTruthSection(data: MarketData): string {
  if (data.groundTruth.length === 0) return "";
  const parts = data.calibration.map((entry) => {
    // One series per regulator and vertical (#26): a quarter's total and its casino part are not two points of one line.
    const rows = data.groundTruth.filter(
      (row) => row.regulator_code === entry.regulator_code && row.vertical === entry.vertical,
    );
    const series = entry.vertical === "total" ? entry.regulator_code : `${entry.regulator_code} (${entry.vertical})`;
    const withDemand = rows.filter((row) => row.demand_total !== null);
    const base = withDemand[0];
    const indexed = (value: number | null, start: number | null | undefined) =>
      value === null || start === null || start === undefined || start === 0 ? null : (value / start) * 100;
    const chart =
      base === undefined || withDemand.length < 2
        ? ""
        : lineChartFigure({
            id: `ggr-${entry.regulator_code.toLowerCase()}${entry.vertical === "total" ? "" : `-${entry.vertical}`}`,
            caption: `Gross gaming revenue reported by ${series} against tracked search demand in ${data.country.name}, ${counted(withDemand.length, "reporting period")} from ${base.period}, each as an index with its first period at 100. Pearson's r over ${counted(entry.months, "reporting period")}: ${fixed(entry.correlation, 4)}.`,
            xTitle: "Reporting period",
            yTitle: "Index (first period = 100)",
            xLabels: withDemand.map((row) => row.period),
            series: [
              { name: "GGR", values: withDemand.map((row) => indexed(row.ggr, base.ggr)) },
              { name: "Tracked demand", values: withDemand.map((row) => indexed(row.demand_total, base.demand_total)) },
            ],
            decimals: 1,
          });
    const figures = `<p>${escapeHtml(series)}: ${counted(entry.months, "reporting period")} with both GGR and demand; correlation (Pearson's r) ${fixed(entry.correlation, 4)}; latest GGR ${entry.latest_ggr === null ? "unknown" : `${formatCount(entry.latest_ggr)} ${escapeHtml(entry.currency)}`}${entry.latest_period === null ? "" : ` in ${escapeHtml(entry.latest_period)}`}.</p>`;
    return `${figures}${chart}`;
  });
  return `<h2 id="ground-truth">Revenue against demand</h2>
<p>Where a regulator publishes gross gaming revenue (GGR), the calibration compares it with the market's tracked search demand (method on the <a href="${SITE_LINKS.methodology}#calibration">methodology</a> page).</p>
${parts.join("\n")}`;
}

function coverage(data: MarketData): string {
  const { country } = data;
  if (data.latest === null)
    return `<p class="lead">No demand data for ${escapeHtml(country.name)} yet: no brand's search volume is tracked in this market. Its regulators and licenses are below.</p>`;
  return `<p class="lead">Search demand for ${formatCount(country.coverage.brands)} casino and betting brands, tracked in ${country.coverage.periods} of the dataset's months (latest ${escapeHtml(data.latest)}). Market trust tier ${country.trust_tier} (1 = strictly regulated, 3 = grey market)${country.active ? "" : "; not an active market"}.</p>`;
}

/** The page's HTML. */
export function marketPage(context: EngineContext, data: MarketData): string {
  const { country } = data;
  const demand =
    data.latest === null
      ? ""
      : `<h2 id="share-of-search">Share of search</h2>
${shareChart(data)}
<h2 id="brands">Every tracked brand in ${escapeHtml(data.latest)}</h2>
${sharesTable(data)}
${moversSection(data)}`;
  const body = `<p><a href="${PORTAL_LINKS.markets}">All markets</a></p>
<h1>${escapeHtml(country.name)} (${country.code})</h1>
${coverage(data)}
${portalNotice(context)}
${demand}
${regulatorsSection(data)}
${groundTruthSection(data)}
<h2 id="api">In the API</h2>
<p><code>${SERVICE_BASES.dataset}/index?country=${country.code}</code> · <code>${SERVICE_BASES.dataset}/momentum?country=${country.code}</code> · <code>${SERVICE_BASES.dataset}/licenses?jurisdiction=${country.code}</code></p>`;
  const description =
    data.latest === null
      ? `${country.name}: regulators and licenses; no demand data yet.`
      : `${country.name}: share of search of ${data.shares.length} casino and betting brands, trending brands, regulators and licenses.`;
  return renderPage(context, {
    path: PORTAL_LINKS.market(country.code),
    title: `${country.name} market · ${context.dataset.meta.dataset.name}`,
    description,
    body,
    style: CHART_STYLE,
  });
}
