import { describe, expect, it } from "vitest";
import { useSampleHost } from "../../helpers/sample-host.ts";
import { expectError, getJson, isOrdered } from "./http.ts";

interface Trending {
  brand: string;
  name: string;
  country: string | null;
  previous_period: string;
  current_period: string;
  previous: number;
  current: number;
  growth_pct: number | null;
}

interface Momentum {
  brand: string;
  country: string;
  previous: number;
  volume: number;
  wow_pct: number | null;
  direction: "up" | "down" | "flat";
  flat_band: number;
}

const host = useSampleHost();

/** Number order with nulls last whatever the direction, then the tie-break key ascending. */
function byNumber<T>(value: (item: T) => number | null, direction: "asc" | "desc", tieBreak: (item: T) => string) {
  return (a: T, b: T): number => {
    const [x, y] = [value(a), value(b)];
    if (x === y) return tieBreak(a) < tieBreak(b) ? -1 : 1;
    if (x === null) return 1;
    if (y === null) return -1;
    return (x - y) * (direction === "asc" ? 1 : -1);
  };
}

describe("GET /trending", () => {
  it("gives the 20 brands with the largest growth across all countries by default", async () => {
    const { body } = await getJson(host, "/trending");
    expect(body.meta).toMatchObject({ previous_period: "2026-09", current_period: "2026-10", limit: 20 });
    expect(body.data).toHaveLength(20);
    expect(body.meta.total).toBeGreaterThan(20);
    expect(Object.keys(body.data[0])).toEqual([
      "brand",
      "name",
      "country",
      "previous_period",
      "current_period",
      "previous",
      "current",
      "growth_pct",
    ]);
    expect(body.data.every((entry: Trending) => entry.country === null)).toBe(true);
    for (const entry of body.data as Trending[])
      expect(entry.growth_pct).toBeCloseTo(((entry.current - entry.previous) / entry.previous) * 100, 3);
    expect(
      isOrdered(
        body.data as Trending[],
        byNumber(
          (entry) => entry.growth_pct,
          "desc",
          (entry) => entry.brand,
        ),
      ),
    ).toBe(true);
  });

  it("sums a brand's countries for the all-countries entry", async () => {
    const { body } = await getJson(host, "/trending?limit=1");
    const brand = body.data[0].brand;
    const { body: index } = await getJson(host, `/index?brand=${brand}&metric=sod&from=2026-09`);
    const countries = [...new Set(index.data.map((item: { country: string }) => item.country))].join(",");
    const { body: perCountry } = await getJson(host, `/trending?country=${countries}&limit=100`);
    const mine = perCountry.data.filter((entry: Trending) => entry.brand === brand);
    expect(mine.reduce((sum: number, entry: Trending) => sum + entry.current, 0)).toBe(body.data[0].current);
    expect(mine.reduce((sum: number, entry: Trending) => sum + entry.previous, 0)).toBe(body.data[0].previous);
  });

  it.each([["GB"], ["uk"], ["DE,FR"]])("keeps one country's entries with country=%s, nulls last", async (country) => {
    const { body } = await getJson(host, `/trending?country=${country}&limit=100`);
    const wanted = country.toUpperCase().replace("UK", "GB").split(",");
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.every((entry: Trending) => wanted.includes(entry.country ?? ""))).toBe(true);
    expect(
      isOrdered(
        body.data as Trending[],
        byNumber(
          (entry) => entry.growth_pct,
          "desc",
          (entry) => `${entry.brand}\u0000${entry.country}`,
        ),
      ),
    ).toBe(true);
  });

  it("honours limit and reports the total", async () => {
    const { body } = await getJson(host, "/trending?limit=5");
    const full = await getJson(host, "/trending?limit=100");
    expect(body.data).toEqual(full.body.data.slice(0, 5));
    expect(body.meta).toMatchObject({ limit: 5, total: full.body.meta.total });
  });

  it("lists only all-countries entries without country, whatever the limit (a query answered on the fly)", async () => {
    const { body } = await getJson(host, "/trending?limit=100");
    expect(body.data.length).toBeGreaterThan(20);
    expect(body.data.every((entry: Trending) => entry.country === null)).toBe(true);
    // One all-countries entry per brand: the total counts brands, not brand-country pairs.
    expect(new Set(body.data.map((entry: Trending) => entry.brand)).size).toBe(body.data.length);
  });

  it.each([
    ["/trending?limit=101", 400, "invalid_parameter", "limit"],
    ["/trending?limit=0", 400, "invalid_parameter", "limit"],
    ["/trending?limit=ten", 400, "invalid_parameter", "limit"],
    ["/trending?page=2", 400, "unknown_parameter", "page"],
    ["/trending?per_page=20", 400, "unknown_parameter", "per_page"],
    ["/trending?sort=growth_pct", 400, "unknown_parameter", "sort"],
  ])("%s → %d %s", async (path, status, code, parameter) => {
    await expectError(host, path, status, code, parameter);
  });
});

describe("GET /momentum", () => {
  it("sorts by wow_pct descending by default, with the description's fields and a documented flat band", async () => {
    const { body } = await getJson(host, "/momentum?limit=100");
    expect(body.meta).toMatchObject({
      sort: "wow_pct",
      order: "desc",
      limit: 100,
      previous_period: "2026-09",
      current_period: "2026-10",
    });
    // The pooled band of the market noise (#27): a positive number, not the old fixed 2.
    expect(body.meta.flat_band).toBeGreaterThan(2);
    for (const field of ["brand", "country", "wow_pct", "change_3m_pct", "yoy_pct", "volume", "direction", "flat_band"])
      expect(body.data[0]).toHaveProperty(field);
    expect(
      isOrdered(
        body.data as Momentum[],
        byNumber(
          (entry) => entry.wow_pct,
          "desc",
          (entry) => `${entry.brand}\u0000${entry.country}`,
        ),
      ),
    ).toBe(true);
    const defaults = await getJson(host, "/momentum");
    expect(defaults.body.data).toEqual(body.data.slice(0, 20));
  });

  it.each([
    ["", "wow_pct", "desc"],
    ["sort=wow_pct&order=asc", "wow_pct", "asc"],
    ["sort=volume", "volume", "desc"],
    ["sort=volume&order=asc", "volume", "asc"],
  ] as const)("orders with %s by %s %s, nulls last, ties by brand and country", async (query, field, direction) => {
    const { body } = await getJson(host, `/momentum?${query}&limit=100`);
    expect(body.meta).toMatchObject({ sort: field, order: direction });
    expect(
      isOrdered(
        body.data as Momentum[],
        byNumber(
          (entry) => entry[field],
          direction,
          (entry) => `${entry.brand}\u0000${entry.country}`,
        ),
      ),
    ).toBe(true);
  });

  it.each([["up"], ["down"], ["flat"]] as const)(
    "keeps direction=%s, consistent with wow_pct and the band",
    async (direction) => {
      const { body } = await getJson(host, `/momentum?direction=${direction}&limit=100`);
      expect(body.data.length).toBeGreaterThan(0);
      for (const entry of body.data as Momentum[]) {
        expect(entry.direction).toBe(direction);
        // Each entry is judged against its own market's band (#27).
        if (entry.wow_pct === null) expect(direction).toBe("up");
        else if (direction === "flat") expect(Math.abs(entry.wow_pct)).toBeLessThan(entry.flat_band);
        else expect(entry.wow_pct * (direction === "up" ? 1 : -1)).toBeGreaterThanOrEqual(entry.flat_band);
      }
    },
  );

  it("filters by country and by a list of directions, and totals every match", async () => {
    const all = await getJson(host, "/momentum?country=GB&limit=100");
    const up = await getJson(host, "/momentum?country=GB&direction=up&limit=100");
    const notUp = await getJson(host, "/momentum?country=gb&direction=down,flat&limit=100");
    expect(all.body.data.every((entry: Momentum) => entry.country === "GB")).toBe(true);
    expect(up.body.meta.total + notUp.body.meta.total).toBe(all.body.meta.total);
  });

  it.each([
    ["/momentum?direction=sideways", 400, "invalid_parameter", "direction"],
    ["/momentum?sort=brand", 400, "invalid_parameter", "sort"],
    ["/momentum?order=down", 400, "invalid_parameter", "order"],
    ["/momentum?limit=101", 400, "invalid_parameter", "limit"],
    ["/momentum?page=1", 400, "unknown_parameter", "page"],
    ["/momentum?brand=x", 400, "unknown_parameter", "brand"],
  ])("%s → %d %s", async (path, status, code, parameter) => {
    await expectError(host, path, status, code, parameter);
  });
});
