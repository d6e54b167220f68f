import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { useSampleHost } from "../helpers/sample-host.ts";

const host = useSampleHost();
const META = JSON.parse(readFileSync("seeds/meta/meta.json", "utf8")) as {
  snapshot_at: string;
  dataset: { source: string; license: string; attribution: string };
};

interface Envelope {
  meta: Record<string, unknown>;
  data: unknown;
}

async function getJson(path: string): Promise<{ response: Response; body: Envelope }> {
  const response = await host.get(path);
  return { response, body: (await response.json()) as Envelope };
}

/** The Link header as rel → URL. */
function links(response: Response): Record<string, string> {
  const header = response.headers.get("link") ?? "";
  return Object.fromEntries([...header.matchAll(/<([^>]*)>; rel="(\w+)"/g)].map((match) => [match[2], match[1]]));
}

describe("the envelope (contract §1, Success bodies)", () => {
  it.each([
    ["/api/dataset/v1/brands"],
    ["/api/dataset/v1/brands?q=amber"],
    ["/api/dataset/v1/brands/amber-braika"],
    ["/api/dataset/v1/brands/amber-braika/trust-history"],
    ["/api/dataset/v1/trust-scores?grade=a"],
    ["/api/dataset/v1/compare?brands=amber-braika,amber-comet"],
  ])("%s: meta starts with source, license, attribution and generated_at = the seeds' snapshot time", async (path) => {
    const { response, body } = await getJson(path);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(Object.keys(body)).toEqual(["meta", "data"]);
    expect(Object.keys(body.meta).slice(0, 4)).toEqual(["source", "license", "attribution", "generated_at"]);
    expect(body.meta).toMatchObject({
      source: META.dataset.source,
      license: META.dataset.license,
      attribution: META.dataset.attribution,
      generated_at: META.snapshot_at,
    });
    expect(new Date(String(body.meta.generated_at)).toISOString().slice(0, 19)).toBe(META.snapshot_at.slice(0, 19));
  });

  it("keeps the discovery document unenveloped, with the same generated_at", async () => {
    const response = await host.get("/api/dataset/v1/");
    const body = (await response.json()) as Record<string, unknown>;
    expect(body.meta).toBeUndefined();
    expect(body.generated_at).toBe(META.snapshot_at);
  });
});

describe("pagination (contract §1)", () => {
  it("states page, per_page, total and pages, with X-Total-Count and a Link with first, prev, next and last", async () => {
    const { body: discovery } = await getJson("/api/dataset/v1/");
    const total = (discovery as unknown as { stats: { brands: number } }).stats.brands;
    const { response, body } = await getJson("/api/dataset/v1/brands?per_page=7&page=3");
    const pages = Math.ceil(total / 7);
    expect(body.meta).toMatchObject({ page: 3, per_page: 7, total, pages });
    expect(body.data).toHaveLength(7);
    expect(response.headers.get("x-total-count")).toBe(String(total));
    expect(links(response)).toEqual({
      first: "/api/dataset/v1/brands?per_page=7",
      prev: "/api/dataset/v1/brands?page=2&per_page=7",
      next: "/api/dataset/v1/brands?page=4&per_page=7",
      last: `/api/dataset/v1/brands?page=${pages}&per_page=7`,
    });
  });

  it("gives no prev on the first page and no next on the last", async () => {
    const first = await getJson("/api/dataset/v1/trust-scores");
    expect(Object.keys(links(first.response))).toEqual(["first", "next", "last"]);
    const lastUrl = links(first.response).last!;
    const last = await getJson(lastUrl);
    expect(Object.keys(links(last.response))).toEqual(["first", "prev", "last"]);
    expect(last.body.meta.page).toBe(first.body.meta.pages);
  });

  it("answers a page past the end with 200 and data []", async () => {
    const { response, body } = await getJson("/api/dataset/v1/brands?page=9999");
    expect(response.status).toBe(200);
    expect(body.data).toEqual([]);
    expect(body.meta.page).toBe(9999);
    expect(links(response).next).toBeUndefined();
    expect(links(response).prev).toBe(links(response).last);
  });

  it("has 0 pages and an empty list when nothing matches", async () => {
    const { response, body } = await getJson("/api/dataset/v1/brands?country=XX");
    expect(body.meta).toMatchObject({ total: 0, pages: 0, page: 1 });
    expect(body.data).toEqual([]);
    expect(response.headers.get("x-total-count")).toBe("0");
    expect(links(response)).toEqual({
      first: "/api/dataset/v1/brands?country=XX",
      last: "/api/dataset/v1/brands?country=XX",
    });
  });

  it.each([
    ["/api/dataset/v1/brands?sort=trust_score&per_page=37"],
    ["/api/dataset/v1/brands?sort=licenses_count&order=asc&per_page=61"],
    ["/api/dataset/v1/trust-scores?per_page=43"],
  ])("walking %s by its next links visits every item once, in the order of one big page", async (start) => {
    const seen: string[] = [];
    let url: string | undefined = start;
    let total = 0;
    while (url !== undefined) {
      const { response, body } = await getJson(url);
      total = Number(body.meta.total);
      seen.push(...(body.data as { slug: string }[]).map((item) => item.slug));
      url = links(response).next;
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    const big: string[] = [];
    const perPage100 = start.replace(/per_page=\d+/, "per_page=100");
    for (let page = 1; big.length < total; page += 1) {
      const { body } = await getJson(`${perPage100}&page=${page}`);
      big.push(...(body.data as { slug: string }[]).map((item) => item.slug));
    }
    expect(seen).toEqual(big);
  });
});
