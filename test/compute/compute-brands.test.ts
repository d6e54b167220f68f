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
  it("scores every period from the inputs known by its end: beta-bet's history, worked by hand (#27)", () => {
    const beta = bySlug(brandsOf(seeds), "beta-bet");
    // Licensing: both active in October, tier 1 → 70 + 10 = 80; the UKGC suspension of 2024-11-20: MGA alone
    // 55 − 15 = 40. Reputation: the observation of 2024-11-15 (3.5, 45 reviews, no complaints): 0.7 × 70 + 30 = 79,
    // 50 + 29 × 0.45 = 63.05 → 63.1; none before. Presence: GB adi 33.3333 → 5 + 16.66665 → 21.7; adi 100 → 55;
    // adi 25 → 17.5. Domain health: the check of 2024-11-30 (uptime 96): 30 + 8 + 30 = 68; the record's own check of
    // 2024-12-30 (uptime 97): 30 + 16 + 30 = 76; none in October. Transparency: terms and withdrawal watched since
    // 2024-09-01: 2 months in October (unknown), 3 in November (no alert: 100), 4 in December with the new withdrawal
    // page of 2024-12-02: 4 × 36 ÷ (2 × 4) = 18 → 82. Payments: the observation of 2024-12-10: 14 + 20 = 34.
    expect(beta.trust_history.map(({ period, components }) => ({ period, ...components }))).toEqual([
      {
        period: "2024-10",
        licensing: 80,
        reputation: null,
        market_presence: 21.7,
        domain_health: null,
        transparency: null,
        payments: null,
      },
      {
        period: "2024-11",
        licensing: 40,
        reputation: 63.1,
        market_presence: 55,
        domain_health: 68,
        transparency: 100,
        payments: null,
      },
      {
        period: "2024-12",
        licensing: 40,
        reputation: 63.1,
        market_presence: 17.5,
        domain_health: 76,
        transparency: 82,
        payments: 34,
      },
    ]);
    // October over 0.4 of the weight: (20 + 3.255) / 0.4 = 58.1375 → 58.1, provisional.
    // November over 0.9: (10 + 12.62 + 8.25 + 10.2 + 15) / 0.9 = 56.07 / 0.9 = 62.3.
    // December: 10 + 12.62 + 2.625 + 11.4 + 12.3 + 3.4 = 52.345 → 52.3.
    expect(beta.trust_history.map(({ score, grade, provisional }) => [score, grade, provisional])).toEqual([
      [58.1, "C", true],
      [62.3, "C", false],
      [52.3, "C", false],
    ]);
  });

  it("computes the current score as of the snapshot, where the records' undated values count (#27)", () => {
    const beta = bySlug(brandsOf(seeds), "beta-bet");
    // Reputation of the record (50 reviews): 64.5; payments of the record: 34; presence of the latest month: 17.5;
    // transparency over 2024-09 … 2025-01 (5 months): 4 × 36 ÷ 10 = 14.4 → 85.6.
    // 10 + 12.9 + 2.625 + 11.4 + 12.84 + 3.4 = 53.165 → 53.2
    expect(beta.trust).toEqual({
      period: "2025-01",
      score: 53.2,
      grade: "C",
      provisional: false,
      coverage: ["licensing", "reputation", "market_presence", "domain_health", "transparency", "payments"],
      components: {
        licensing: 40,
        reputation: 64.5,
        market_presence: 17.5,
        domain_health: 76,
        transparency: 85.6,
        payments: 34,
      },
    });
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
    // 2024-11: DE 200 of the leader's 800 → adi 25; NL (verticals.ndjson) 300 + 100 against alpha's 100 → adi 100;
    // two markets → 10 + 100 / 2 = 60 (DE alone would give 5 + 12.5 = 17.5)
    // 2024-12: DE 400 / 600 → adi 66.6667; NL casino is an outage, so NL keeps November's adi 100 → 10 + 50 = 60
    expect(gamma.trust_history.map((entry) => entry.components.market_presence)).toEqual([0, 60, 60]);
  });

  it("takes domain health from the primary domain, wherever it is listed", () => {
    const reversed = bySlug(brandsOf({ ...seeds, domains: [...seeds.domains].reverse() }), "alpha-casino");
    // alpha-casino.example.com (primary): 30 + 36 + (3652 days / 365.25 / 10) × 30 = 95.959 → 96;
    // not alpha.example.net (listed first now), which would give 30 + 24 + 14 = 68.
    expect(reversed.trust.components.domain_health).toBe(96);
  });

  it("writes each brand's description from its figures", () => {
    expect(Object.fromEntries(brandsOf(seeds).map((brand) => [brand.slug, brand.description]))).toEqual({
      // regulators in code order (its licenses list UKGC first); markets in code order. NL from verticals.ndjson:
      // December 150 against gamma's outage → adi 100; presence 3 markets → 15 + 50 = 65 (2 markets: 60, score 81)
      "alpha-casino":
        "Alpha Casino is a casino brand founded in 2015, currently active. It has measured search demand in 3 markets (DE, GB and NL). It holds active licenses from MGA and UKGC. Its Trust Score 2.0 is 81.8 (grade A) as of 2025-01.",
      "beta-bet":
        "Beta Bet is a sportsbook and casino brand founded in 2012, currently active. It has measured search demand in 1 market (GB). It holds active licenses from MGA. Its Trust Score 2.0 is 53.2 (grade C) as of 2025-01.",
      // At the snapshot: licensing 0 (revoked), reputation 42.5, market 60 (December, DE and NL), domain 19.5,
      // transparency unknown (no monitoring record), payments 7: (0 + 8.5 + 9 + 2.925 + 0.7) / 0.85 = 21.125 / 0.85
      // = 24.85 → 24.9
      "gamma-play":
        "Gamma Play is a casino and poker brand founded in 2018, currently dormant. It has measured search demand in 2 markets (DE and NL). It holds no active license in the tracked registers. Its Trust Score 2.0 is 24.9 (grade E) as of 2025-01.",
      // licensing 0, reputation 50 (no review), domain 30 (age only), payments 0; no demand and no monitoring record:
      // (0 + 10 + 4.5 + 0) / 0.7 = 20.71 → 20.7
      "delta-spins":
        "Delta Spins is a lottery brand founded in 2010, currently closed. No search demand is measured for it. It holds no active license in the tracked registers. Its Trust Score 2.0 is 20.7 (grade E) as of 2025-01.",
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
    // As of the snapshot 2025-01-01: licensing 40, reputation 64.5, no demand data so market presence unknown, domain 76,
    // transparency 85.6, payments 34, over the known 0.85 of the weight:
    // (10 + 12.9 + 11.4 + 12.84 + 3.4) / 0.85 = 50.54 / 0.85 = 59.459 → 59.5, not provisional (0.85 ≥ 0.5)
    expect(beta.trust).toEqual({
      period: "2025-01",
      score: 59.5,
      grade: "C",
      components: {
        licensing: 40,
        reputation: 64.5,
        market_presence: null,
        domain_health: 76,
        transparency: 85.6,
        payments: 34,
      },
      coverage: ["licensing", "reputation", "domain_health", "transparency", "payments"],
      provisional: false,
    });
  });
});
