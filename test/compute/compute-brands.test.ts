import { beforeAll, describe, expect, it } from "vitest";
import { computeBrands } from "../../build/compute/compute-brands.ts";
import type { BrandRecord } from "../../build/compute/dataset.ts";
import { computeDemandIndex } from "../../build/compute/demand-index.ts";
import { loadSeeds, type SeedSet } from "../../build/load/load-seeds.ts";
import { SEEDS_MIN } from "../fixtures/seeds-invalid.ts";

// seeds-min: snapshot 2025-01-01, demand in 2024-10, 2024-11 and 2024-12; UKGC is tier 1, MGA tier 2.
const PERIODS = ["2024-10", "2024-11", "2024-12"];
const SNAPSHOT = "2025-01-01";

let seeds: SeedSet;
const brandsOf = (set: SeedSet, periods = PERIODS): BrandRecord[] =>
  computeBrands(set, computeDemandIndex(set.demand), periods, SNAPSHOT);
const bySlug = (records: BrandRecord[], slug: string): BrandRecord => records.find((record) => record.slug === slug)!;

beforeAll(async () => {
  ({ seeds } = await loadSeeds(SEEDS_MIN));
});

describe("computeBrands", () => {
  it("scores every period: beta-bet's history, worked by hand", () => {
    const beta = bySlug(brandsOf(seeds), "beta-bet");
    // Fixed over the three months: reputation 3.5 → 70, no complaints → 100, 0.7 × 70 + 0.3 × 100 = 79, 50 reviews
    // → 50 + 29 × 0.5 = 64.5; domain: HTTPS 30 + uptime (97 − 95) / 5 × 40 = 16 + age since 2012-03 (over 10 years) 30
    // = 76; payments: 2 methods 14 + withdrawal in 3 days 20 = 34.
    expect(beta.trust_history).toEqual([
      // Both licenses active (the UKGC suspension starts 2024-11-20): tier 1 → 70 + 10 = 80. GB: 1000 of the leader's
      // 3000 → adi 33.3333 → 1/10 × 50 + 33.3333 / 2 = 21.66665 → 21.7. No alert yet: 100.
      // 0.25 × 80 + 0.2 × 64.5 + 0.15 × 21.7 + 0.15 × 76 + 0.15 × 100 + 0.1 × 34 = 20 + 12.9 + 3.255 + 11.4 + 15 + 3.4 = 65.955 → 66
      {
        period: "2024-10",
        score: 66,
        grade: "B",
        components: {
          licensing: 80,
          reputation: 64.5,
          market_presence: 21.7,
          domain_health: 76,
          transparency: 100,
          payments: 34,
        },
        coverage: ["licensing", "reputation", "market_presence", "domain_health", "transparency", "payments"],
        provisional: false,
      },
      // UKGC suspended: MGA alone 55 − 15 = 40. GB: 3000 = the leader's 3000 → adi 100 → 5 + 50 = 55.
      // 10 + 12.9 + 8.25 + 11.4 + 15 + 3.4 = 60.95 → 61 (half away from zero)
      {
        period: "2024-11",
        score: 61,
        grade: "C",
        components: {
          licensing: 40,
          reputation: 64.5,
          market_presence: 55,
          domain_health: 76,
          transparency: 100,
          payments: 34,
        },
        coverage: ["licensing", "reputation", "market_presence", "domain_health", "transparency", "payments"],
        provisional: false,
      },
      // GB: 1000 of the leader's 4000 → adi 25 → 5 + 12.5 = 17.5. The new withdrawal page of 2024-12-02: 100 − 4 = 96.
      // 10 + 12.9 + 2.625 + 11.4 + 14.4 + 3.4 = 54.725 → 54.7
      {
        period: "2024-12",
        score: 54.7,
        grade: "C",
        components: {
          licensing: 40,
          reputation: 64.5,
          market_presence: 17.5,
          domain_health: 76,
          transparency: 96,
          payments: 34,
        },
        coverage: ["licensing", "reputation", "market_presence", "domain_health", "transparency", "payments"],
        provisional: false,
      },
    ]);
  });

  it("publishes the last period's entry as the brand's trust", () => {
    const beta = bySlug(brandsOf(seeds), "beta-bet");
    expect(beta.trust).toEqual(beta.trust_history[2]);
    expect(beta.trust.period).toBe("2024-12");
  });

  it("counts the licenses active on the snapshot date only", () => {
    const brands = brandsOf(seeds);
    // alpha: UKGC (no expiry) and MGA (expires 2030-06-01) both active → 2
    // beta: UKGC suspended since 2024-11-20, MGA active → 1; gamma: MGA revoked → 0; delta: no license → 0
    expect(brands.map((brand) => [brand.slug, brand.licenses_count])).toEqual([
      ["alpha-casino", 2],
      ["beta-bet", 1],
      ["delta-spins", 0],
      ["gamma-play", 0],
    ]);
  });

  it("gives market presence only for markets with volume that month", () => {
    const gamma = bySlug(brandsOf(seeds), "gamma-play");
    // DE 2024-10: gamma has a row with volume 0 → no market → 0 (not 1/10 × 50 + 0 = 5)
    // DE 2024-11: 200 of the leader's 800 → adi 25 → 5 + 12.5 = 17.5
    expect(gamma.trust_history.map((entry) => entry.components.market_presence)).toEqual([0, 17.5, 38.3]); // 2024-12: 400 / 600 → 66.6667 → 5 + 33.33335 → 38.3
  });

  it("takes domain health from the primary domain, wherever it is listed", () => {
    const reversed = bySlug(brandsOf({ ...seeds, domains: [...seeds.domains].reverse() }), "alpha-casino");
    // alpha-casino.example.com (primary): 30 + 36 + (3652 days / 365.25 / 10) × 30 = 95.959 → 96;
    // not alpha.example.net (listed first now), which would give 30 + 24 + 14 = 68.
    expect(reversed.trust.components.domain_health).toBe(96);
  });

  it("writes each brand's description from its figures", () => {
    expect(Object.fromEntries(brandsOf(seeds).map((brand) => [brand.slug, brand.description]))).toEqual({
      // regulators in code order (its licenses list UKGC first); markets in code order
      "alpha-casino":
        "Alpha Casino is a casino brand founded in 2015, currently active. It has measured search demand in 2 markets (DE and GB). It holds active licenses from MGA and UKGC. Its Trust Score 2.0 is 81 (grade A) as of 2024-12.",
      "beta-bet":
        "Beta Bet is a sportsbook and casino brand founded in 2012, currently active. It has measured search demand in 1 market (GB). It holds active licenses from MGA. Its Trust Score 2.0 is 54.7 (grade C) as of 2024-12.",
      // 2024-12: licensing 0 (revoked), reputation 42.5, market 38.3, domain 19.5, transparency 85, payments 7:
      // 0 + 8.5 + 5.745 + 2.925 + 12.75 + 0.7 = 30.62 → 30.6
      "gamma-play":
        "Gamma Play is a casino and poker brand founded in 2018, currently dormant. It has measured search demand in 1 market (DE). It holds no active license in the tracked registers. Its Trust Score 2.0 is 30.6 (grade E) as of 2024-12.",
      // reputation 50 (no review), domain 30 (age only), transparency 100: 10 + 4.5 + 15 = 29.5
      "delta-spins":
        "Delta Spins is a lottery brand founded in 2010, currently closed. No search demand is measured for it. It holds no active license in the tracked registers. Its Trust Score 2.0 is 29.5 (grade E) as of 2024-12.",
    });
  });

  it("does not count a market where the brand only has zero volume as measured demand", () => {
    const withZeroRow = {
      ...seeds,
      demand: [...seeds.demand, { brand: "delta-spins", country: "NL", period: "2024-12", vertical: null, volume: 0 }],
    };
    expect(bySlug(brandsOf(withZeroRow), "delta-spins").description).toContain("No search demand is measured for it.");
  });

  it("scores the snapshot's month when there is no demand period", () => {
    const beta = bySlug(brandsOf({ ...seeds, demand: [] }, []), "beta-bet");
    expect(beta.trust_history).toEqual([]);
    // As of 2025-01-31: licensing 40, reputation 64.5, no demand data so market presence unknown (#26), domain 76,
    // the 2024-12 alert still in the window 96, payments 34, over the known 0.85 of the weight:
    // (10 + 12.9 + 11.4 + 14.4 + 3.4) / 0.85 = 52.1 / 0.85 = 61.294 → 61.3, not provisional (0.85 ≥ 0.5)
    expect(beta.trust).toEqual({
      period: "2025-01",
      score: 61.3,
      grade: "C",
      components: {
        licensing: 40,
        reputation: 64.5,
        market_presence: null,
        domain_health: 76,
        transparency: 96,
        payments: 34,
      },
      coverage: ["licensing", "reputation", "domain_health", "transparency", "payments"],
      provisional: false,
    });
  });
});
