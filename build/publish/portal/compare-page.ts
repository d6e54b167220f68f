/**
 * The comparison of a brand with its closest rivals, `/brands/<slug>/compare/`: the answer of the API's
 * `/compare` for the same brands (its own engine function, so every figure equals the API's), as tables a
 * reader can take in without JavaScript. Unknown values (null in the API) are written "unknown".
 * @module
 */
import { pageFile, type SiteProducer } from "../../output-format/site-files.ts";
import type { EngineContext } from "../../query/endpoint.ts";
import { SERVICE_BASES } from "../../query/services.ts";
import type { z } from "zod";
import type { compareItem } from "../../response-schemas/dataset-brands.ts";
import { TRUST_COMPONENTS } from "../../response-schemas/vocabularies.ts";
import { escapeHtml, formatCount, renderTable } from "../html.ts";
import { HTML_TYPE, renderPage } from "../page-layout.ts";
import { PORTAL_LINKS, SITE_LINKS } from "../site-links.ts";
import { engineAnswer } from "./engine-answer.ts";
import { portalNotice } from "./portal-notice.ts";
import { rivalsOf } from "./rivals.ts";

/** One brand of the `/compare` answer: the response schema's own type, so a nullable field cannot be missed. */
export type CompareItem = z.infer<typeof compareItem>;

/** What the page writes for a value the data set does not have. */
export const UNKNOWN = "unknown";

/** A number as the API writes it (no rounding of ours, so a cell reads the API's figure), or unknown. */
export const figure = (value: number | null | undefined): string =>
  value === null || value === undefined ? UNKNOWN : String(value);
const count = (value: number | null): string => (value === null ? UNKNOWN : formatCount(value));
const words = (key: string): string => escapeHtml(key.replace(/_/g, " "));
const list = (values: readonly string[] | null, none: string): string =>
  values === null ? UNKNOWN : values.length === 0 ? none : values.map(words).join(", ");

function storeCell(stores: CompareItem["app_stores"], store: "ios" | "android"): string {
  if (stores === null) return UNKNOWN;
  const app = stores[store];
  return app === null ? "no app" : `${figure(app.rating)} (${formatCount(app.reviews)} reviews)`;
}

/** The `/compare` query of a page: the brand first, then its rivals, as its link to the API names them. */
export function compareSlugs(context: EngineContext, slug: string): string[] {
  return [slug, ...rivalsOf(context, slug).map((rival) => rival.slug)];
}

/** The API address of the same comparison. */
export const compareApiPath = (slugs: readonly string[]): string =>
  `${SERVICE_BASES.dataset}/compare?brands=${slugs.join(",")}`;

function table(caption: string, brands: readonly CompareItem[], rows: [string, (brand: CompareItem) => string][]) {
  // The row labels' column is named too: an empty header cell leaves screen readers without a name for it.
  const head = [
    "Measure",
    ...brands.map((brand) => `<a href="${PORTAL_LINKS.brand(brand.slug)}">${escapeHtml(brand.name)}</a>`),
  ];
  const numeric = brands.map((_, index) => index + 1);
  return renderTable(
    caption,
    head,
    rows.map(([label, cell]) => [label, ...brands.map(cell)]),
    numeric,
  );
}

function trustTable(brands: readonly CompareItem[]): string {
  const grade = (brand: CompareItem) =>
    brand.trust.grade === null
      ? UNKNOWN
      : `${escapeHtml(brand.trust.grade)}${brand.trust.provisional ? " (provisional)" : ""}`;
  return table("Trust Score 2.0 and its components, each 0 to 100", brands, [
    ["Trust Score", (brand) => figure(brand.trust.score)],
    ["Grade", grade],
    ["Rank", (brand) => count(brand.trust.rank)],
    ...TRUST_COMPONENTS.map((component): [string, (brand: CompareItem) => string] => [
      words(component),
      (brand) => figure(brand.trust.components[component]),
    ]),
    ["Components known", (brand) => `${brand.trust.coverage.length} of ${TRUST_COMPONENTS.length}`],
  ]);
}

function presenceTable(brands: readonly CompareItem[]): string {
  const networks = [...new Set(brands.flatMap((brand) => Object.keys(brand.social ?? {})))].sort();
  return table("Licenses, markets, reviews, apps, social reach and payments", brands, [
    ["Status", (brand) => escapeHtml(brand.status)],
    // licenses is null where the data set has no license data at all: unknown, never "0".
    ["Active licenses", (brand) => count(brand.licenses?.active ?? null)],
    ["Licenses in any status", (brand) => count(brand.licenses?.total ?? null)],
    ["Regulators", (brand) => list(brand.licenses?.regulators ?? null, "none")],
    ["Markets", (brand) => (brand.markets.length === 0 ? "none listed" : brand.markets.map(escapeHtml).join(" "))],
    ["Review rating (0-5)", (brand) => figure(brand.review_rating)],
    ["Reviews", (brand) => count(brand.review_count)],
    ["iOS app", (brand) => storeCell(brand.app_stores, "ios")],
    ["Android app", (brand) => storeCell(brand.app_stores, "android")],
    ...networks.map((network): [string, (brand: CompareItem) => string] => [
      `${words(network)} followers`,
      (brand) => (brand.social === null ? UNKNOWN : count(brand.social[network] ?? null)),
    ]),
    ["Payment methods", (brand) => list(brand.payment_methods, "none")],
  ]);
}

/** The page's HTML: the brand and its rivals side by side, from the engine's `/compare`. */
export function comparePage(context: EngineContext, slug: string): string {
  const slugs = compareSlugs(context, slug);
  const brands = engineAnswer<CompareItem[]>(context, "dataset.compare", {}, [["brands", slugs.join(",")]]).data;
  const [own, ...rivals] = brands;
  if (own === undefined) throw new Error(`Internal error: /compare answered no brand for ${slug}`);
  const api = compareApiPath(slugs);
  const body = `<p><a href="${PORTAL_LINKS.brand(slug)}">${escapeHtml(own.name)}</a> · <a href="${PORTAL_LINKS.brands}">All brands</a></p>
<h1>${escapeHtml(own.name)} compared</h1>
<p class="lead">${escapeHtml(own.name)} beside its ${rivals.length === 1 ? "closest rival" : `${rivals.length} closest rivals`}: the brands next to it in share of search in its main market (or, without demand data, in Trust Score rank). The figures are the API's answer to <a href="${escapeHtml(api)}"><code>${escapeHtml(api)}</code></a>; "unknown" marks a value the data set does not have, which is never counted as zero.</p>
${portalNotice(context)}
<h2 id="trust">Trust Score</h2>
${trustTable(brands)}
<p>Weights and grade bands: <a href="${SITE_LINKS.methodology}#trust">methodology</a>. A component whose inputs are unknown is left out of the score, its weight re-spread over the known ones.</p>
<h2 id="presence">Licenses, markets and reach</h2>
${presenceTable(brands)}`;
  return renderPage(context, {
    path: PORTAL_LINKS.compare(slug),
    title: `${own.name} compared · ${context.dataset.meta.dataset.name}`,
    description: `${own.name} side by side with ${rivals.map((rival) => rival.name).join(", ")}: Trust Score, licenses, markets, reviews.`,
    body,
  });
}

/** Whether a brand has a comparison page: `/compare` takes 2 brands at least, so a lone brand has none. */
export const hasComparison = (context: EngineContext, slug: string): boolean => rivalsOf(context, slug).length > 0;

/** Site producer: one comparison page per brand that has a rival. */
export const compareProducer: SiteProducer = (context) =>
  context.dataset.brands
    .filter((brand) => hasComparison(context, brand.slug))
    .map((brand) => {
      const urlPath = PORTAL_LINKS.compare(brand.slug);
      return { urlPath, file: pageFile(urlPath), contentType: HTML_TYPE, body: comparePage(context, brand.slug) };
    });
