/**
 * Site producer of the brand pages: `/brands/` (every brand in one table) and `/brands/<slug>/` for
 * every brand.
 * @module
 */
import { pageFile, type SiteProducer } from "../../output-format/site-files.ts";
import type { EngineContext } from "../../query/endpoint.ts";
import { escapeHtml, formatCount, formatCountOrUnknown, renderTable } from "../html.ts";
import { HTML_TYPE, renderPage } from "../page-layout.ts";
import { PORTAL_LINKS } from "../site-links.ts";
import { brandPage } from "./brand-page.ts";
import { portalNotice } from "./portal-notice.ts";

/** The index page's HTML: every brand, by name, with its grade, score, licenses and markets. */
export function brandsIndexPage(context: EngineContext): string {
  const { brands } = context.dataset;
  const rows = brands.map((brand) => [
    `<a href="${PORTAL_LINKS.brand(brand.slug)}">${escapeHtml(brand.name)}</a>`,
    escapeHtml(brand.status),
    brand.trust.grade ?? "—",
    brand.trust.score === null ? "—" : brand.trust.score.toFixed(1),
    formatCountOrUnknown(brand.licenses_count),
    formatCount(brand.markets.length),
  ]);
  const body = `<h1>Brands</h1>
<p class="lead">${formatCount(brands.length)} casino and betting brands, by slug. Each brand's page has its Trust Score with components, trust history, demand per market, licenses, domains, payment methods and terms-and-conditions alerts.</p>
${portalNotice(context)}
${renderTable(`Every brand with its Trust Score (0-100), grade, active licenses and markets`, ["Brand", "Status", "Grade", "Trust Score", "Active licenses", "Markets"], rows, [3, 4, 5])}`;
  return renderPage(context, {
    path: PORTAL_LINKS.brands,
    title: `Brands · ${context.dataset.meta.dataset.name}`,
    description: `${brands.length} casino and betting brands with Trust Score, licenses and demand.`,
    body,
  });
}

export const brandsProducer: SiteProducer = (context) => {
  const page = (urlPath: string, body: string) => ({ urlPath, file: pageFile(urlPath), contentType: HTML_TYPE, body });
  return [
    page(PORTAL_LINKS.brands, brandsIndexPage(context)),
    ...context.dataset.brands.map((brand) => page(PORTAL_LINKS.brand(brand.slug), brandPage(context, brand.slug))),
  ];
};
