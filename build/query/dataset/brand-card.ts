/**
 * `/brands/{slug}` (the full card) and `/brands/{slug}/trust-history`.
 * @module
 */
import type { BrandRecord } from "../../compute/dataset.ts";
import { TRUST_WEIGHTS } from "../../compute/trust-score.ts";
import type { EngineContext, Endpoint, KeySpaceEntry } from "../endpoint.ts";
import { envelope } from "../envelope.ts";
import { brandNotFound } from "./brands.ts";
import { brandCardResponse, trustHistoryResponse } from "../../response-schemas/dataset-brands.ts";

/** Looks a brand up by slug (case-insensitive), or throws brand_not_found. */
export function findBrand(context: EngineContext, slug: string): BrandRecord {
  const brand = context.index.brandsBySlug.get(slug.toLowerCase());
  if (brand === undefined) throw brandNotFound(slug);
  return brand;
}

/** Per-country monthly demand series of a brand, countries in code order. */
export function demandSeries(context: EngineContext, slug: string) {
  const byCountry = new Map<
    string,
    { period: string; volume: number | null; sod: number | null; adi: number | null }[]
  >();
  for (const value of context.index.indexByBrand.get(slug) ?? []) {
    const series = byCountry.get(value.country) ?? [];
    series.push({ period: value.period, volume: value.volume, sod: value.sod, adi: value.adi });
    byCountry.set(value.country, series);
  }
  return [...byCountry.entries()].map(([country, series]) => ({ country, series }));
}

/**
 * What only the card tells of a brand besides its trust, domains, licenses and demand (which have
 * resources of their own): its profile and signals, in card order. The brands download carries them too.
 */
export function brandFacts(brand: BrandRecord) {
  return {
    description: brand.description,
    founded_year: brand.founded_year,
    verticals: brand.verticals,
    markets: brand.markets,
    reputation: brand.reputation,
    app_stores: brand.app_stores,
    social: brand.social,
    payment_methods: brand.payment_methods,
    withdrawal_days: brand.withdrawal_days,
    responsible_gambling: brand.responsible_gambling,
  };
}

function brandCard(context: EngineContext, brand: BrandRecord) {
  const domains = (context.index.domainsByBrand.get(brand.slug) ?? []).map(({ brand: _brand, ...domain }) => domain);
  const licenses = (context.index.licensesByBrand.get(brand.slug) ?? []).map(
    ({ brand: _brand, ...license }) => license,
  );
  const { description, founded_year, verticals, markets, ...signals } = brandFacts(brand);
  return {
    slug: brand.slug,
    name: brand.name,
    status: brand.status,
    description,
    founded_year,
    verticals,
    markets,
    licenses_count: brand.licenses_count,
    trust_score: brand.trust.score,
    trust_grade: brand.trust.grade,
    trust_provisional: brand.trust.provisional,
    trust: {
      period: brand.trust.period,
      score: brand.trust.score,
      grade: brand.trust.grade,
      provisional: brand.trust.provisional,
      coverage: brand.trust.coverage,
      // Null for a brand without a score: only scored brands are ranked (#26).
      rank: context.index.trustRankBySlug.get(brand.slug) ?? null,
      components: brand.trust.components,
      weights: TRUST_WEIGHTS,
    },
    ...signals,
    domains,
    licenses,
    demand: demandSeries(context, brand.slug),
  };
}

function* everyBrand(context: EngineContext): Generator<KeySpaceEntry> {
  for (const brand of context.dataset.brands) yield { pathParams: { slug: brand.slug }, pairs: [], priority: 1 };
}

export const brandCardEndpoint: Endpoint = {
  id: "dataset.brand",
  service: "dataset",
  path: "/brands/{slug}",
  summary: "Full brand card: domains, licenses, demand series, trust and reputation signals, payments, description",
  format: "json",
  response: brandCardResponse,
  params: [],
  run: (context, { pathParams }) => ({
    kind: "json",
    body: envelope(context, "dataset", brandCard(context, findBrand(context, pathParams.slug ?? ""))),
  }),
  keySpace: everyBrand,
};

export const trustHistoryEndpoint: Endpoint = {
  id: "dataset.brandTrustHistory",
  service: "dataset",
  path: "/brands/{slug}/trust-history",
  summary: "Monthly Trust Score history: score, grade and components per period",
  format: "json",
  response: trustHistoryResponse,
  params: [],
  run: (context, { pathParams }) => {
    const brand = findBrand(context, pathParams.slug ?? "");
    const data = brand.trust_history.map(({ period, score, grade, provisional, coverage, components }) => ({
      period,
      score,
      grade,
      provisional,
      coverage,
      components,
    }));
    return { kind: "json", body: envelope(context, "dataset", data, { brand: brand.slug, weights: TRUST_WEIGHTS }) };
  },
  keySpace: function* (context) {
    for (const entry of everyBrand(context)) yield { ...entry, priority: 4 };
  },
};
