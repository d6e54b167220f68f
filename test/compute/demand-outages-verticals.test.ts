import { describe, expect, it } from "vitest";
import { computeDemandIndex, computeVerticalIndex, type DemandInput } from "../../build/compute/demand-index.ts";
import { computeMarketDemand } from "../../build/compute/market-demand.ts";
import type { Vertical } from "../../build/load/verticals.ts";

const row = (brand: string, period: string, volume: number | null, vertical: Vertical | null = null): DemandInput => ({
  brand,
  country: "GB",
  period,
  volume,
  vertical,
});

describe("outages are missing, not zero (#27)", () => {
  const index = computeDemandIndex([
    // 2026-09: alpha 600, beta 200, gamma 200 measured, delta an outage.
    row("alpha", "2026-09", 600),
    row("beta", "2026-09", 200),
    row("gamma", "2026-09", 0),
    row("gamma-two", "2026-09", 200),
    row("delta", "2026-09", null),
  ]);
  const of = (brand: string) => index.find((value) => value.brand === brand);

  it("gives the outage null sod and adi, never 0", () => {
    expect(of("delta")).toEqual({
      brand: "delta",
      country: "GB",
      period: "2026-09",
      volume: null,
      sod: null,
      adi: null,
    });
  });

  it("computes the others' shares over the brands measured: the outage adds to neither sum nor maximum", () => {
    // Measured sum 600 + 200 + 0 + 200 = 1000, maximum 600.
    expect(of("alpha")).toMatchObject({ volume: 600, sod: 60, adi: 100 });
    expect(of("beta")).toMatchObject({ volume: 200, sod: 20, adi: 33.3333 });
    // A measured zero is a measurement: sod 0, adi 0, not null.
    expect(of("gamma")).toMatchObject({ volume: 0, sod: 0, adi: 0 });
  });

  it("keeps the measured brands' sods summing to 100 and the leader's adi at 100", () => {
    const measured = index.filter((value) => value.sod !== null);
    expect(measured.reduce((sum, value) => sum + value.sod!, 0)).toBeCloseTo(100, 4);
    expect(Math.max(...measured.map((value) => value.adi!))).toBe(100);
  });

  it("gives every brand null in a market-month where every brand is an outage", () => {
    expect(computeDemandIndex([row("alpha", "2026-09", null), row("beta", "2026-09", null)])).toEqual([
      { brand: "alpha", country: "GB", period: "2026-09", volume: null, sod: null, adi: null },
      { brand: "beta", country: "GB", period: "2026-09", volume: null, sod: null, adi: null },
    ]);
  });
});

describe("sod and adi within a vertical (#27)", () => {
  const rows = [
    // alpha: casino 300, sportsbook 100 (all verticals 400); beta: sportsbook 300; gamma: casino 100;
    // delta: casino 50 and a sportsbook outage (all verticals: an outage); eps: a row over all verticals only.
    row("alpha", "2026-09", 300, "casino"),
    row("alpha", "2026-09", 100, "sportsbook"),
    row("beta", "2026-09", 300, "sportsbook"),
    row("gamma", "2026-09", 100, "casino"),
    row("delta", "2026-09", 50, "casino"),
    row("delta", "2026-09", null, "sportsbook"),
    row("eps", "2026-09", 200),
  ];
  const within = computeVerticalIndex(rows);
  const overall = computeDemandIndex(rows);
  const of = (brand: string, vertical: Vertical) =>
    within.find((value) => value.brand === brand && value.vertical === vertical);

  it("computes each vertical over the brands measured in it", () => {
    // casino: 300 + 100 + 50 = 450, leader 300.
    expect(of("alpha", "casino")).toMatchObject({ volume: 300, sod: 66.6667, adi: 100 });
    expect(of("gamma", "casino")).toMatchObject({ volume: 100, sod: 22.2222, adi: 33.3333 });
    expect(of("delta", "casino")).toMatchObject({ volume: 50, sod: 11.1111, adi: 16.6667 });
    // sportsbook: 100 + 300 = 400 measured (delta's outage left out), leader 300.
    expect(of("alpha", "sportsbook")).toMatchObject({ volume: 100, sod: 25, adi: 33.3333 });
    expect(of("beta", "sportsbook")).toMatchObject({ volume: 300, sod: 75, adi: 100 });
    expect(of("delta", "sportsbook")).toMatchObject({ volume: null, sod: null, adi: null });
  });

  it("orders within-vertical values by brand, country, period, vertical and leaves rows without a vertical out", () => {
    expect(within.map((value) => `${value.brand} ${value.vertical}`)).toEqual([
      "alpha casino",
      "alpha sportsbook",
      "beta sportsbook",
      "delta casino",
      "delta sportsbook",
      "gamma casino",
    ]);
  });

  it("keeps the all-verticals figure: a brand's vertical rows summed, an outage in one making it an outage", () => {
    // alpha 400, beta 300, gamma 100, eps 200 measured: 1000; delta is an outage over all verticals.
    expect(overall.map(({ brand, volume, sod, adi }) => ({ brand, volume, sod, adi }))).toEqual([
      { brand: "alpha", volume: 400, sod: 40, adi: 100 },
      { brand: "beta", volume: 300, sod: 30, adi: 75 },
      { brand: "delta", volume: null, sod: null, adi: null },
      { brand: "eps", volume: 200, sod: 20, adi: 50 },
      { brand: "gamma", volume: 100, sod: 10, adi: 25 },
    ]);
  });

  it("takes a brand's row without a vertical as its all-verticals volume where it has both", () => {
    const both = computeDemandIndex([row("alpha", "2026-09", 300, "casino"), row("alpha", "2026-09", 350)]);
    expect(both).toEqual([{ brand: "alpha", country: "GB", period: "2026-09", volume: 350, sod: 100, adi: 100 }]);
  });

  it("holds the contract per vertical and overall: measured sods sum to 100, the leader's adi is 100", () => {
    const groups = new Map<string, { sod: number; maxAdi: number }>();
    for (const value of [...within, ...overall.map((value) => ({ ...value, vertical: "all" }))]) {
      if (value.sod === null) continue;
      const group = groups.get(value.vertical) ?? { sod: 0, maxAdi: 0 };
      group.sod += value.sod;
      group.maxAdi = Math.max(group.maxAdi, value.adi!);
      groups.set(value.vertical, group);
    }
    expect([...groups.keys()].sort()).toEqual(["all", "casino", "sportsbook"]);
    for (const group of groups.values()) {
      expect(group.sod).toBeCloseTo(100, 3);
      expect(group.maxAdi).toBe(100);
    }
  });

  it("counts each market-month-vertical's measured total, brands measured and brands missing", () => {
    expect(computeMarketDemand(overall, within)).toEqual([
      {
        country: "GB",
        period: "2026-09",
        vertical: "casino",
        demand_total: 450,
        brands_measured: 3,
        brands_missing: 0,
      },
      {
        country: "GB",
        period: "2026-09",
        vertical: "sportsbook",
        demand_total: 400,
        brands_measured: 2,
        brands_missing: 1,
      },
      {
        country: "GB",
        period: "2026-09",
        vertical: "total",
        demand_total: 1000,
        brands_measured: 4,
        brands_missing: 1,
      },
    ]);
  });

  it("gives a null demand total when no brand was measured", () => {
    const lost = computeDemandIndex([row("alpha", "2026-09", null)]);
    expect(computeMarketDemand(lost, [])).toEqual([
      {
        country: "GB",
        period: "2026-09",
        vertical: "total",
        demand_total: null,
        brands_measured: 0,
        brands_missing: 1,
      },
    ]);
  });
});
