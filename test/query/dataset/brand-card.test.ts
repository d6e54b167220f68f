import { beforeAll, describe, expect, it } from "vitest";
import type { BrandRecord } from "../../../build/compute/dataset.ts";
import { TRUST_WEIGHTS, gradeOf } from "../../../build/compute/trust-score.ts";
import { sampleContext, useSampleHost } from "../../helpers/sample-host.ts";
import { getJson, sampleBrands } from "./brand-fixtures.ts";

const host = useSampleHost();
let brands: BrandRecord[];
let periods: string[];
/** A brand with domains, licenses and demand, so every part of the card has content. */
let rich: BrandRecord;

beforeAll(async () => {
  brands = await sampleBrands();
  const { context } = await sampleContext();
  periods = context.dataset.periods;
  rich = brands.find(
    (brand) =>
      (context.index.domainsByBrand.get(brand.slug)?.length ?? 0) > 1 &&
      (context.index.licensesByBrand.get(brand.slug)?.length ?? 0) > 1 &&
      (context.index.indexByBrand.get(brand.slug)?.length ?? 0) > 0,
  )!;
});

interface Card {
  slug: string;
  description: string;
  trust: {
    period: string;
    score: number;
    grade: string;
    rank: number;
    components: Record<string, number>;
    weights: Record<string, number>;
  };
  domains: { domain: string; whois: object; backlinks: object; health: object; dns: object }[];
  licenses: { id: string; regulator_code: string; jurisdiction: string; status: string }[];
  demand: { country: string; series: { period: string; volume: number; sod: number; adi: number }[] }[];
  [key: string]: unknown;
}

describe("/brands/{slug}", () => {
  it("gives the full card", async () => {
    const { status, body } = await getJson<Card>(host, `/api/dataset/v1/brands/${rich.slug}`);
    expect(status).toBe(200);
    const card = body.data;
    expect(Object.keys(card)).toEqual([
      "slug",
      "name",
      "status",
      "description",
      "founded_year",
      "verticals",
      "markets",
      "licenses_count",
      "trust_score",
      "trust_grade",
      "trust_provisional",
      "trust",
      "reputation",
      "app_stores",
      "social",
      "payment_methods",
      "withdrawal_days",
      "responsible_gambling",
      "domains",
      "licenses",
      "demand",
    ]);
    expect(card).toMatchObject({
      slug: rich.slug,
      name: rich.name,
      status: rich.status,
      reputation: rich.reputation,
      app_stores: rich.app_stores,
      social: rich.social,
      payment_methods: rich.payment_methods,
    });
    expect(card.trust_score).toBe(rich.trust.score);
    expect(card.trust).toMatchObject({
      period: "2026-11", // as of the snapshot, 2026-11-01 (#27)
      score: rich.trust.score,
      grade: rich.trust.grade,
      components: rich.trust.components,
      weights: TRUST_WEIGHTS,
    });
    expect(Number.isInteger(card.trust.rank) && card.trust.rank >= 1 && card.trust.rank <= brands.length).toBe(true);
  });

  it("lists the brand's domains with whois, backlinks, health and dns", async () => {
    const { body } = await getJson<Card>(host, `/api/dataset/v1/brands/${rich.slug}`);
    expect(body.data.domains.length).toBeGreaterThan(1);
    for (const domain of body.data.domains) {
      expect(Object.keys(domain)).toEqual(
        expect.arrayContaining(["domain", "primary", "whois", "backlinks", "health", "dns"]),
      );
      expect(domain).not.toHaveProperty("brand");
      expect(domain.whois).toHaveProperty("registrar");
      expect(domain.health).toHaveProperty("uptime_pct");
      expect(domain.dns).toHaveProperty("ns");
      expect(domain.backlinks).toHaveProperty("referring_domains");
    }
  });

  it("lists its licenses with jurisdiction, and counts the active ones", async () => {
    const { body } = await getJson<Card>(host, `/api/dataset/v1/brands/${rich.slug}`);
    expect(body.data.licenses.length).toBeGreaterThan(1);
    for (const license of body.data.licenses) {
      expect(license).not.toHaveProperty("brand");
      expect(license.jurisdiction).toMatch(/^[A-Z]{2}$/);
    }
    expect(body.data.licenses_count).toBe(rich.licenses_count);
    expect(body.data.licenses_count).toBeLessThanOrEqual(body.data.licenses.length);
  });

  it("gives a monthly demand series per country, countries in code order, periods ascending, sod and adi with at most 4 decimals", async () => {
    const { body } = await getJson<Card>(host, `/api/dataset/v1/brands/${rich.slug}`);
    const countries = body.data.demand.map((entry) => entry.country);
    expect(countries).toEqual([...countries].sort());
    for (const { series } of body.data.demand) {
      expect(series.map((point) => point.period)).toEqual([...series.map((point) => point.period)].sort());
      for (const point of series) {
        expect(point.adi).toBeGreaterThanOrEqual(0);
        expect(point.adi).toBeLessThanOrEqual(100);
        expect(point.sod).toBeLessThanOrEqual(point.adi);
        expect(Math.round(point.sod * 10_000) / 10_000).toBe(point.sod);
      }
    }
  });

  it("carries a generated description built from its figures", async () => {
    const { body } = await getJson<Card>(host, `/api/dataset/v1/brands/${rich.slug}`);
    expect(body.data.description).toContain(rich.name);
    expect(body.data.description).toContain(`Its Trust Score 2.0 is ${rich.trust.score} (grade ${rich.trust.grade})`);
  });

  it("finds the brand whatever the case of the slug, with the same bytes", async () => {
    const lower = await getJson(host, `/api/dataset/v1/brands/${rich.slug}`);
    const upper = await getJson(host, `/api/dataset/v1/brands/${rich.slug.toUpperCase()}`);
    expect(upper.text).toBe(lower.text);
  });

  it.each([["no-such-brand"], ["%C3%A9t%C3%A9"], ["x".repeat(300)]])(
    "an unknown slug (%s) → 404 brand_not_found naming it",
    async (slug) => {
      const { status, body } = await getJson(host, `/api/dataset/v1/brands/${slug}`);
      expect(status).toBe(404);
      expect(body).toMatchObject({ error: "brand_not_found", status: 404 });
      expect((body as unknown as { details: { slug: string } }).details.slug).toBe(
        decodeURIComponent(slug).slice(0, 100),
      );
    },
  );

  it("reads an encoded slash as a slash, as a CDN router does: /brands/a%2Fb is no endpoint", async () => {
    const { status, body } = await getJson(host, "/api/dataset/v1/brands/a%2Fb");
    expect(status).toBe(404);
    expect(body).toMatchObject({ error: "not_found", status: 404 });
  });

  it("takes no parameters", async () => {
    const { status, body } = await getJson(host, `/api/dataset/v1/brands/${rich.slug}?fields=name`);
    expect(status).toBe(400);
    expect(body).toMatchObject({ error: "unknown_parameter", details: { parameter: "fields", allowed: [] } });
  });
});

describe("/brands/{slug}/trust-history", () => {
  it("gives one entry per period (24), ascending, the month before the card's trust", async () => {
    const { body } = await getJson<
      { period: string; score: number; grade: string; components: Record<string, number> }[]
    >(host, `/api/dataset/v1/brands/${rich.slug}/trust-history`);
    expect(body.data).toHaveLength(24);
    expect(body.data.map((entry) => entry.period)).toEqual(periods);
    for (const entry of body.data) {
      expect(Object.keys(entry)).toEqual(["period", "score", "grade", "provisional", "coverage", "components"]);
      expect(Object.keys(entry.components)).toEqual(Object.keys(TRUST_WEIGHTS));
      expect(entry.grade).toBe(gradeOf(entry.score));
      for (const value of Object.values(entry.components)) expect(value >= 0 && value <= 100).toBe(true);
    }
    // The card's trust is the score as of the snapshot (#27), the month after the last history month.
    const card = await getJson<Card>(host, `/api/dataset/v1/brands/${rich.slug}`);
    expect(body.data.at(-1)!.period).toBe("2026-10");
    expect(card.body.data.trust.period).toBe("2026-11");
    expect(body.meta).toMatchObject({ brand: rich.slug, weights: TRUST_WEIGHTS });
  });

  it("an unknown slug → 404 brand_not_found", async () => {
    const { status, body } = await getJson(host, "/api/dataset/v1/brands/no-such-brand/trust-history");
    expect(status).toBe(404);
    expect(body).toMatchObject({ error: "brand_not_found" });
  });
});
