import { describe, expect, it } from "vitest";
import {
  computeTrustScore,
  domainHealthComponent,
  gradeOf,
  licenseStatusOn,
  licensingComponent,
} from "../../build/compute/trust-score.ts";
import {
  paymentsComponent,
  reputationComponent,
  TRUST_GRADES,
  TRUST_WEIGHTS,
  type TrustInputs,
} from "../../build/compute/trust-score.ts";
import { TRUST_COMPONENTS, TRUST_GRADE_VALUES } from "../../build/response-schemas/vocabularies.ts";

type LicenseInput = TrustInputs["licenses"][number];
const license = (
  regulator_code: string,
  status: LicenseInput["status"],
  issued_at: string,
  status_changed_at: string | null = null,
  expires_at: string | null = null,
): LicenseInput => ({
  regulator_code,
  status,
  issued_at,
  expires_at,
  status_changed_at,
});
const TIERS: Record<string, number> = { T1: 1, T2: 2, T3: 3, T9: 9 };
const tierOf = (code: string): number => TIERS[code] ?? 3;

/** alpha-casino of seeds-min in December 2024, every input known. */
const ALPHA: TrustInputs = {
  period: "2024-12",
  brand: {
    reputation: { review_rating: 4.5, review_count: 200, complaints_total: 10, complaints_resolved: 9 },
    payment_methods: ["visa", "mastercard", "paypal", "skrill"],
    withdrawal_days: 1,
  },
  licenses: [license("T1", "active", "2019-01-15"), license("T2", "active", "2020-06-01", null, "2030-06-01")],
  regulatorTier: tierOf,
  primaryDomain: {
    whois: { registrar: "R", created_at: "2015-01-01", expires_at: "2026-01-01", privacy: false },
    health: { https: true, status_code: 200, uptime_pct: 99.5, response_ms: 180, checked_at: "2024-12-30" },
  },
  alerts: [{ page_type: "terms", change_type: "modified", detected_at: "2024-11-05T10:00:00Z" }],
  // Every page type watched all year: the alert costs are not scaled (transparency.test.ts).
  monitoring: { since: "2020-01-01", pages: ["terms", "withdrawal", "responsible_gambling"] },
  marketAdis: [100, 100],
};

describe("TRUST_WEIGHTS", () => {
  it("names six components whose weights sum to 1", () => {
    expect(Object.keys(TRUST_WEIGHTS)).toEqual([
      "licensing",
      "reputation",
      "market_presence",
      "domain_health",
      "transparency",
      "payments",
    ]);
    expect(Object.values(TRUST_WEIGHTS).reduce((sum, weight) => sum + weight, 0)).toBeCloseTo(1, 12);
  });
});

describe("licenseStatusOn", () => {
  // Issued 2020-01-01, suspended from 2024-11-20, would expire 2026-01-01.
  const suspended = license("T1", "suspended", "2020-01-01", "2024-11-20", "2026-01-01");
  const expiring = license("T1", "active", "2020-01-01", null, "2024-06-30");

  it.each<[LicenseInput, string, string]>([
    [suspended, "2019-12-31", "not_issued"],
    [suspended, "2020-01-01", "active"], // in force from its issue day
    [suspended, "2024-11-19", "active"], // the seed's status applies only from its change date
    [suspended, "2024-11-20", "suspended"],
    [suspended, "2030-01-01", "suspended"], // the recorded status wins over the later expiry
    [expiring, "2024-06-29", "active"],
    [expiring, "2024-06-30", "expired"], // the expiry day itself is no longer covered
    [license("T1", "revoked", "2017-05-10", "2023-02-01", "2027-05-10"), "2023-01-31", "active"],
    [license("T1", "revoked", "2017-05-10", "2023-02-01", "2027-05-10"), "2023-02-01", "revoked"],
    [license("T1", "expired", "2018-01-01", "2024-03-01", "2024-02-01"), "2024-02-15", "expired"], // past expires_at before the status change
    [license("T1", "active", "2018-01-01"), "2099-12-31", "active"], // no expiry date
  ])("%j on %s is %s", (input, date, status) => {
    expect(licenseStatusOn(input, date)).toBe(status);
  });
});

describe("licensingComponent", () => {
  const asOf = "2024-12-31";
  it.each<[string, LicenseInput[], number]>([
    ["no license", [], 0],
    ["one active tier-1 license: base 70", [license("T1", "active", "2019-01-01")], 70],
    ["one active tier-2 license: base 55", [license("T2", "active", "2019-01-01")], 55],
    ["one active tier-3 license: base 40", [license("T3", "active", "2019-01-01")], 40],
    [
      "tier-1 and tier-2 active: strictest base 70 + 10 for the second = 80",
      [license("T1", "active", "2019-01-01"), license("T2", "active", "2019-01-01")],
      80,
    ],
    [
      "five active tier-2: 55 + min(30, 4 × 10) = 85",
      Array.from({ length: 5 }, () => license("T2", "active", "2019-01-01")),
      85,
    ],
    [
      "one active tier-3 and one suspended: 40 − 15 = 25",
      [license("T3", "active", "2019-01-01"), license("T1", "suspended", "2019-01-01", "2024-01-01")],
      25,
    ],
    [
      "two active tier-1 and three revoked: 70 + 10 − 3 × 15 = 35",
      [
        license("T1", "active", "2019-01-01"),
        license("T1", "active", "2019-01-01"),
        ...Array.from({ length: 3 }, () => license("T2", "revoked", "2015-01-01", "2020-01-01")),
      ],
      35,
    ],
    [
      "one active tier-3 and three suspended: 40 − 45 clamps at 0",
      [
        license("T3", "active", "2019-01-01"),
        ...Array.from({ length: 3 }, () => license("T3", "suspended", "2015-01-01", "2020-01-01")),
      ],
      0,
    ],
    ["only a suspended license: no active license, 0", [license("T1", "suspended", "2019-01-01", "2024-01-01")], 0],
    [
      "an expired license neither counts nor costs: 55",
      [license("T2", "active", "2019-01-01"), license("T1", "expired", "2010-01-01", "2020-01-01", "2020-01-01")],
      55,
    ],
    ["a license issued after the date does not count yet", [license("T1", "active", "2025-01-15")], 0],
    [
      "a tier without points gives no base: 0 + 10",
      [license("T9", "active", "2019-01-01"), license("T9", "active", "2019-01-01")],
      10,
    ],
  ])("%s", (_case, licenses, expected) => {
    expect(licensingComponent(licenses, tierOf, asOf)).toBe(expected);
  });

  it("follows a suspension over time (beta-bet of seeds-min: tier-1 suspended on 2024-11-20, tier-2 active)", () => {
    const licenses = [license("T1", "suspended", "2018-03-01", "2024-11-20"), license("T2", "active", "2021-09-01")];
    // October: both active, strictest tier 1 → 70 + 10 = 80
    expect(licensingComponent(licenses, tierOf, "2024-10-31")).toBe(80);
    // November (end of month): the tier-2 license alone → 55, minus 15 for the suspension → 40
    expect(licensingComponent(licenses, tierOf, "2024-11-30")).toBe(40);
  });
});

describe("reputationComponent", () => {
  it.each([
    // rating 4.5/5 → 90; 9 of 10 complaints resolved → 90; 0.7 × 90 + 0.3 × 90 = 90; 200 reviews: full confidence → 90
    [{ review_rating: 4.5, review_count: 200, complaints_total: 10, complaints_resolved: 9 }, 90],
    // 3.5 → 70; no complaints → 100; 0.7 × 70 + 0.3 × 100 = 79; 50 reviews: confidence 0.5 → 50 + 29 × 0.5 = 64.5
    [{ review_rating: 3.5, review_count: 50, complaints_total: 0, complaints_resolved: 0 }, 64.5],
    // 2.5 → 50; 5 of 20 → 25; 35 + 7.5 = 42.5; 100 reviews: confidence 1 → 42.5
    [{ review_rating: 2.5, review_count: 100, complaints_total: 20, complaints_resolved: 5 }, 42.5],
    // no review at all: confidence 0 → the neutral 50, whatever the rating
    [{ review_rating: 1, review_count: 0, complaints_total: 4, complaints_resolved: 0 }, 50],
    // 5 → 100; more resolved than filed counts as all resolved → 100; → 100
    [{ review_rating: 5, review_count: 1000, complaints_total: 3, complaints_resolved: 7 }, 100],
  ])("%j → %d", (reputation, expected) => {
    expect(reputationComponent(reputation)).toBeCloseTo(expected, 10);
  });
});

describe("domainHealthComponent", () => {
  const domain = (https: boolean, uptime_pct: number, created_at: string) => ({
    whois: { registrar: "R", created_at, expires_at: "2030-01-01", privacy: false },
    health: { https, status_code: 200, uptime_pct, response_ms: 100, checked_at: "2024-12-30" },
  });

  it.each([
    // HTTPS 30; uptime (99.5 − 95) / 5 × 40 = 36; 2015-01-01 → 2024-12-31 = 3652 days = 9.9986 years → 29.959; sum 95.959
    ["alpha-casino.example.com", domain(true, 99.5, "2015-01-01"), "2024-12-31", 30 + 36 + (3652 / 365.25 / 10) * 30],
    // no HTTPS; uptime under 95 → 0; 2018-07-01 → 2024-12-31 = 2375 days → 6.5024 years → 19.507
    ["gamma-play.example.com", domain(false, 94, "2018-07-01"), "2024-12-31", (2375 / 365.25 / 10) * 30],
    [
      "uptime exactly 95 gives 0, 100 gives 40; age capped at 10 years",
      domain(true, 100, "2000-01-01"),
      "2024-12-31",
      30 + 40 + 30,
    ],
    ["a domain created after the date has age 0", domain(false, 97, "2025-06-01"), "2024-12-31", 16],
  ])("%s", (_case, input, asOf, expected) => {
    expect(domainHealthComponent(input, asOf)).toBeCloseTo(expected, 10);
  });

  it("is 0 without a primary domain", () => {
    expect(domainHealthComponent(undefined, "2024-12-31")).toBe(0);
  });
});

describe("paymentsComponent", () => {
  it.each([
    [4, 1, 58], // 4/10 × 70 = 28, within 1 day + 30
    [2, 3, 34], // 14 + 20
    [1, 7, 7], // 7 + 0
    [12, 5, 80], // capped 70 + 10
    [0, 10, 0],
    [10, 0, 100],
    [0, 1.5, 20],
    [0, 3.01, 10],
    [0, 5.5, 0],
  ])("%d methods, %d withdrawal days → %d", (methods, days, expected) => {
    expect(paymentsComponent(methods, days)).toBeCloseTo(expected, 10);
  });
});

describe("gradeOf", () => {
  it.each([
    [100, "A"],
    [80, "A"],
    [79.9, "B"],
    [65, "B"],
    [64.9, "C"],
    [50, "C"],
    [49.9, "D"],
    [35, "D"],
    [34.9, "E"],
    [0, "E"],
  ])("%d → %s", (score, grade) => {
    expect(gradeOf(score)).toBe(grade);
  });

  it("lists the grades from best to worst, in the order of their bands", () => {
    expect(TRUST_GRADE_VALUES).toEqual(["A", "B", "C", "D", "E"]);
    expect(TRUST_GRADES.map((band) => band.grade)).toEqual([...TRUST_GRADE_VALUES]);
  });

  it("weights the components in the order every answer lists them", () => {
    expect(Object.keys(TRUST_WEIGHTS)).toEqual([...TRUST_COMPONENTS]);
  });
});

describe("computeTrustScore", () => {
  // alpha-casino of seeds-min in December 2024.
  const alpha = ALPHA;

  it("rounds each component to 1 decimal and weights them into the score", () => {
    const result = computeTrustScore(alpha);
    expect(result.components).toEqual({
      licensing: 80, // 70 (tier 1) + 10 (a second active license)
      reputation: 90, // see reputationComponent
      market_presence: 60, // 2 markets: 10, highest adi 100: + 50
      domain_health: 96, // 95.959 rounded
      transparency: 92, // one modified page
      payments: 58, // 28 + 30
    });
    // 0.25 × 80 + 0.2 × 90 + 0.15 × 60 + 0.15 × 96 + 0.15 × 92 + 0.1 × 58 = 20 + 18 + 9 + 14.4 + 13.8 + 5.8 = 81
    expect(result.score).toBe(81);
    expect(result.grade).toBe("A");
  });

  it("scores a brand with nothing in its favour", () => {
    const result = computeTrustScore({
      period: "2024-12",
      brand: {
        reputation: { review_rating: 0, review_count: 500, complaints_total: 10, complaints_resolved: 0 },
        payment_methods: [],
        withdrawal_days: 30,
      },
      licenses: [],
      regulatorTier: tierOf,
      primaryDomain: undefined,
      alerts: Array.from({ length: 10 }, () => ({
        page_type: "terms" as const,
        change_type: "removed" as const,
        detected_at: "2024-12-01T00:00:00Z",
      })),
      monitoring: ALPHA.monitoring,
      marketAdis: [],
    });
    expect(result).toEqual({
      score: 0,
      grade: "E",
      provisional: false,
      coverage: ["licensing", "reputation", "market_presence", "domain_health", "transparency", "payments"],
      components: { licensing: 0, reputation: 0, market_presence: 0, domain_health: 0, transparency: 0, payments: 0 },
    });
  });

  it("changes with the period: the licensing component of a later suspension", () => {
    const withSuspension = {
      ...alpha,
      licenses: [license("T1", "suspended", "2019-01-15", "2024-12-10"), license("T2", "active", "2020-06-01")],
    };
    const november = computeTrustScore({ ...withSuspension, period: "2024-11" });
    const december = computeTrustScore(withSuspension);
    expect(november.components.licensing).toBe(80);
    // December: only the tier-2 license is active (55), minus 15 for the suspension = 40
    expect(december.components.licensing).toBe(40);
    // The score falls by 0.25 × (80 − 40) = 10: from 81 to 71, grade A → B
    expect(december.score).toBe(71);
    expect(december.grade).toBe("B");
  });

  it("publishes components rounded to 1 decimal, and the score from those", () => {
    const result = computeTrustScore({
      ...alpha,
      brand: { ...alpha.brand, reputation: { ...alpha.brand.reputation!, review_rating: 4.47 } },
      marketAdis: [33.3333, 12.5, 7],
    });
    // reputation: 4.47 / 5 → 89.4; 0.7 × 89.4 + 0.3 × 90 = 62.58 + 27 = 89.58 → 89.6
    // market presence: 3 / 10 × 50 = 15, plus the highest adi 33.3333 / 2 = 16.66665 → 31.66665 → 31.7
    expect(result.components).toEqual({
      licensing: 80,
      reputation: 89.6,
      market_presence: 31.7,
      domain_health: 96,
      transparency: 92,
      payments: 58,
    });
    // 20 + 0.2 × 89.6 + 0.15 × 31.7 + 14.4 + 13.8 + 5.8 = 20 + 17.92 + 4.755 + 34 = 76.675 → 76.7
    expect(result.score).toBe(76.7);
    expect(result.grade).toBe("B");
  });

  it("keeps the score equal to the weighted sum of its published components", () => {
    const result = computeTrustScore({ ...alpha, marketAdis: [33.3333, 12.5, 7] });
    const sum = (Object.keys(TRUST_WEIGHTS) as (keyof typeof TRUST_WEIGHTS)[]).reduce(
      (total, name) => total + TRUST_WEIGHTS[name] * result.components[name]!,
      0,
    );
    expect(result.score).toBe(Math.round(sum * 10) / 10);
  });
});

describe("computeTrustScore: unknown is not zero (#26)", () => {
  // alpha-casino of seeds-min in December 2024, every input known: licensing 80, reputation 90, market presence 60,
  // domain health 96, transparency 92, payments 58; score 81.
  const alpha = ALPHA;
  const none = { licenses: false, domains: false };
  const unknownDemandAndWatch = { marketAdis: null, monitoring: undefined };

  it("one component missing (payments, weight 0.1): the other five carry 0.9 of the weight", () => {
    const result = computeTrustScore({ ...alpha, brand: { ...alpha.brand, withdrawal_days: null } });
    expect(result.components.payments).toBeNull();
    // (20 + 18 + 9 + 14.4 + 13.8) / 0.9 = 75.2 / 0.9 = 83.555… → 83.6
    expect(result).toMatchObject({
      score: 83.6,
      grade: "A",
      provisional: false,
      coverage: ["licensing", "reputation", "market_presence", "domain_health", "transparency"],
    });
  });

  it("more than half of the weight missing (licensing, reputation and payments: 0.55): provisional", () => {
    const result = computeTrustScore({
      ...alpha,
      brand: { ...alpha.brand, reputation: null, payment_methods: null },
      present: { ...none, domains: true },
    });
    expect(result.components).toEqual({
      licensing: null,
      reputation: null,
      market_presence: 60,
      domain_health: 96,
      transparency: 92,
      payments: null,
    });
    // (0.15 × 60 + 0.15 × 96 + 0.15 × 92) / 0.45 = (9 + 14.4 + 13.8) / 0.45 = 37.2 / 0.45 = 82.666… → 82.7
    expect(result).toMatchObject({
      score: 82.7,
      grade: "A",
      provisional: true,
      coverage: ["market_presence", "domain_health", "transparency"],
    });
  });

  it("exactly half of the weight known (reputation, domain health, transparency: 0.5): not provisional", () => {
    const result = computeTrustScore({
      ...alpha,
      brand: { ...alpha.brand, payment_methods: null },
      marketAdis: null,
      present: { ...none, domains: true },
    });
    // (18 + 14.4 + 13.8) / 0.5 = 46.2 / 0.5 = 92.4
    expect(result).toMatchObject({
      score: 92.4,
      grade: "A",
      provisional: false,
      coverage: ["reputation", "domain_health", "transparency"],
    });
  });

  it("all missing: score and grade null, provisional, no coverage", () => {
    const result = computeTrustScore({
      ...alpha,
      brand: { reputation: null, payment_methods: null, withdrawal_days: null },
      ...unknownDemandAndWatch,
      present: none,
    });
    expect(result).toEqual({
      score: null,
      grade: null,
      provisional: true,
      coverage: [],
      components: {
        licensing: null,
        reputation: null,
        market_presence: null,
        domain_health: null,
        transparency: null,
        payments: null,
      },
    });
  });

  it("known absence is 0, not unknown: no license in a data set that has licenses, no primary domain in one that has domains", () => {
    const result = computeTrustScore({ ...alpha, licenses: [], primaryDomain: undefined });
    expect(result.components.licensing).toBe(0);
    expect(result.components.domain_health).toBe(0);
    expect(result.coverage).toHaveLength(6);
  });

  it("a domain whose uptime is unknown leaves domain health unknown", () => {
    const result = computeTrustScore({
      ...alpha,
      primaryDomain: {
        whois: alpha.primaryDomain!.whois,
        health: { ...alpha.primaryDomain!.health!, uptime_pct: null },
      },
    });
    expect(result.components.domain_health).toBeNull();
  });

  it("reputation: unknown without a rating or its review count; the rating alone where complaints are unknown", () => {
    expect(
      reputationComponent({ review_rating: null, review_count: 200, complaints_total: 1, complaints_resolved: 1 }),
    ).toBeNull();
    expect(
      reputationComponent({ review_rating: 4.5, review_count: null, complaints_total: 1, complaints_resolved: 1 }),
    ).toBeNull();
    // 4.5 / 5 × 100 = 90 as the whole raw value; 200 reviews: full confidence → 90
    expect(
      reputationComponent({ review_rating: 4.5, review_count: 200, complaints_total: null, complaints_resolved: null }),
    ).toBe(90);
    // 4 / 5 → 80; 50 reviews: 50 + (80 − 50) × 0.5 = 65
    expect(
      reputationComponent({ review_rating: 4, review_count: 50, complaints_total: null, complaints_resolved: 3 }),
    ).toBe(65);
  });
});

describe("computeTrustScore: demand and monitoring unknown (#27)", () => {
  it("leaves market presence unknown without demand data, and transparency without a monitoring record", () => {
    const result = computeTrustScore({ ...ALPHA, marketAdis: null, monitoring: undefined });
    expect(result.components.market_presence).toBeNull();
    expect(result.components.transparency).toBeNull();
    // (20 + 18 + 14.4 + 5.8) / 0.7 = 58.2 / 0.7 = 83.142… → 83.1
    expect(result).toMatchObject({ score: 83.1, provisional: false });
  });

  it("scores market presence 0 where the brand has demand rows but no volume", () => {
    expect(computeTrustScore({ ...ALPHA, marketAdis: [] }).components.market_presence).toBe(0);
  });
});

describe("licenseStatusOn: an undated non-active status counts from the snapshot (#27)", () => {
  const revoked = license("T1", "revoked", "2020-01-01");
  it.each<[string, string]>([
    ["2024-12-31", "active"], // before the register was read: its status then is not known to be revoked
    ["2025-01-01", "revoked"], // the snapshot's day
    ["2026-01-01", "revoked"],
  ])("a revoked license without change date, snapshot 2025-01-01: on %s %s", (date, status) => {
    expect(licenseStatusOn(revoked, date, "2025-01-01")).toBe(status);
  });

  it("a dated change keeps its own date", () => {
    expect(licenseStatusOn(license("T1", "revoked", "2020-01-01", "2023-05-01"), "2024-01-01", "2025-01-01")).toBe(
      "revoked",
    );
  });
});

describe("licenseStatusOn: a non-active status without its change date (#26)", () => {
  it("applies from the day of issue, so a revoked license never counts as active for lack of a date", () => {
    const revoked = license("T1", "revoked", "2020-01-01");
    expect(licenseStatusOn(revoked, "2019-12-31")).toBe("not_issued");
    expect(licenseStatusOn(revoked, "2020-01-01")).toBe("revoked");
    expect(licenseStatusOn(revoked, "2026-11-01")).toBe("revoked");
  });
});
