import { describe, expect, it } from "vitest";
import { useSampleHost } from "../helpers/sample-host.ts";
import { getJson } from "./http.ts";

const host = useSampleHost();

describe("GET /api/dataset/v1/: stats", () => {
  it.each([
    ["brands", "/brands", (body: { meta: { total: number } }) => body.meta.total],
    ["licenses", "/licenses", (body: { meta: { total: number } }) => body.meta.total],
    ["providers", "/providers", (body: { meta: { total: number } }) => body.meta.total],
    ["games", "/games", (body: { meta: { total: number } }) => body.meta.total],
    ["countries", "/countries", (body: { data: unknown[] }) => body.data.length],
    ["countries_with_demand_data", "/countries", (body: { data: { coverage: { periods: number } }[] }) => body.data.filter((country) => country.coverage.periods > 0).length],
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
    for (const country of countries.data.filter((entry: { coverage: { brands: number } }) => entry.coverage.brands > 0)) values += (await getJson(host, `/index?country=${country.code}`)).body.data.length;
    expect(values).toBe(discovery.stats.index_values);
    expect(discovery.stats.index_values).toBe(discovery.stats.monthly_demand_rows * 2);
  });

  it("lists every dataset endpoint, /openapi.json included, with the base URL's openapi address", async () => {
    const { body } = await getJson(host, "/");
    for (const path of ["/licenses", "/regulators", "/providers", "/providers/{slug}", "/provider-ranks", "/games", "/games/{slug}", "/game-ranks", "/countries", "/index", "/trending", "/momentum", "/ground-truth", "/tc-alerts", "/openapi.json"]) {
      expect(body.endpoints).toHaveProperty([`GET ${path}`]);
    }
    expect(body.openapi).toBe(`${body.base_url}/openapi.json`);
  });
});
