import { beforeAll, describe, expect, it } from "vitest";
import type { BrandRecord } from "../../../build/compute/dataset.ts";
import { useSampleHost } from "../../helpers/sample-host.ts";
import { getJson, sampleBrands } from "./brand-fixtures.ts";

const host = useSampleHost();
let slugs: string[];
let bySlug: Map<string, BrandRecord>;
beforeAll(async () => {
  const brands = await sampleBrands();
  slugs = brands.slice(0, 6).map((brand) => brand.slug);
  bySlug = new Map(brands.map((brand) => [brand.slug, brand]));
});

interface Compared {
  slug: string;
  trust: { score: number; grade: string; rank: number; components: object };
  licenses: { active: number; total: number; regulators: string[] };
  markets: string[];
  review_rating: number;
  app_stores: object;
  social: object;
  payment_methods: string[];
}

describe("/compare", () => {
  it.each([[2], [3], [5]])("compares %d distinct brands side by side, in the requested order", async (n) => {
    const requested = slugs.slice(0, n).reverse();
    const { status, body } = await getJson<Compared[]>(host, `/api/dataset/v1/compare?brands=${requested.join(",")}`);
    expect(status).toBe(200);
    expect(body.data.map((entry) => entry.slug)).toEqual(requested);
    expect(body.meta.brands).toEqual(requested);
    for (const entry of body.data) {
      const brand = bySlug.get(entry.slug)!;
      expect(entry.trust).toMatchObject({
        score: brand.trust.score,
        grade: brand.trust.grade,
        components: brand.trust.components,
      });
      expect(entry.licenses.active).toBe(brand.licenses_count);
      expect(entry.licenses.regulators).toEqual([...entry.licenses.regulators].sort());
      expect(entry).toMatchObject({
        markets: brand.markets,
        review_rating: brand.reputation?.review_rating ?? null,
        app_stores: brand.app_stores,
        social: brand.social,
        payment_methods: brand.payment_methods,
      });
    }
  });

  it("reads slugs case-insensitively and from a repeated parameter", async () => {
    const plain = await getJson(host, `/api/dataset/v1/compare?brands=${slugs[0]},${slugs[1]}`);
    const spelled = await getJson(host, `/api/dataset/v1/compare?brands=${slugs[0]!.toUpperCase()}&brands=${slugs[1]}`);
    expect(spelled.text).toBe(plain.text);
  });

  it.each([
    ["one slug", () => `brands=${slugs[0]}`],
    ["six slugs", () => `brands=${slugs.join(",")}`],
    ["a duplicate", () => `brands=${slugs[0]},${slugs[1]},${slugs[0]}`],
    ["a duplicate in another case", () => `brands=${slugs[0]},${slugs[0]!.toUpperCase()}`],
  ])("%s → 400 invalid_parameter", async (_case, query) => {
    const { status, body } = await getJson(host, `/api/dataset/v1/compare?${query()}`);
    expect(status).toBe(400);
    expect(body).toMatchObject({ error: "invalid_parameter", details: { parameter: "brands" } });
  });

  it.each([[""], ["?brands="]])("no brands (%j) → 400 missing_parameter", async (query) => {
    const { status, body } = await getJson(host, `/api/dataset/v1/compare${query}`);
    expect(status).toBe(400);
    expect(body).toMatchObject({ error: "missing_parameter", details: { parameter: "brands" } });
  });

  it("an unknown slug → 404 brand_not_found naming it", async () => {
    const { status, body } = await getJson(host, `/api/dataset/v1/compare?brands=${slugs[0]},no-such-brand`);
    expect(status).toBe(404);
    expect(body).toMatchObject({ error: "brand_not_found", details: { slug: "no-such-brand" } });
  });
});
