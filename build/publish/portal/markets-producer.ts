/**
 * Site producer of the market pages: `/markets/` (every market in one table, no map) and
 * `/markets/<cc>/` for every country, those without demand data included (they say so).
 * @module
 */
import { pageFile, type SiteProducer } from "../../output-format/site-files.ts";
import type { EngineContext } from "../../query/endpoint.ts";
import { escapeHtml, formatCount, renderTable } from "../html.ts";
import { HTML_TYPE, renderPage } from "../page-layout.ts";
import { PORTAL_LINKS } from "../site-links.ts";
import { marketData, sharedAnswers, type MarketData } from "./market-data.ts";
import { marketPage } from "./market-page.ts";
import { portalNotice } from "./portal-notice.ts";

function indexRow(data: MarketData, licensesKnown: boolean): string[] {
  const { country } = data;
  const leader = data.shares[0];
  return [
    `<a href="${PORTAL_LINKS.market(country.code)}">${escapeHtml(country.name)}</a>`,
    country.code,
    String(country.trust_tier),
    data.latest === null ? "no data" : formatCount(data.shares.length),
    data.latest ?? "—",
    leader === undefined ? "—" : `${escapeHtml(leader.name)} (${leader.sod === null ? "—" : leader.sod.toFixed(1)}%)`,
    // Unknown, not 0, when the data set has no license data at all (#26).
    licensesKnown
      ? formatCount(data.regulators.reduce((sum, regulator) => sum + (regulator.licenses_count ?? 0), 0))
      : "—",
  ];
}

/** The index page's HTML. */
export function marketsIndexPage(context: EngineContext, markets: readonly MarketData[]): string {
  const withData = markets.filter((data) => data.latest !== null).length;
  const body = `<h1>Markets</h1>
<p class="lead">${formatCount(markets.length)} countries; search demand for casino and betting brands is tracked in ${formatCount(withData)} of them. Each market's page has its share-of-search chart, every tracked brand, trending brands, regulators and licenses.</p>
${portalNotice(context)}
${renderTable(
  `Every market: brands tracked in its latest month, the leading brand by share of search, and the licenses of its regulators`,
  ["Market", "Code", "Trust tier", "Brands", "Latest month", "Leading brand (sod)", "Licenses"],
  markets.map((data) => indexRow(data, context.dataset.licenses.length > 0)),
  [2, 3, 6],
)}`;
  return renderPage(context, {
    path: PORTAL_LINKS.markets,
    title: `Markets · ${context.dataset.meta.dataset.name}`,
    description: `Search demand, regulators and licenses in ${markets.length} markets.`,
    body,
  });
}

export const marketsProducer: SiteProducer = (context) => {
  const shared = sharedAnswers(context);
  const markets = context.dataset.countries.map((country) => marketData(context, country, shared));
  const page = (urlPath: string, body: string) => ({ urlPath, file: pageFile(urlPath), contentType: HTML_TYPE, body });
  return [
    page(PORTAL_LINKS.markets, marketsIndexPage(context, markets)),
    ...markets.map((data) => page(PORTAL_LINKS.market(data.country.code), marketPage(context, data))),
  ];
};
