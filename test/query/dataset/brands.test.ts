import { beforeAll, describe, expect, it } from "vitest";
import type { BrandRecord } from "../../../build/compute/dataset.ts";
import { useSampleHost } from "../../helpers/sample-host.ts";
import { expectedOrder, getAll, getJson, sampleBrands, type BrandItem } from "./brand-fixtures.ts";

const host = useSampleHost();
let brands: BrandRecord[];
beforeAll(async () => {
  brands = await sampleBrands();
});

const count = (keep: (brand: BrandRecord) => boolean) => brands.filter(keep).length;

describe("/brands", () => {
  it("lists brands by name with the contract's item fields and its sort in meta", async () => {
    const { body, headers } = await getJson<BrandItem[]>(host, "/api/dataset/v1/brands");
    expect(body.meta).toMatchObject({
      sort: "name",
      order: "asc",
      page: 1,
      per_page: 50,
      total: brands.length,
      pages: Math.ceil(brands.length / 50),
    });
    expect(body.data).toHaveLength(50);
    for (const item of body.data)
      expect(Object.keys(item)).toEqual([
        "slug",
        "name",
        "licenses_count",
        "trust_score",
        "trust_grade",
        "trust_provisional",
        "status",
      ]);
    const first = brands.find((brand) => brand.slug === body.data[0]!.slug)!;
    expect(body.data[0]).toEqual({
      slug: first.slug,
      name: first.name,
      licenses_count: first.licenses_count,
      trust_score: first.trust.score,
      trust_grade: first.trust.grade,
      trust_provisional: first.trust.provisional,
      status: first.status,
    });
    expect(headers.get("x-total-count")).toBe(String(brands.length));
  });

  it.each([["active"], ["dormant"], ["closed"]])("status=%s keeps only that status", async (status) => {
    const items = await getAll<BrandItem>(host, `/api/dataset/v1/brands?status=${status}`);
    expect(items.length).toBe(count((brand) => brand.status === status));
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((item) => item.status === status)).toBe(true);
  });

  it("status takes several values (comma or repeated) meaning any of them, case-insensitively", async () => {
    const expected = count((brand) => brand.status !== "active");
    for (const query of ["status=dormant,closed", "status=closed&status=dormant", "status=DORMANT,Closed"]) {
      const { body } = await getJson(host, `/api/dataset/v1/brands?${query}`);
      expect(body.meta.total, query).toBe(expected);
    }
  });

  it.each([
    ["1", true],
    ["true", true],
    ["0", false],
    ["false", false],
  ])("has_license=%s keeps brands %s an active license", async (flag, licensed) => {
    const items = await getAll<BrandItem>(host, `/api/dataset/v1/brands?has_license=${flag}`);
    expect(items.length).toBe(count((brand) => brand.licenses_count !== null && brand.licenses_count > 0 === licensed));
    expect(items.every((item) => item.licenses_count > 0 === licensed)).toBe(true);
  });

  it("country filters by market; UK is GB and case does not matter; the same bytes whatever the spelling", async () => {
    const { text: gb, body } = await getJson(host, "/api/dataset/v1/brands?country=GB");
    expect(body.meta.total).toBe(count((brand) => brand.markets.includes("GB")));
    expect(Number(body.meta.total)).toBeGreaterThan(0);
    for (const spelling of ["gb", "UK", "uk", "Gb,uK"])
      expect((await getJson(host, `/api/dataset/v1/brands?country=${spelling}`)).text, spelling).toBe(gb);
  });

  it("country takes several markets meaning any of them", async () => {
    const items = await getAll<BrandItem>(host, "/api/dataset/v1/brands?country=GB,DE&country=mt");
    const expected = brands.filter((brand) => brand.markets.some((market) => ["GB", "DE", "MT"].includes(market)));
    expect(items.map((item) => item.slug).sort()).toEqual(expected.map((brand) => brand.slug).sort());
  });

  it("an unknown country matches nothing (open vocabulary)", async () => {
    const { status, body } = await getJson(host, "/api/dataset/v1/brands?country=ZZ");
    expect(status).toBe(200);
    expect(body.meta.total).toBe(0);
  });

  it("q keeps brands whose name or slug holds every word, whatever the case", async () => {
    const word = brands[0]!.name.split(" ")[0]!;
    const items = await getAll<BrandItem>(host, `/api/dataset/v1/brands?q=${encodeURIComponent(word.toUpperCase())}`);
    const expected = brands.filter((brand) => `${brand.name} ${brand.slug}`.toLowerCase().includes(word.toLowerCase()));
    expect(items.map((item) => item.slug).sort()).toEqual(expected.map((brand) => brand.slug).sort());
    const [name] = brands.filter((brand) => brand.name.includes(" ")).map((brand) => brand.name);
    const reversed = name!.split(" ").reverse().join(" ");
    const { body } = await getJson<BrandItem[]>(host, `/api/dataset/v1/brands?q=${encodeURIComponent(reversed)}`);
    expect(body.data.map((item) => item.name)).toContain(name);
    expect((await getJson(host, "/api/dataset/v1/brands?q=qqqzzzxxx")).body.meta.total).toBe(0);
  });

  it("q that folds to nothing (a lone accent) matches no brand, where q of spaces is absent", async () => {
    for (const q of ["%C2%B4", "%CC%81"])
      expect((await getJson(host, `/api/dataset/v1/brands?q=${q}`)).body.meta.total, q).toBe(0);
    expect((await getJson(host, "/api/dataset/v1/brands?q=%20")).body.meta.total).toBe(brands.length);
  });

  it("combines different filters with AND", async () => {
    const items = await getAll<BrandItem>(host, "/api/dataset/v1/brands?status=active&has_license=1&country=GB");
    const expected = brands.filter(
      (brand) => brand.status === "active" && (brand.licenses_count ?? 0) > 0 && brand.markets.includes("GB"),
    );
    expect(items.map((item) => item.slug).sort()).toEqual(expected.map((brand) => brand.slug).sort());
  });

  it.each<[string, (brand: BrandRecord) => number | string | null, "asc" | "desc", string]>([
    ["name", (brand) => brand.name.toLowerCase(), "asc", ""],
    ["name", (brand) => brand.name.toLowerCase(), "desc", "&order=desc"],
    ["slug", (brand) => brand.slug, "asc", ""],
    ["slug", (brand) => brand.slug, "desc", "&order=desc"],
    ["licenses_count", (brand) => brand.licenses_count, "desc", ""],
    ["licenses_count", (brand) => brand.licenses_count, "asc", "&order=asc"],
    ["trust_score", (brand) => brand.trust.score, "desc", ""],
    ["trust_score", (brand) => brand.trust.score, "asc", "&order=asc"],
  ])("sort=%s runs %s (%s), ties broken by slug ascending", async (sort, value, order, orderParam) => {
    const items = await getAll<BrandItem>(host, `/api/dataset/v1/brands?sort=${sort}${orderParam}`);
    expect(items.map((item) => item.slug)).toEqual(expectedOrder(brands, value, order));
    const { body } = await getJson(host, `/api/dataset/v1/brands?sort=${sort}${orderParam}`);
    expect(body.meta).toMatchObject({ sort, order });
  });

  it("has ties to break (so the tie-break test above means something)", () => {
    expect(new Set(brands.map((brand) => brand.licenses_count)).size).toBeLessThan(brands.length / 10);
  });

  it("order alone flips the default name sort", async () => {
    const { body } = await getJson<BrandItem[]>(host, "/api/dataset/v1/brands?order=desc&per_page=5");
    expect(body.data.map((item) => item.slug)).toEqual(
      expectedOrder(brands, (brand) => brand.name.toLowerCase(), "desc").slice(0, 5),
    );
  });

  it("limit is an alias of per_page", async () => {
    const byLimit = await getJson<BrandItem[]>(host, "/api/dataset/v1/brands?limit=10");
    const byPerPage = await getJson<BrandItem[]>(host, "/api/dataset/v1/brands?per_page=10");
    expect(byLimit.text).toBe(byPerPage.text);
    expect(byLimit.body.meta).toMatchObject({ per_page: 10, pages: Math.ceil(brands.length / 10) });
    expect(byLimit.headers.get("link")).toContain("/api/dataset/v1/brands?page=2&per_page=10");
    expect((await getJson(host, "/api/dataset/v1/brands?limit=10&per_page=10")).status).toBe(200);
  });

  it.each([
    ["limit=10&per_page=20", "limit"],
    ["per_page=101", "per_page"],
    ["limit=101", "limit"],
    ["per_page=0", "per_page"],
    ["status=open", "status"],
    ["has_license=yes", "has_license"],
    ["sort=rating", "sort"],
    ["order=upward", "order"],
    ["page=0", "page"],
  ])("%s → 400 invalid_parameter naming %s", async (query, parameter) => {
    const { status, body } = await getJson(host, `/api/dataset/v1/brands?${query}`);
    expect(status).toBe(400);
    expect(body).toMatchObject({ error: "invalid_parameter", details: { parameter } });
  });

  it("per_page=100 is the maximum", async () => {
    const { body } = await getJson<BrandItem[]>(host, "/api/dataset/v1/brands?per_page=100");
    expect(body.data).toHaveLength(100);
  });

  it.each([["grade=a"], ["Status=active"], ["brands=x"]])("%s → 400 unknown_parameter", async (query) => {
    const { status, body } = await getJson(host, `/api/dataset/v1/brands?${query}`);
    expect(status).toBe(400);
    expect(body).toMatchObject({ error: "unknown_parameter" });
  });
});
