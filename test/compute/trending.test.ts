import { describe, expect, it } from "vitest";
import { compareTrending, computeTrending } from "../../build/compute/trending.ts";

const row = (brand: string, country: string, period: string, volume: number | null) => ({
  brand,
  country,
  period,
  volume,
});
const nameOf = (slug: string) => slug.toUpperCase();
const PERIODS = ["2026-08", "2026-09", "2026-10"];

describe("computeTrending", () => {
  const rows = [
    row("alpha", "GB", "2026-09", 200),
    row("alpha", "GB", "2026-10", 250), // +25 %
    row("alpha", "DE", "2026-09", 100),
    row("alpha", "DE", "2026-10", 50), // −50 %; across all: 300 → 300 = 0 %
    row("beta", "GB", "2026-09", 0),
    row("beta", "GB", "2026-10", 40), // growth from a measured zero → null
    row("kappa", "GB", "2026-09", 70),
    row("kappa", "GB", "2026-10", null), // an outage now: left out, never −100 %
    row("kappa", "DE", "2026-09", 30),
    row("kappa", "DE", "2026-10", 45), // measured in both: +50 %, and kappa's total rests on DE alone
    row("lambda", "GB", "2026-10", 20), // no row before: not tracked then, left out
    row("gamma", "GB", "2026-09", 80),
    row("gamma", "GB", "2026-10", 0), // zero volume now: −100 %
    row("delta", "GB", "2026-09", 100),
    row("delta", "GB", "2026-10", 125), // +25 %, ties with alpha GB: brand breaks the tie
    row("omega", "GB", "2026-08", 10), // only in an older period: not trending
  ];
  const result = computeTrending(rows, PERIODS, nameOf);
  const find = (brand: string, country: string | null) =>
    result.entries.find((entry) => entry.brand === brand && entry.country === country);

  it("compares the dataset's last two periods", () => {
    expect([result.previous_period, result.current_period]).toEqual(["2026-09", "2026-10"]);
    expect(find("alpha", "GB")).toEqual({
      brand: "alpha",
      name: "ALPHA",
      country: "GB",
      previous_period: "2026-09",
      current_period: "2026-10",
      previous: 200,
      current: 250,
      growth_pct: 25,
    });
  });

  it.each([
    ["alpha", "GB", 200, 250, 25],
    ["alpha", "DE", 100, 50, -50],
    ["alpha", null, 300, 300, 0],
    ["beta", "GB", 0, 40, null],
    ["beta", null, 0, 40, null],
    ["gamma", "GB", 80, 0, -100],
    ["delta", null, 100, 125, 25],
  ])("%s in %s: %d → %d gives %s", (brand, country, previous, current, growth) => {
    expect(find(brand, country)).toMatchObject({ previous, current, growth_pct: growth });
  });

  it("leaves out brands without a row in either period", () => {
    expect(result.entries.some((entry) => entry.brand === "omega")).toBe(false);
  });

  it("leaves out a pair with an outage or no row in one period, with its reason, and sums totals without it", () => {
    expect(find("kappa", "GB")).toBeUndefined();
    expect(find("kappa", null)).toMatchObject({ previous: 30, current: 45, growth_pct: 50 });
    expect(result.entries.some((entry) => entry.brand === "lambda")).toBe(false);
    expect(result.excluded).toEqual([
      { brand: "kappa", country: "GB", reason: "outage", period: "2026-10" },
      { brand: "lambda", country: "GB", reason: "not_tracked", period: "2026-09" },
    ]);
  });

  it("orders growth descending, null last, ties by brand then country (all countries first)", () => {
    const order = result.entries.map((entry) => `${entry.brand}:${entry.country ?? "*"}`);
    expect(order).toEqual([
      "kappa:*",
      "kappa:DE",
      "alpha:GB",
      "delta:*",
      "delta:GB",
      "alpha:*",
      "alpha:DE",
      "gamma:*",
      "gamma:GB",
      "beta:*",
      "beta:GB",
    ]);
    expect([...result.entries].sort(compareTrending)).toEqual(result.entries);
  });

  it("is empty with fewer than two periods", () => {
    expect(computeTrending(rows, ["2026-10"], nameOf)).toEqual({
      previous_period: null,
      current_period: null,
      entries: [],
      excluded: [],
    });
  });

  it("handles a market with one brand", () => {
    const single = computeTrending(
      [row("solo", "NL", "2026-09", 10), row("solo", "NL", "2026-10", 11)],
      PERIODS,
      nameOf,
    );
    expect(single.entries.map((entry) => [entry.country, entry.growth_pct])).toEqual([
      [null, 10],
      ["NL", 10],
    ]);
  });
});
