import { describe, expect, it } from "vitest";
import { computeMomentum, directionOf, MOMENTUM_FLAT_BAND } from "../../build/compute/momentum.ts";

const row = (brand: string, country: string, period: string, volume: number) => ({ brand, country, period, volume });
const nameOf = (slug: string) => `Brand ${slug}`;

describe("directionOf", () => {
  it("uses a flat band of 2 percent", () => {
    expect(MOMENTUM_FLAT_BAND).toBe(2);
  });

  it.each([
    [0, "flat"],
    [1.9999, "flat"],
    [-1.9999, "flat"],
    [2, "up"], // the band is |wow_pct| < 2: exactly 2 is a move
    [-2, "down"],
    [35.5, "up"],
    [-100, "down"],
    [null, "up"], // from zero to some volume
  ] as const)("%s → %s", (wowPct, expected) => {
    expect(directionOf(wowPct)).toBe(expected);
  });
});

describe("computeMomentum", () => {
  const rows = [
    row("alpha", "GB", "2026-09", 1000),
    row("alpha", "GB", "2026-10", 1015), // +1.5 % → flat
    row("beta", "GB", "2026-09", 400),
    row("beta", "GB", "2026-10", 300), // −25 % → down
    row("gamma", "DE", "2026-10", 90), // previous month missing → null, up
    row("delta", "DE", "2026-09", 0),
    row("delta", "DE", "2026-10", 0), // zero volume both months → 0, flat
    row("eps", "NL", "2026-09", 60), // current month missing: volume 0, −100 %
  ];
  const result = computeMomentum(rows, ["2026-08", "2026-09", "2026-10"], nameOf);

  it("gives wow_pct, volume and direction per brand and country, ordered by brand then country", () => {
    expect(result.previous_period).toBe("2026-09");
    expect(result.current_period).toBe("2026-10");
    expect(result.entries).toEqual([
      {
        brand: "alpha",
        name: "Brand alpha",
        country: "GB",
        previous: 1000,
        volume: 1015,
        wow_pct: 1.5,
        direction: "flat",
      },
      { brand: "beta", name: "Brand beta", country: "GB", previous: 400, volume: 300, wow_pct: -25, direction: "down" },
      { brand: "delta", name: "Brand delta", country: "DE", previous: 0, volume: 0, wow_pct: 0, direction: "flat" },
      { brand: "eps", name: "Brand eps", country: "NL", previous: 60, volume: 0, wow_pct: -100, direction: "down" },
      { brand: "gamma", name: "Brand gamma", country: "DE", previous: 0, volume: 90, wow_pct: null, direction: "up" },
    ]);
  });

  it("is empty with a single period", () => {
    expect(computeMomentum(rows, ["2026-10"], nameOf).entries).toEqual([]);
  });
});
