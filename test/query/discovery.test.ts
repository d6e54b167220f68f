import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SAMPLE_BASE_URL } from "../helpers/global-setup.ts";
import { sampleContext, useSampleHost } from "../helpers/sample-host.ts";
import { getJson } from "./dataset/http.ts";

const host = useSampleHost();
const META = JSON.parse(readFileSync("seeds/meta/meta.json", "utf8")) as {
  snapshot_at: string;
  contact: string;
  dataset: Record<string, string>;
};

async function discovery(path = "/api/dataset/v1/"): Promise<Record<string, unknown>> {
  const response = await host.get(path);
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

describe("the dataset discovery document", () => {
  it("has every field of the interface description, and nothing enveloped", async () => {
    const document = await discovery();
    const fields = [
      "source",
      "license",
      "docs",
      "name",
      "version",
      "description",
      "generated_at",
      "base_url",
      "endpoints",
      "stats",
      "rate_limit",
      "caching",
      "data_license",
      "openapi",
      "methodology",
      "llms_txt",
      "contact",
    ];
    expect(Object.keys(document).sort()).toEqual(expect.arrayContaining(fields.sort()));
    expect(document).not.toHaveProperty("meta");
    expect(document).toMatchObject({
      name: META.dataset.name,
      version: "v1",
      description: META.dataset.description,
      source: META.dataset.source,
      license: META.dataset.license,
      generated_at: META.snapshot_at,
      contact: META.contact,
      base_url: `${SAMPLE_BASE_URL}/api/dataset/v1`,
      docs: `${SAMPLE_BASE_URL}/api/dataset/v1/docs`,
      openapi: `${SAMPLE_BASE_URL}/api/dataset/v1/openapi.json`,
      methodology: `${SAMPLE_BASE_URL}/methodology/`,
      llms_txt: `${SAMPLE_BASE_URL}/llms.txt`,
    });
    for (const text of ["rate_limit", "caching", "data_license", "description"])
      expect(typeof document[text] === "string" && (document[text] as string).length > 10, text).toBe(true);
    expect(document.data_license).toContain(META.dataset.attribution);
    expect(document.caching).toContain("strong ETag (except a streamed export computed on the fly)");
  });

  it("answers the base path with and without its trailing slash, byte for byte", async () => {
    const a = await (await host.get("/api/dataset/v1/")).text();
    const b = await (await host.get("/api/dataset/v1")).text();
    expect(b).toBe(a);
  });

  it("gives real stats of the built data, as integers", async () => {
    const { context } = await sampleContext();
    const { dataset } = context;
    const stats = (await discovery()).stats as Record<string, number>;
    expect(Object.keys(stats)).toEqual([
      "brands",
      "domains",
      "licenses",
      "countries",
      "countries_with_demand_data",
      "providers",
      "games",
      "index_values",
      "monthly_demand_rows",
    ]);
    for (const value of Object.values(stats)) expect(Number.isInteger(value)).toBe(true);
    expect(stats).toMatchObject({
      brands: dataset.brands.length,
      domains: dataset.domains.length,
      licenses: dataset.licenses.length,
      countries: dataset.countries.length,
      countries_with_demand_data: new Set(
        dataset.index.filter((value) => (value.volume ?? 0) > 0).map((value) => value.country),
      ).size,
      providers: dataset.providers.length,
      games: dataset.games.length,
      // Every seed row: the sample's rows all name a vertical (#27).
      monthly_demand_rows: dataset.verticalIndex.length,
      index_values: dataset.index.length * 2, // sod and adi of every brand-month over all verticals
    });
    expect(stats.brands).toBeGreaterThanOrEqual(800);
    expect(stats.countries).toBe(65);
  });

  it("maps `GET <path>` to a summary for every endpoint of the brand family", async () => {
    const endpoints = (await discovery()).endpoints as Record<string, string>;
    for (const path of [
      "/",
      "/brands",
      "/brands/{slug}",
      "/brands/{slug}/trust-history",
      "/trust-scores",
      "/compare",
    ]) {
      expect(typeof endpoints[`GET ${path}`], path).toBe("string");
    }
    expect(Object.keys(endpoints).every((key) => key.startsWith("GET /"))).toBe(true);
    expect(Object.keys(endpoints).some((key) => key.includes("resumes"))).toBe(false);
  });

  it("takes no parameters", async () => {
    const response = await host.get("/api/dataset/v1/?page=1");
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "unknown_parameter" });
  });
});

describe("GET /api/dataset/v1/: stats", () => {
  it.each([
    ["brands", "/brands", (body: { meta: { total: number } }) => body.meta.total],
    ["licenses", "/licenses", (body: { meta: { total: number } }) => body.meta.total],
    ["providers", "/providers", (body: { meta: { total: number } }) => body.meta.total],
    ["games", "/games", (body: { meta: { total: number } }) => body.meta.total],
    ["countries", "/countries", (body: { data: unknown[] }) => body.data.length],
    [
      "countries_with_demand_data",
      "/countries",
      (body: { data: { coverage: { periods: number } }[] }) =>
        body.data.filter((country) => country.coverage.periods > 0).length,
    ],
  ] as const)("stats.%s equals what %s reports", async (stat, path, count) => {
    const discovery = await getJson(host, "/");
    const answer = await getJson(host, path);
    expect(discovery.body.stats[stat]).toBe(count(answer.body as never));
    expect(discovery.body.stats[stat]).toBeGreaterThan(0);
  });

  it("counts index values as sod plus adi of every demand row, as /index reports them", async () => {
    const { body: discovery } = await getJson(host, "/");
    const { body: countries } = await getJson(host, "/countries");
    let values = 0;
    for (const country of countries.data.filter((entry: { coverage: { brands: number } }) => entry.coverage.brands > 0))
      values += (await getJson(host, `/index?country=${country.code}`)).body.data.length;
    expect(values).toBe(discovery.stats.index_values);
    // Each all-verticals brand-month rests on one demand row at least (one per vertical of the brand, #27).
    expect(discovery.stats.monthly_demand_rows).toBeGreaterThanOrEqual(discovery.stats.index_values / 2);
  });

  it("lists every dataset endpoint, /openapi.json included, with the base URL's openapi address", async () => {
    const { body } = await getJson(host, "/");
    for (const path of [
      "/licenses",
      "/regulators",
      "/providers",
      "/providers/{slug}",
      "/provider-ranks",
      "/games",
      "/games/{slug}",
      "/game-ranks",
      "/countries",
      "/index",
      "/trending",
      "/momentum",
      "/ground-truth",
      "/tc-alerts",
      "/openapi.json",
    ]) {
      expect(body.endpoints).toHaveProperty([`GET ${path}`]);
    }
    expect(body.openapi).toBe(`${body.base_url}/openapi.json`);
  });
});
