import { describe, expect, it } from "vitest";
import { computeMarketRevenue, type Licensing, type MeasuredValue } from "../../build/compute/market-revenue.ts";
import type { GroundTruth } from "../../build/load/schemas.ts";

const MONTHS = ["2026-01", "2026-02", "2026-03", "2026-04", "2026-05"];
const ggr = (period: string, value: number): GroundTruth => ({
  country: "GB",
  regulator_code: "UKGC",
  period,
  vertical: "total",
  ggr: value,
  currency: "GBP",
});
const value = (brand: string, period: string, volume: number | null): MeasuredValue => ({
  brand,
  period,
  volume: volume as number,
  sod: null,
});
const licensing: Licensing = {
  licenses: ["lic", "big"].map((brand) => ({
    brand,
    regulator_code: brand === "lic" ? "UKGC" : "MGA",
    status: "active" as const,
    issued_at: "2020-01-01",
    expires_at: null,
    status_changed_at: null,
    verticals: null,
  })),
  regulators: [{ code: "UKGC", verticals: null }],
  brands: ["lic", "big", "other"].map((slug) => ({ slug, verticals: ["casino" as const] })),
};

describe("computeMarketRevenue", () => {
  // lic grows 10..50, big (licensed by MGA only) and other (no license) are far larger.
  const index = MONTHS.flatMap((month, i) => [
    value("lic", month, 10 * (i + 1)),
    value("big", month, 1000),
    value("other", month, 500),
  ]);

  it("gives no estimate, and no demand in the model, to a brand without a license from the market's regulator", () => {
    const revenue = computeMarketRevenue(
      MONTHS.map((month, i) => ggr(month, 100 * (i + 1))),
      index,
      licensing,
    );
    expect(revenue.estimates.map((estimate) => estimate.brand)).toEqual(["lic"]);
    // k = (100 + 200 + 300) / (10 + 20 + 30) = 10: only lic's demand; with big's it would be about 0.2
    expect(revenue.model.ggr_per_demand).toBe(10);
    expect(revenue).toMatchObject({ estimate_status: "published", licensed_brands: 1 });
    expect(revenue.estimates[0]).toMatchObject({ share: 100, revenue_estimate: 500 });
  });

  it("publishes null revenue figures with the reason when the fit is weak", () => {
    const revenue = computeMarketRevenue(
      MONTHS.map((month, i) => ggr(month, i % 2 === 0 ? 100 : 300)),
      index,
      licensing,
    );
    expect(revenue.estimate_status).toBe("weak_fit");
    expect(revenue.estimate_reason).toMatch(/^The fit is too weak: the 95% interval of r reaches 0/);
    expect(revenue.estimates).toEqual([
      { brand: "lic", sod: null, revenue_estimate: null, share: 100, revenue_low: null, revenue_high: null },
    ]);
  });

  it("leaves a period whose licensed demand has an outage out of the model", () => {
    const withOutage = index.map((entry) =>
      entry.brand === "lic" && entry.period === "2026-02" ? { ...entry, volume: null } : entry,
    );
    const revenue = computeMarketRevenue(
      MONTHS.map((month, i) => ggr(month, 100 * (i + 1))),
      withOutage,
      licensing,
    );
    expect(revenue.model.periods).toBe(4);
  });
});
