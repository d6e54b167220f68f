import { describe, expect, it } from "vitest";
import { laggedShares, licensedDemandOf, splitRevenue, type VolumeOf } from "../../build/compute/revenue-estimates.ts";

/** Volumes by `brand|month`; null is an outage, a missing key a brand not tracked that month. */
const volumes =
  (table: Record<string, number | null>): VolumeOf =>
  (brand, month) =>
    table[`${brand}|${month}`];

describe("laggedShares", () => {
  // Window of 2026-03: 2026-01 to 2026-03. February has an outage of a, so it is left out for everyone.
  const shares = laggedShares(
    "2026-03",
    ["a", "b"],
    volumes({ "a|2026-01": 30, "b|2026-01": 10, "a|2026-02": null, "b|2026-02": 90, "a|2026-03": 50, "b|2026-03": 50 }),
  );

  it("sums each brand's volume over the period and the 2 months before it, months with an outage left out", () => {
    // a: 30 + 50 = 80, b: 10 + 50 = 60 of 140
    expect(shares.months).toEqual(["2026-01", "2026-03"]);
    expect(shares.share.get("a")).toBeCloseTo(57.142857, 5);
    expect(shares.share.get("b")).toBeCloseTo(42.857143, 5);
  });

  it("keeps each month's share for the interval", () => {
    expect(shares.monthly.get("a")).toEqual([75, 50]);
    expect(shares.monthly.get("b")).toEqual([25, 50]);
  });

  it("counts a brand not tracked in a month as no demand there", () => {
    const late = laggedShares("2026-03", ["a", "c"], volumes({ "a|2026-02": 60, "a|2026-03": 20, "c|2026-03": 20 }));
    // 2026-01 has no demand at all and is left out; a 80 of 100, c 20
    expect([late.months, late.share.get("a"), late.share.get("c")]).toEqual([["2026-02", "2026-03"], 80, 20]);
  });
});

describe("splitRevenue", () => {
  const shares = {
    months: ["2026-01", "2026-03"],
    share: new Map([
      ["a", 80 / 1.4],
      ["b", 60 / 1.4],
    ]),
    monthly: new Map([
      ["a", [75, 50]],
      ["b", [25, 50]],
    ]),
  };

  it("gives share × GGR, and an interval from the lowest and highest monthly share widened by the hold-out error", () => {
    // a: 57.142857 % of 1000 = 571.43; low 1000 × 50 % × (1 − 10 %) = 450, high 1000 × 75 % × 1.1 = 825
    expect(splitRevenue(shares, 1000, 10)).toEqual([
      { brand: "a", share: 57.1429, revenue_estimate: 571.43, revenue_low: 450, revenue_high: 825 },
      { brand: "b", share: 42.8571, revenue_estimate: 428.57, revenue_low: 225, revenue_high: 550 },
    ]);
  });

  it("publishes shares only, revenue null, when the model publishes no estimate", () => {
    expect(splitRevenue(shares, 1000, null)[0]).toEqual({
      brand: "a",
      share: 57.1429,
      revenue_estimate: null,
      revenue_low: null,
      revenue_high: null,
    });
  });
});

describe("licensedDemandOf", () => {
  const licensed = () => new Set(["a", "b"]);

  it("sums the licensed brands' volume over the period's months; an untracked brand adds nothing", () => {
    const table = {
      "a|2026-01": 10,
      "b|2026-01": 5,
      "a|2026-02": 20,
      "a|2026-03": 30,
      "b|2026-03": 5,
      "x|2026-03": 999,
    };
    // x is not licensed: 15 + 20 + 35 = 70
    expect(licensedDemandOf("2026-Q1", licensed, volumes(table))).toBe(70);
  });

  it("is unknown when a licensed brand has an outage, or a month has no licensed demand", () => {
    expect(licensedDemandOf("2026-01", licensed, volumes({ "a|2026-01": 10, "b|2026-01": null }))).toBeNull();
    expect(licensedDemandOf("2026-Q1", licensed, volumes({ "a|2026-01": 10, "a|2026-03": 10 }))).toBeNull();
  });
});
