/**
 * The exports fixture built (issue 26): a publisher's small, incomplete data set (six brands, three
 * countries, six months, most signals unknown) gives a sensible site and API. Every endpoint answers it,
 * and no page, answer or download says NaN, undefined or a bare null, or draws an empty chart.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ENDPOINTS } from "../../build/query/endpoints.ts";
import { SERVICE_BASES } from "../../build/query/services.ts";
import { handleRequest } from "../../build/serve/handle-request.ts";
import { EMPTY_STORE } from "../../build/serve/precomputed-store.ts";
import { exportsBuild } from "../fixtures/exports-build.ts";

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/** A request URL of an endpoint: its path with the slots filled, and the query pairs. */
function urlOf(template: string, pathParams: Record<string, string>, pairs: readonly [string, string][]): string {
  const filled = template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(pathParams[name] ?? ""));
  const query = new URLSearchParams([...pairs]).toString();
  return query === "" ? filled : `${filled}?${query}`;
}

/** What no text a person or a program reads may hold: a number gone wrong, a missing value printed. */
const BAD_TEXT: readonly [string, RegExp][] = [
  ["NaN", /\bNaN\b/],
  ["undefined", /\bundefined\b/],
  ["Infinity", /\bInfinity\b/],
  ["a bare null in HTML", /(?<!<code)>\s*null\s*</],
  ["an empty chart", /<svg\b[^>]*>\s*<\/svg>/],
  ["an empty table body", /<tbody>\s*<\/tbody>/],
];

describe("the exports fixture, built (issue 26)", () => {
  it("answers every endpoint of both services with 200 for its first queries", async () => {
    const { context } = await exportsBuild();
    const deps = { context, endpoints: ENDPOINTS, store: EMPTY_STORE };
    const compare = [["brands", "northlight-casino,fjordbet"]] as [string, string][];
    for (const endpoint of ENDPOINTS) {
      // /compare has no key space worth a file: it is asked for two brands.
      const entries =
        endpoint.id === "dataset.compare"
          ? [{ pathParams: {}, pairs: compare }]
          : endpoint.keySpace
            ? [...endpoint.keySpace(context)].slice(0, 5)
            : [{ pathParams: {}, pairs: [] as [string, string][] }];
      expect(entries.length, endpoint.id).toBeGreaterThan(0);
      for (const entry of entries) {
        const url = `${SERVICE_BASES[endpoint.service]}${urlOf(endpoint.path, entry.pathParams, entry.pairs)}`;
        const response = await handleRequest({ method: "GET", url, clientAddress: "test" }, deps);
        expect(response.status, url).toBe(200);
      }
    }
  });

  it("writes no page, answer or download with NaN, undefined, a bare null or an empty chart", async () => {
    const { dist } = await exportsBuild();
    const texts = (await filesUnder(dist)).filter((file) => /\.(html|json|ndjson|txt|csv|svg)$/.test(file));
    expect(texts.length).toBeGreaterThan(150);
    const found: string[] = [];
    for (const file of texts) {
      const text = await readFile(file, "utf8");
      for (const [what, pattern] of BAD_TEXT)
        if (pattern.test(text)) found.push(`${path.relative(dist, file)}: ${what}`);
    }
    expect(found).toEqual([]);
  });

  it("captions charts and tables with the real counts of a small market (the 2 brands, not the 5)", async () => {
    const { dist } = await exportsBuild();
    const read = (page: string) => readFile(path.join(dist, page), "utf8");
    const methodology = await read("methodology/index.html");
    expect(methodology).toContain("Share of demand (sod) of the 2 brands tracked in 2025-06 in United Kingdom (GB)");
    expect(methodology).toContain("<caption>Every provider now (2)</caption>");
    expect(await read("index.html")).toContain(
      "The 2 brands tracked in United Kingdom, the market with the most searches",
    );
    const gb = await read("markets/gb/index.html");
    expect(gb).toContain("Share of search (sod) of the 2 brands tracked in 2025-06, United Kingdom");
    expect(gb).toContain(
      "Gross gaming revenue reported by UKGC against tracked search demand in United Kingdom, 2 reporting periods from 2025-Q1",
    );
    for (const page of ["methodology/index.html", "index.html", "markets/gb/index.html", "markets/se/index.html"])
      expect(await read(page), page).not.toMatch(
        /\b(5|five) brands with the largest|\b1 (months|markets|brands|licenses|domains|changes)\b/i,
      );
  });

  it("says what a brand's data lacks is unknown on its page (before, a brand without whois stopped the build)", async () => {
    const { dist } = await exportsBuild();
    const page = await readFile(path.join(dist, "brands/fjordbet/index.html"), "utf8");
    expect(page).toContain("founded in an unknown year");
    expect(page).toContain("Withdrawal time: unknown.");
    expect(page).toContain("<caption>1 license, 1 active at the snapshot</caption>");
    const nordic = await readFile(path.join(dist, "brands/nordic-lotto/index.html"), "utf8");
    expect(nordic).toContain("Payment methods: unknown.");
    const rheinspiel = await readFile(path.join(dist, "brands/rheinspiel/index.html"), "utf8");
    expect(rheinspiel).toContain("Payment methods: none. Withdrawal time: 3 days.");
  });

  it("loads the spreadsheet CSV (byte-order mark, CRLF, dotted columns) as the publisher meant it", async () => {
    const { context } = await exportsBuild();
    const brands = context.dataset.brands;
    expect(brands.map((brand) => brand.slug).sort()).toEqual([
      "fjordbet",
      "kronen-casino",
      "nordic-lotto",
      "northlight-casino",
      "rheinspiel",
      "thames-odds",
    ]);
    expect(context.dataset.countries.map((country) => country.code).sort()).toEqual(["DE", "GB", "SE"]);
  });
});
