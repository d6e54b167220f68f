import { describe, expect, it } from "vitest";
import { useSampleHost } from "../../helpers/sample-host.ts";
import { expectError, getJson, isOrdered } from "./http.ts";

interface MarketDemand {
  country: string;
  period: string;
  vertical: string;
  demand_total: number | null;
  brands_measured: number;
  brands_missing: number;
}

const host = useSampleHost();
const compare = (a: MarketDemand, b: MarketDemand) =>
  a.country.localeCompare(b.country, "en") || a.period.localeCompare(b.period) || a.vertical.localeCompare(b.vertical);

describe("GET /market-demand (#27)", () => {
  it("lists every country, month and vertical as a whole list, ordered by country, period, vertical", async () => {
    const { body } = await getJson(host, "/market-demand");
    const rows = body.data as MarketDemand[];
    expect(Object.keys(rows[0]!)).toEqual([
      "country",
      "period",
      "vertical",
      "demand_total",
      "brands_measured",
      "brands_missing",
    ]);
    expect(body.meta).not.toHaveProperty("page");
    expect(isOrdered(rows, compare)).toBe(true);
    expect(rows.some((row) => row.brands_missing > 0)).toBe(true);
  });

  it("sums the verticals' brands into no more than the total's, and the total agrees with /index's measured brands", async () => {
    const { body } = await getJson(host, "/market-demand?country=GB&from=2026-06&to=2026-07");
    const rows = body.data as MarketDemand[];
    expect(new Set(rows.map((row) => row.period))).toEqual(new Set(["2026-06", "2026-07"]));
    const index = (await getJson(host, "/index?country=GB&period=2026-06&metric=sod")).body.data as {
      value: number | null;
    }[];
    const total = rows.find((row) => row.period === "2026-06" && row.vertical === "total")!;
    expect(total.brands_measured).toBe(index.filter((item) => item.value !== null).length);
    expect(total.brands_missing).toBe(index.filter((item) => item.value === null).length);
    const verticals = rows.filter((row) => row.period === "2026-06" && row.vertical !== "total");
    expect(verticals.reduce((sum, row) => sum + (row.demand_total ?? 0), 0)).toBeGreaterThanOrEqual(
      total.demand_total ?? 0,
    );
  });

  it("filters by vertical, reading betting as sportsbook and total as the all-verticals rows", async () => {
    const betting = await getJson(host, "/market-demand?country=uk&vertical=Betting");
    const sportsbook = await getJson(host, "/market-demand?country=GB&vertical=sportsbook");
    expect(betting.body.data).toEqual(sportsbook.body.data);
    expect((sportsbook.body.data as MarketDemand[]).every((row) => row.vertical === "sportsbook")).toBe(true);
    const totals = (await getJson(host, "/market-demand?country=GB&vertical=total")).body.data as MarketDemand[];
    expect(totals.length).toBeGreaterThan(12);
    expect(totals.every((row) => row.vertical === "total")).toBe(true);
    expect((await getJson(host, "/market-demand?vertical=bingo")).body.data).toEqual([]);
  });

  it.each([
    ["/market-demand?from=2026-05&to=2026-01", 400, "invalid_parameter", "from"],
    ["/market-demand?from=2026-13", 400, "invalid_parameter", "from"],
    ["/market-demand?period=2026-01", 400, "unknown_parameter", "period"],
    ["/market-demand?page=1", 400, "unknown_parameter", "page"],
  ])("%s → %d %s", async (path, status, code, parameter) => {
    await expectError(host, path, status, code, parameter);
  });
});
