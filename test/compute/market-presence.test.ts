import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { computeDemandIndex } from "../../build/compute/demand-index.ts";
import {
  marketPresenceComponent,
  presenceAdisByPeriod,
  type PresenceRow,
} from "../../build/compute/market-presence.ts";
import type { DemandRow } from "../../build/load/schemas.ts";

describe("marketPresenceComponent", () => {
  it.each<[number[], number]>([
    [[], 0],
    [[100], 55], // 1/10 × 50 = 5, plus the highest adi 100 / 2 = 50
    [[100, 50], 60], // 2/10 × 50 = 10, plus 100 / 2
    [[20, 40, 60], 45], // 15 + 60 / 2
    [[100, 1], 60], // a second market at adi 1 adds 5; the mean rule gave 35.25, below the 55 of [100]
    [Array.from({ length: 12 }, () => 100), 100], // 10 or more markets give the full 50
    [Array.from({ length: 10 }, () => 0), 50],
  ])("adis %j → %d", (adis, expected) => {
    expect(marketPresenceComponent(adis)).toBeCloseTo(expected, 10);
  });
});

describe("presenceAdisByPeriod", () => {
  const row = (country: string, period: string, volume: number | null, adi: number | null): PresenceRow => ({
    country,
    period,
    volume,
    adi,
  });
  const PERIODS = ["2025-01", "2025-02", "2025-03", "2025-04"];

  it("keeps markets with volume, carries a market's latest measurement over an outage, and is null without rows", () => {
    const rows = [
      row("GB", "2025-01", 500, 50),
      row("DE", "2025-01", 0, 0), // a measured zero: tracked, but no demand
      row("GB", "2025-02", null, null), // outage: GB's 50 of January still stands
      row("DE", "2025-02", 30, 10),
      // 2025-03: no row at all (not tracked) → unknown
      row("GB", "2025-04", null, null), // outage after a month untracked: nothing measured in this run → left out
      row("DE", "2025-04", 40, 20),
    ];
    expect(presenceAdisByPeriod(rows, PERIODS)).toEqual([[50], [50, 10], null, [20]]);
  });

  it("is null in a month with only outages and nothing measured before, [] with only measured zeros", () => {
    expect(presenceAdisByPeriod([row("GB", "2025-01", null, null)], ["2025-01"])).toEqual([null]);
    expect(presenceAdisByPeriod([row("GB", "2025-01", 0, 0)], ["2025-01"])).toEqual([[]]);
  });

  it("counts a market once when several rows (verticals) name it: its highest adi", () => {
    expect(presenceAdisByPeriod([row("GB", "2025-01", 10, 5), row("GB", "2025-01", 90, 40)], ["2025-01"])).toEqual([
      [40],
    ]);
  });
});

describe("market presence is monotonic in markets and demand (#27)", () => {
  const BRAND = "b";
  const COUNTRIES = ["AT", "BE", "CH", "DE", "ES", "FR", "GB", "IT", "NL", "SE", "PL", "PT"];
  const presence = (rows: DemandRow[]): number | null => {
    const own = computeDemandIndex(rows).filter((value) => value.brand === BRAND);
    const adis = presenceAdisByPeriod(own, ["2025-01"])[0] ?? null;
    return adis === null ? null : marketPresenceComponent(adis);
  };
  // Rivals in some markets, the brand in some of them; volumes 0 to 10,000.
  const market = fc.record({
    country: fc.constantFrom(...COUNTRIES),
    rivals: fc.array(fc.integer({ min: 0, max: 10_000 }), { maxLength: 4 }),
    own: fc.option(fc.integer({ min: 0, max: 10_000 }), { nil: undefined }),
  });
  const rowsOf = (markets: { country: string; rivals: number[]; own?: number }[]): DemandRow[] => {
    const seen = new Set<string>();
    return markets
      .filter((entry) => !seen.has(entry.country) && seen.add(entry.country))
      .flatMap(({ country, rivals, own }) => [
        ...rivals.map((volume, index) => ({ brand: `r${index}`, country, period: "2025-01", vertical: null, volume })),
        ...(own === undefined ? [] : [{ brand: BRAND, country, period: "2025-01", vertical: null, volume: own }]),
      ]);
  };

  it("adding a market never lowers it", () => {
    fc.assert(
      fc.property(fc.array(market, { maxLength: 8 }), market, (markets, added) => {
        const others = markets.filter((entry) => entry.country !== added.country);
        const before = presence(rowsOf(others));
        const after = presence(rowsOf([{ ...added, own: added.own ?? 1 }, ...others]));
        expect(after).not.toBeNull();
        // From unknown (no demand row) any known value is a gain; otherwise it may not fall.
        expect(after!).toBeGreaterThanOrEqual(before ?? 0);
      }),
    );
  });

  it("more demand of the brand in a market never lowers it", () => {
    fc.assert(
      fc.property(
        fc.array(market, { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 1, max: 10_000 }),
        (markets, extra) => {
          const rows = rowsOf(markets.map((entry, index) => (index === 0 ? { ...entry, own: entry.own ?? 0 } : entry)));
          const raised = rows.map((entry) =>
            entry.brand === BRAND && entry.country === markets[0]!.country
              ? { ...entry, volume: (entry.volume ?? 0) + extra }
              : entry,
          );
          expect(presence(raised)!).toBeGreaterThanOrEqual(presence(rows)!);
        },
      ),
    );
  });

  it("hand-computed: gaining a market at adi 1 adds its reach (5) and never lowers the score", () => {
    const one: DemandRow[] = [{ brand: BRAND, country: "GB", period: "2025-01", vertical: null, volume: 100 }];
    const two: DemandRow[] = [
      ...one,
      { brand: BRAND, country: "DE", period: "2025-01", vertical: null, volume: 1 },
      { brand: "rival", country: "DE", period: "2025-01", vertical: null, volume: 100 },
    ];
    expect(presence(one)).toBe(55); // leader in GB: 5 + 50
    expect(presence(two)).toBe(60); // + DE at adi 1: 10 + 50
  });
});
