import { describe, expect, it } from "vitest";
import { compareIndexValues, computeDemandIndex, type DemandInput } from "../../build/compute/demand-index.ts";

const row = (brand: string, country: string, period: string, volume: number): DemandInput => ({
  brand,
  country,
  period,
  volume,
});

describe("computeDemandIndex", () => {
  const rows = [
    // GB 2024-10: total 3000 + 1000 = 4000, leader 3000
    row("beta", "GB", "2024-10", 1000),
    row("alpha", "GB", "2024-10", 3000),
    // GB 2024-11: a tie for the lead (both adi 100, both sod 50)
    row("alpha", "GB", "2024-11", 2000),
    row("beta", "GB", "2024-11", 2000),
    // NL 2024-10: a market with one brand
    row("gamma", "NL", "2024-10", 500),
    // DE 2024-10: a zero-volume brand beside one with volume
    row("alpha", "DE", "2024-10", 500),
    row("gamma", "DE", "2024-10", 0),
    // FR 2024-10: a market-month where every volume is 0
    row("alpha", "FR", "2024-10", 0),
    row("beta", "FR", "2024-10", 0),
    // SE 2024-10: thirds, to show 4-decimal rounding (1/3 → 33.3333, 2/3 → 66.6667)
    row("alpha", "SE", "2024-10", 1),
    row("beta", "SE", "2024-10", 1),
    row("gamma", "SE", "2024-10", 1),
  ];
  const index = computeDemandIndex(rows);
  const find = (brand: string, country: string, period: string) =>
    index.find((value) => value.brand === brand && value.country === country && value.period === period);

  it.each([
    // sod = volume / market total × 100; adi = volume / market leader × 100
    ["alpha", "GB", "2024-10", 3000, 75, 100], // 3000/4000, 3000/3000
    ["beta", "GB", "2024-10", 1000, 25, 33.3333], // 1000/4000, 1000/3000 = 33.33333…
    ["alpha", "GB", "2024-11", 2000, 50, 100],
    ["beta", "GB", "2024-11", 2000, 50, 100],
    ["gamma", "NL", "2024-10", 500, 100, 100],
    ["alpha", "DE", "2024-10", 500, 100, 100],
    ["gamma", "DE", "2024-10", 0, 0, 0],
    ["alpha", "FR", "2024-10", 0, 0, 0], // 0/0: no demand, no share (never NaN)
    ["beta", "FR", "2024-10", 0, 0, 0],
    ["gamma", "SE", "2024-10", 1, 33.3333, 100],
  ])("%s in %s %s (volume %d): sod %d, adi %d", (brand, country, period, volume, sod, adi) => {
    expect(find(brand, country, period)).toEqual({ brand, country, period, volume, sod, adi });
  });

  it("gives one value per row, ordered by brand, country, period", () => {
    expect(index).toHaveLength(rows.length);
    expect(index.map((value) => `${value.brand} ${value.country} ${value.period}`)).toEqual([
      "alpha DE 2024-10",
      "alpha FR 2024-10",
      "alpha GB 2024-10",
      "alpha GB 2024-11",
      "alpha SE 2024-10",
      "beta FR 2024-10",
      "beta GB 2024-10",
      "beta GB 2024-11",
      "beta SE 2024-10",
      "gamma DE 2024-10",
      "gamma NL 2024-10",
      "gamma SE 2024-10",
    ]);
  });

  it("keeps every market-month's shares summing to 100 (within rounding)", () => {
    const sums = new Map<string, number>();
    for (const value of index)
      sums.set(
        `${value.country}|${value.period}`,
        (sums.get(`${value.country}|${value.period}`) ?? 0) + (value.sod ?? 0),
      );
    expect(sums.get("FR|2024-10")).toBe(0);
    for (const [market, sum] of sums) if (market !== "FR|2024-10") expect(sum).toBeCloseTo(100, 3);
  });

  it("gives an empty index for no rows", () => {
    expect(computeDemandIndex([])).toEqual([]);
  });
});

describe("compareIndexValues", () => {
  const value = (brand: string, country: string, period: string) => ({
    brand,
    country,
    period,
    volume: 0,
    sod: 0,
    adi: 0,
  });

  it.each([
    [value("a", "GB", "2024-10"), value("b", "AT", "2023-01"), -1],
    [value("a", "GB", "2024-10"), value("a", "DE", "2025-01"), 1],
    [value("a", "GB", "2024-10"), value("a", "GB", "2024-11"), -1],
    [value("a", "GB", "2024-10"), value("a", "GB", "2024-10"), 0],
    [value("Z", "GB", "2024-10"), value("a", "GB", "2024-10"), -1], // code-unit order, not locale
  ])("orders by brand, then country, then period (%#)", (a, b, sign) => {
    expect(Math.sign(compareIndexValues(a, b))).toBe(sign);
  });
});
