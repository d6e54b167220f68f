import { beforeAll, describe, expect, it } from "vitest";
import type { BrandRecord } from "../../../build/compute/dataset.ts";
import { useSampleHost } from "../../helpers/sample-host.ts";
import { expectedOrder, getAll, getJson, sampleBrands } from "./brand-fixtures.ts";

const host = useSampleHost();
let brands: BrandRecord[];
beforeAll(async () => {
  brands = await sampleBrands();
});

interface Entry {
  rank: number;
  slug: string;
  name: string;
  score: number;
  grade: string;
}

describe("/trust-scores", () => {
  it("ranks every brand by score descending, ties by slug, rank 1..n", async () => {
    const entries = await getAll<Entry>(host, "/api/dataset/v1/trust-scores");
    expect(entries.map((entry) => entry.slug)).toEqual(expectedOrder(brands, (brand) => brand.trust.score, "desc"));
    expect(entries.map((entry) => entry.rank)).toEqual(entries.map((_, i) => i + 1));
    for (const entry of entries)
      expect(Object.keys(entry)).toEqual(["rank", "slug", "name", "score", "grade", "provisional", "coverage"]);
    const { body } = await getJson(host, "/api/dataset/v1/trust-scores");
    expect(body.meta).toMatchObject({ sort: "score", order: "desc", page: 1, per_page: 50, total: brands.length });
  });

  it("order=asc reverses the ranking (ties still by slug ascending) and keeps each brand's rank", async () => {
    const descending = await getAll<Entry>(host, "/api/dataset/v1/trust-scores");
    const ascending = await getAll<Entry>(host, "/api/dataset/v1/trust-scores?order=asc");
    expect(ascending.map((entry) => entry.slug)).toEqual(expectedOrder(brands, (brand) => brand.trust.score, "asc"));
    const rankOf = new Map(descending.map((entry) => [entry.slug, entry.rank]));
    expect(ascending.every((entry) => entry.rank === rankOf.get(entry.slug))).toBe(true);
  });

  it.each([["A"], ["b"], ["C"], ["d"], ["E"]])("grade=%s keeps that grade, with the global rank", async (grade) => {
    const entries = await getAll<Entry>(host, `/api/dataset/v1/trust-scores?grade=${grade}`);
    expect(entries.length).toBe(brands.filter((brand) => brand.trust.grade === grade.toUpperCase()).length);
    expect(entries.every((entry) => entry.grade === grade.toUpperCase())).toBe(true);
    expect(entries.map((entry) => entry.rank)).toEqual([...entries.map((entry) => entry.rank)].sort((a, b) => a - b));
  });

  it("has brands in several grades (so the grade filter test means something)", () => {
    expect(new Set(brands.map((brand) => brand.trust.grade)).size).toBeGreaterThanOrEqual(3);
  });

  it("grade takes several values", async () => {
    const { body } = await getJson(host, "/api/dataset/v1/trust-scores?grade=a,b&grade=c");
    expect(body.meta.total).toBe(brands.filter((brand) => ["A", "B", "C"].includes(brand.trust.grade ?? "")).length);
  });

  it("sort=score&order=desc is the default's canonical spelling: the same bytes", async () => {
    const plain = await getJson(host, "/api/dataset/v1/trust-scores");
    const spelled = await getJson(host, "/api/dataset/v1/trust-scores?sort=score&order=desc&page=1&per_page=50");
    expect(spelled.text).toBe(plain.text);
  });

  it.each([
    ["grade=F", "invalid_parameter"],
    ["sort=name", "invalid_parameter"],
    ["order=random", "invalid_parameter"],
    ["per_page=101", "invalid_parameter"],
    ["limit=10", "unknown_parameter"],
    ["status=active", "unknown_parameter"],
  ])("%s → 400 %s", async (query, code) => {
    const { status, body } = await getJson(host, `/api/dataset/v1/trust-scores?${query}`);
    expect(status).toBe(400);
    expect(body).toMatchObject({ error: code });
  });
});
