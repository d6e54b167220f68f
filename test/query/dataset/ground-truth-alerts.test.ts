import { beforeAll, describe, expect, it } from "vitest";
import { useSampleHost } from "../../helpers/sample-host.ts";
import { allPages, expectError, getJson, isOrdered } from "./http.ts";

interface Alert {
  id: string;
  brand: string;
  page_type: string;
  change_type: string;
  detected_at: string;
}

const host = useSampleHost();

describe("GET /ground-truth", () => {
  it("lists GGR per market and period with the contract's fields, by country, regulator, vertical, period", async () => {
    const { status, body } = await getJson(host, "/ground-truth");
    expect(status).toBe(200);
    expect(body.data.length).toBeGreaterThan(0);
    expect(Object.keys(body.data[0]).slice(0, 6)).toEqual([
      "country",
      "regulator_code",
      "period",
      "vertical",
      "ggr",
      "currency",
    ]);
    const key = (row: { country: string; regulator_code: string; vertical: string; period: string }) =>
      `${row.country} ${row.regulator_code} ${row.vertical} ${row.period}`;
    expect(isOrdered(body.data, (a: never, b: never) => (key(a) < key(b) ? -1 : 1))).toBe(true);
  });

  it("publishes the calibration of each market: correlation, months, the model and estimates that add up to GGR", async () => {
    const { body } = await getJson(host, "/ground-truth");
    const markets = new Set(
      body.data.map(
        (row: { country: string; regulator_code: string; vertical: string }) =>
          `${row.country}|${row.regulator_code}|${row.vertical}`,
      ),
    );
    expect(body.meta.calibration).toHaveLength(markets.size);
    for (const market of body.meta.calibration) {
      const rows = body.data.filter(
        (row: { country: string; regulator_code: string; vertical: string; demand_total: number | null }) =>
          row.country === market.country &&
          row.regulator_code === market.regulator_code &&
          row.vertical === market.vertical &&
          (row.demand_total ?? 0) > 0,
      );
      expect(market.months).toBe(rows.length);
      expect(market.model.periods).toBeLessThanOrEqual(market.months);
      if (market.estimate_status !== "published") {
        expect(market.estimate_reason).toEqual(expect.any(String));
        expect(
          market.estimates.every((estimate: { revenue_estimate: null }) => estimate.revenue_estimate === null),
        ).toBe(true);
        continue;
      }
      const sum = market.estimates.reduce(
        (total: number, estimate: { revenue_estimate: number }) => total + estimate.revenue_estimate,
        0,
      );
      expect(Math.abs(sum - market.estimate_ggr)).toBeLessThan(
        market.estimate_ggr * 0.0001 + market.estimates.length * 0.01,
      );
      // The published sod is the brand's /index value in the period's last month: within the series' vertical
      // where the country's demand rows carry it (#27), else over all verticals (and always for total).
      const query = `/index?country=${market.country}&period=${market.share_to}&metric=sod`;
      const within =
        market.vertical === "total" ? undefined : await getJson(host, `${query}&vertical=${market.vertical}`);
      const sod = within !== undefined && within.body.data.length > 0 ? within : await getJson(host, query);
      const sodOf = new Map(sod.body.data.map((item: { brand: string; value: number }) => [item.brand, item.value]));
      for (const estimate of market.estimates) expect(estimate.sod).toBe(sodOf.get(estimate.brand) ?? null);
    }
  });

  it("takes no parameters", async () => {
    await expectError(host, "/ground-truth?country=GB", 400, "unknown_parameter", "country");
  });
});

describe("GET /tc-alerts", () => {
  let alerts: Alert[];

  beforeAll(async () => {
    alerts = (await allPages(host, "/tc-alerts")) as Alert[];
  });

  it("pages every alert newest first, ties by id, with page_type and change_type", async () => {
    const { body, headers } = await getJson(host, "/tc-alerts");
    expect(body.meta).toMatchObject({ page: 1, per_page: 50, total: alerts.length });
    expect(Object.keys(body.data[0])).toEqual([
      "id",
      "brand",
      "page_type",
      "change_type",
      "detected_at",
      "url",
      "summary",
    ]);
    expect(
      isOrdered(alerts, (a, b) => Date.parse(b.detected_at) - Date.parse(a.detected_at) || (a.id < b.id ? -1 : 1)),
    ).toBe(true);
    expect(headers.get("link")).toContain('rel="last"');
  });

  it.each([
    ["page_type=terms", (a: Alert) => a.page_type === "terms"],
    ["page_type=withdrawal,responsible_gambling", (a: Alert) => a.page_type !== "terms"],
    ["change_type=REMOVED", (a: Alert) => a.change_type === "removed"],
    ["change_type=new&page_type=terms", (a: Alert) => a.change_type === "new" && a.page_type === "terms"],
    ["brand=PLACEHOLDER", (a: Alert) => a.brand === "PLACEHOLDER"],
  ])("filters with %s", async (query, keep) => {
    const brand = alerts[0]!.brand;
    const items = (await allPages(host, `/tc-alerts?${query.replace("PLACEHOLDER", brand)}`)) as Alert[];
    expect(items).toEqual(
      alerts.filter((alert) => keep({ ...alert, brand: alert.brand === brand ? "PLACEHOLDER" : alert.brand })),
    );
    expect(items.length).toBeGreaterThan(0);
  });

  it.each([
    ["/tc-alerts?page_type=faq", 400, "invalid_parameter", "page_type"],
    ["/tc-alerts?change_type=edited", 400, "invalid_parameter", "change_type"],
    ["/tc-alerts?per_page=101", 400, "invalid_parameter", "per_page"],
    ["/tc-alerts?page=-1", 400, "invalid_parameter", "page"],
    ["/tc-alerts?since=2026-01-01", 400, "unknown_parameter", "since"],
  ])("%s → %d %s", async (path, status, code, parameter) => {
    await expectError(host, path, status, code, parameter);
  });
});
