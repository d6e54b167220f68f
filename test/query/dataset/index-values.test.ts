import { beforeAll, describe, expect, it } from "vitest";
import { useSampleHost } from "../../helpers/sample-host.ts";
import { expectError, getJson, isOrdered } from "./http.ts";

interface IndexItem {
  brand: string;
  country: string;
  period: string;
  metric: "sod" | "adi";
  value: number | null;
}

interface Country {
  code: string;
  coverage: { periods: number; share_pct: number; brands: number };
  freshness: string | null;
}

const host = useSampleHost();
let countries: Country[];
/** Every index value of every country with demand data, fetched per country. */
const byCountry = new Map<string, IndexItem[]>();

const compareIndex = (a: IndexItem, b: IndexItem): number => {
  const key = (item: IndexItem) => [item.brand, item.country, item.period, item.metric];
  const [x, y] = [key(a), key(b)];
  for (let i = 0; i < x.length; i += 1) if (x[i] !== y[i]) return x[i]! < y[i]! ? -1 : 1;
  return 0;
};

beforeAll(async () => {
  countries = (await getJson(host, "/countries")).body.data;
  for (const country of countries.filter((entry) => entry.coverage.brands > 0))
    byCountry.set(country.code, (await getJson(host, `/index?country=${country.code}`)).body.data);
});

describe("GET /index: the figures on the sample", () => {
  it("covers every country with demand data", () => {
    expect(byCountry.size).toBeGreaterThan(10);
  });

  it("has sod summing to 100 per country and month (within rounding)", () => {
    let months = 0;
    for (const [country, items] of byCountry) {
      const sums = new Map<string, number>();
      // Over the brands measured: an outage's sod is null and counts in no sum (#27).
      for (const item of items)
        if (item.metric === "sod" && item.value !== null)
          sums.set(item.period, (sums.get(item.period) ?? 0) + item.value);
      for (const [period, sum] of sums) {
        months += 1;
        expect(Math.abs(sum - 100), `${country} ${period}: ${sum}`).toBeLessThan(0.01);
      }
    }
    expect(months).toBeGreaterThan(100);
  });

  it("gives the market leader an adi of exactly 100 and everyone else at most 100", () => {
    for (const [country, items] of byCountry) {
      const maxima = new Map<string, number>();
      for (const item of items)
        if (item.metric === "adi" && item.value !== null)
          maxima.set(item.period, Math.max(maxima.get(item.period) ?? 0, item.value));
      for (const [period, max] of maxima) expect(max, `${country} ${period}`).toBe(100);
    }
  });

  it("has outages as null in both metrics, never 0 (#27)", () => {
    const outages = [...byCountry.values()].flat().filter((item) => item.value === null);
    expect(outages.length).toBeGreaterThan(0);
    const key = (item: IndexItem) => `${item.brand}|${item.country}|${item.period}`;
    const nullKeys = new Set(outages.map(key));
    for (const item of [...byCountry.values()].flat()) if (nullKeys.has(key(item))) expect(item.value).toBeNull();
  });

  it("holds the contract within each vertical: measured sods sum to 100, the leader's adi is 100 (#27)", async () => {
    let groups = 0;
    for (const country of byCountry.keys()) {
      const { body } = await getJson(host, `/index?country=${country}&vertical=casino,betting,poker,lottery`);
      const sums = new Map<string, { sod: number; adi: number }>();
      for (const item of body.data as (IndexItem & { vertical: string })[]) {
        const group = sums.get(`${item.period}|${item.vertical}`) ?? { sod: 0, adi: 0 };
        if (item.value !== null && item.metric === "sod") group.sod += item.value;
        if (item.value !== null && item.metric === "adi") group.adi = Math.max(group.adi, item.value);
        sums.set(`${item.period}|${item.vertical}`, group);
      }
      for (const [month, group] of sums) {
        if (group.sod === 0) continue; // every brand of that vertical an outage that month
        groups += 1;
        expect(Math.abs(group.sod - 100), `${country} ${month}`).toBeLessThan(0.01);
        expect(group.adi, `${country} ${month}`).toBe(100);
      }
    }
    expect(groups).toBeGreaterThan(1000);
  });

  it("orders within-vertical items by brand, country, period, vertical, metric, and names the vertical", async () => {
    const { body } = await getJson(host, "/index?country=GB&vertical=sportsbook,casino&period=2026-06");
    const items = body.data as (IndexItem & { vertical: string })[];
    expect(Object.keys(items[0]!)).toEqual(["brand", "country", "period", "vertical", "metric", "value"]);
    const keys = items.map((item) => [item.brand, item.country, item.period, item.vertical, item.metric].join("|"));
    expect(keys).toEqual([...keys].sort());
    expect(new Set(items.map((item) => item.vertical))).toEqual(new Set(["casino", "sportsbook"]));
    const betting = await getJson(host, "/index?country=GB&vertical=BETTING&period=2026-06");
    expect(betting.body.data).toEqual(items.filter((item) => item.vertical === "sportsbook"));
  });

  it("orders items by brand, country, period, metric, with 4 decimals at most", () => {
    const items = byCountry.get("GB")!;
    expect(isOrdered(items, compareIndex)).toBe(true);
    expect(Object.keys(items[0]!)).toEqual(["brand", "country", "period", "metric", "value"]);
    // An outage's value is null (#27), never 0; every other value has 4 decimals at most.
    expect(items.every((item) => item.value === null || Math.round(item.value * 10_000) / 10_000 === item.value)).toBe(
      true,
    );
  });
});

describe("GET /index: parameters", () => {
  it("filters one brand across its countries and agrees with the per-country answers", async () => {
    const brand = byCountry.get("GB")![0]!.brand;
    const { body } = await getJson(host, `/index?brand=${brand.toUpperCase()}`);
    const expected = [...byCountry.values()]
      .flat()
      .filter((item) => item.brand === brand)
      .sort(compareIndex);
    expect(body.data).toEqual(expected);
  });

  it.each([
    ["metric=sod", (item: IndexItem) => item.metric === "sod"],
    ["metric=adi", (item: IndexItem) => item.metric === "adi"],
    ["metric=adi,sod", () => true],
    ["period=2026-10", (item: IndexItem) => item.period === "2026-10"],
    ["from=2026-05", (item: IndexItem) => item.period >= "2026-05"],
    ["to=2025-03", (item: IndexItem) => item.period <= "2025-03"],
    ["from=2025-06&to=2025-08", (item: IndexItem) => item.period >= "2025-06" && item.period <= "2025-08"],
    ["metric=sod&period=2026-09", (item: IndexItem) => item.metric === "sod" && item.period === "2026-09"],
  ])("with country=GB and %s keeps exactly the matching values (ranges inclusive)", async (query, keep) => {
    const { status, body } = await getJson(host, `/index?country=GB&${query}`);
    expect(status).toBe(200);
    const expected = byCountry.get("GB")!.filter(keep);
    expect(body.data).toEqual(expected);
    expect(expected.length).toBeGreaterThan(0);
  });

  it("reads UK as GB and merges several countries into one ordered list", async () => {
    const uk = await getJson(host, "/index?country=uk&period=2026-10");
    expect(uk.body.data).toEqual(byCountry.get("GB")!.filter((item) => item.period === "2026-10"));
    const two = await getJson(host, "/index?country=DE,GB&period=2026-10&metric=sod");
    const expected = [...byCountry.get("DE")!, ...byCountry.get("GB")!]
      .filter((item) => item.period === "2026-10" && item.metric === "sod")
      .sort(compareIndex);
    expect(two.body.data).toEqual(expected);
  });

  it("combines brand and country with AND, and an unknown brand matches nothing", async () => {
    const brand = byCountry.get("GB")![0]!.brand;
    const both = await getJson(host, `/index?brand=${brand}&country=GB`);
    expect(both.body.data).toEqual(byCountry.get("GB")!.filter((item) => item.brand === brand));
    const unknown = await getJson(host, "/index?brand=no-such-brand");
    expect([unknown.status, unknown.body.data]).toEqual([200, []]);
  });

  it("points to the bulk download when neither country nor brand is given", async () => {
    const { body } = await expectError(host, "/index?metric=sod", 400, "missing_parameter");
    expect(body.message).toContain("/downloads/");
    expect(body.details.one_of).toEqual(["country", "brand"]);
  });

  it("refuses every country at once (7.4 MB on the sample) with result_too_large, pointing to narrower queries and the download; half of them are served", async () => {
    const codes = countries.map((country) => country.code);
    const { body } = await expectError(host, `/index?country=${codes.join(",")}`, 400, "result_too_large");
    expect(body.details).toEqual({
      limit_bytes: 4_000_000,
      narrow_with: ["country", "brand", "metric", "period", "from", "to", "vertical"],
      download: "/downloads/index.ndjson.gz",
    });
    expect(body.message).toContain("/downloads/index.ndjson.gz");
    const half = await getJson(host, `/index?country=${codes.slice(0, codes.length / 2).join(",")}&metric=sod`);
    expect(half.status).toBe(200);
  });

  it.each([
    ["/index", 400, "missing_parameter", "country"],
    ["/index?period=2026-10", 400, "missing_parameter", "country"],
    ["/index?country=GB&period=2026-10&from=2026-01", 400, "invalid_parameter", "from"],
    ["/index?country=GB&period=2026-10&to=2026-12", 400, "invalid_parameter", "to"],
    ["/index?country=GB&from=2026-05&to=2026-01", 400, "invalid_parameter", "from"],
    ["/index?country=GB&metric=ggr", 400, "invalid_parameter", "metric"],
    ["/index?country=GB&period=2026-13", 400, "invalid_parameter", "period"],
    ["/index?country=GB&from=2026-1", 400, "invalid_parameter", "from"],
    ["/index?country=GB&to=2026-10-01", 400, "invalid_parameter", "to"],
    ["/index?country=GB&page=1", 400, "unknown_parameter", "page"],
    ["/index?country=GB&limit=10", 400, "unknown_parameter", "limit"],
  ])("%s → %d %s", async (path, status, code, parameter) => {
    await expectError(host, path, status, code, parameter);
  });

  it("counts an empty period value as absent", async () => {
    const { status, body } = await getJson(host, "/index?country=GB&period=&from=2026-10");
    expect(status).toBe(200);
    expect(body.data).toEqual(byCountry.get("GB")!.filter((item) => item.period === "2026-10"));
  });
});

describe("GET /countries", () => {
  it("lists every market by code with trust tier, active flag, coverage and freshness from the index", async () => {
    const { body } = await getJson(host, "/countries");
    expect(Object.keys(body.data[0])).toEqual(["code", "name", "trust_tier", "active", "coverage", "freshness"]);
    const periods = body.meta.periods as number;
    for (const country of countries) {
      const items = byCountry.get(country.code) ?? [];
      const months = [
        ...new Set(items.filter((item) => item.metric === "adi" && (item.value ?? 0) > 0).map((item) => item.period)),
      ].sort();
      expect(country.coverage).toEqual({
        periods: months.length,
        share_pct: Math.round((months.length / periods) * 100 * 10_000) / 10_000,
        brands: new Set(items.map((item) => item.brand)).size,
      });
      expect(country.freshness).toBe(months.at(-1) ?? null);
    }
    expect(countries.some((country) => country.freshness === null)).toBe(true);
  });

  it("takes no parameters", async () => {
    await expectError(host, "/countries?active=1", 400, "unknown_parameter", "active");
  });
});
