import { describe, expect, it } from "vitest";
import { computeTrustHistory, type BrandTrustInputs } from "../../build/compute/trust-history.ts";
import { brandTimelines, latestUpTo } from "../../build/compute/trust-observations.ts";
import type { Brand, Domain, License } from "../../build/load/schemas.ts";

const SNAPSHOT = "2025-01-01";
const PERIODS = ["2024-10", "2024-11", "2024-12"];

// The brand record's undated values are those at the snapshot.
const BRAND = {
  slug: "b",
  reputation: { review_rating: 5, review_count: 100, complaints_total: 0, complaints_resolved: 0 },
  payment_methods: ["visa", "mastercard", "skrill", "paypal"],
  withdrawal_days: 1,
} as unknown as Brand;
const DOMAIN: Domain = {
  domain: "b.example",
  brand: "b",
  primary: true,
  whois: { registrar: "R", created_at: "2000-01-01", expires_at: "2030-01-01", privacy: false },
  backlinks: null,
  health: { https: true, status_code: 200, uptime_pct: 100, response_ms: 100, checked_at: null },
  dns: null,
};
const license = (id: string, status: License["status"], issued_at: string): License => ({
  id,
  brand: "b",
  regulator_code: "T1",
  license_number: id,
  status,
  issued_at,
  expires_at: null,
  status_changed_at: null,
  verticals: null,
});

const timelines = brandTimelines(
  {
    reputationObservations: [
      {
        brand: "b",
        observed_at: "2024-12-01",
        review_rating: 3,
        review_count: 100,
        complaints_total: null,
        complaints_resolved: null,
      },
      {
        brand: "b",
        observed_at: "2024-10-15",
        review_rating: 4,
        review_count: 100,
        complaints_total: 0,
        complaints_resolved: 0,
      },
    ],
    paymentObservations: [
      { brand: "b", observed_at: "2024-11-10", payment_methods: ["visa", "mastercard"], withdrawal_days: 3 },
    ],
    domainChecks: [
      {
        domain: "b.example",
        checked_at: "2024-10-20",
        https: false,
        status_code: 200,
        uptime_pct: 95,
        response_ms: 300,
      },
      {
        domain: "other.example",
        checked_at: "2024-10-01",
        https: true,
        status_code: 200,
        uptime_pct: 100,
        response_ms: 1,
      },
    ],
  },
  SNAPSHOT,
)(BRAND, DOMAIN);

const INPUTS: BrandTrustInputs = {
  timelines,
  // The revoked license has no change date: it counts as revoked from the snapshot, not backwards.
  licenses: [license("L1", "active", "2020-01-01"), license("L2", "revoked", "2021-01-01")],
  regulatorTier: () => 1,
  primaryDomain: DOMAIN,
  alerts: [
    {
      id: "a",
      brand: "b",
      page_type: "terms",
      change_type: "modified",
      detected_at: "2024-11-05T00:00:00Z",
      url: "https://b.example/terms",
      summary: "x",
    },
  ],
  monitoring: { brand: "b", since: "2024-09-01", pages: ["terms"] },
  demand: [
    { country: "GB", period: "2024-10", volume: 100, adi: 100 },
    { country: "GB", period: "2024-11", volume: null, adi: null }, // an outage: October's GB stands
    { country: "DE", period: "2024-12", volume: 50, adi: 50 }, // GB no longer tracked
  ],
  present: { licenses: true, domains: true },
};

describe("brandTimelines and latestUpTo", () => {
  it("orders each input by date, the record's undated value at the snapshot, other domains' checks left out", () => {
    expect(timelines.reputation.map((entry) => entry.date)).toEqual(["2024-10-15", "2024-12-01", SNAPSHOT]);
    expect(timelines.payments.map((entry) => entry.date)).toEqual(["2024-11-10", SNAPSHOT]);
    expect(timelines.health.map((entry) => [entry.date, entry.value.https])).toEqual([
      ["2024-10-20", false],
      [SNAPSHOT, true],
    ]);
  });

  it("takes the latest observation dated on or before the date, none before the first", () => {
    expect(latestUpTo(timelines.payments, "2024-11-09")).toBeUndefined();
    expect(latestUpTo(timelines.payments, "2024-11-10")?.withdrawal_days).toBe(3);
    expect(latestUpTo(timelines.payments, SNAPSHOT)?.withdrawal_days).toBe(1);
  });
});

describe("computeTrustHistory: every month from the inputs known by its end (#27)", () => {
  const { history, current } = computeTrustHistory(INPUTS, PERIODS, SNAPSHOT);

  it("uses only inputs dated up to each month, and undated facts from the snapshot on", () => {
    expect(history.map((entry) => entry.components)).toEqual([
      // October: licensing 70 + 10 (both active: the undated revocation is not yet known). Reputation of 2024-10-15:
      // 0.7 × 80 + 0.3 × 100 = 86. GB leader: 5 + 50 = 55. Domain check of 2024-10-20: no HTTPS, uptime 95 → 0,
      // age over 10 years → 30. Watched since September: 2 months, too few → unknown. No payment observation yet.
      { licensing: 80, reputation: 86, market_presence: 55, domain_health: 30, transparency: null, payments: null },
      // November: the GB outage keeps October's adi 100 → 55. Watched 3 months: 8 × 36 / 3 = 96 → 4.
      // Payments of 2024-11-10: 2 methods → 14, 3 days → 20 = 34.
      { licensing: 80, reputation: 86, market_presence: 55, domain_health: 30, transparency: 4, payments: 34 },
      // December: reputation of 2024-12-01, rating 3 alone (complaints unknown) → 60. DE at adi 50: 5 + 25 = 30.
      // 4 watched months: 8 × 36 / 4 = 72 → 28.
      { licensing: 80, reputation: 60, market_presence: 30, domain_health: 30, transparency: 28, payments: 34 },
    ]);
    // October over 0.75 of the weight: (20 + 17.2 + 8.25 + 4.5) / 0.75 = 66.6.
    // November: 20 + 17.2 + 8.25 + 4.5 + 0.6 + 3.4 = 53.95 → 54. December: 20 + 12 + 4.5 + 4.5 + 4.2 + 3.4 = 48.6.
    expect(history.map((entry) => [entry.period, entry.score, entry.grade])).toEqual([
      ["2024-10", 66.6, "B"],
      ["2024-11", 54, "C"],
      ["2024-12", 48.6, "D"],
    ]);
  });

  it("computes the current score as of the snapshot, where the record's undated values count", () => {
    // Licensing: the undated revocation applies now: 70 − 15 = 55. Reputation of the record: 0.7 × 100 + 30 = 100.
    // Presence of the latest month (December): 30. Domain health of the record: 30 + 40 + 30 = 100.
    // Transparency, 2024-09 … 2025-01 = 5 months: 8 × 36 / 5 = 57.6 → 42.4. Payments: 4 methods 28 + 30 = 58.
    expect(current.period).toBe("2025-01");
    expect(current.components).toEqual({
      licensing: 55,
      reputation: 100,
      market_presence: 30,
      domain_health: 100,
      transparency: 42.4,
      payments: 58,
    });
    // 13.75 + 20 + 4.5 + 15 + 6.36 + 5.8 = 65.41 → 65.4
    expect(current).toMatchObject({ score: 65.4, grade: "B", provisional: false });
  });

  it("scores the month that holds the snapshot as of the snapshot, so it equals the current score", () => {
    const midMonth = computeTrustHistory(INPUTS, [...PERIODS, "2025-01"], "2025-01-20");
    expect(midMonth.history[3]).toEqual(midMonth.current);
  });

  it("gives a brand without demand data an unknown market presence, not 0", () => {
    const none = computeTrustHistory({ ...INPUTS, demand: [] }, PERIODS, SNAPSHOT);
    expect([...none.history, none.current].map((entry) => entry.components.market_presence)).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });

  it("leaves transparency unknown in every month without a monitoring record", () => {
    const unwatched = computeTrustHistory({ ...INPUTS, monitoring: undefined }, PERIODS, SNAPSHOT);
    expect(unwatched.history.every((entry) => entry.components.transparency === null)).toBe(true);
    expect(unwatched.current.components.transparency).toBeNull();
  });

  it("a fact observed on the snapshot's day counts for the month that contains it", () => {
    // A snapshot of 2024-12-15: the record's values are observed then, inside December.
    const { history: mid } = computeTrustHistory(
      {
        ...INPUTS,
        timelines: brandTimelines(
          { reputationObservations: [], paymentObservations: [], domainChecks: [] },
          "2024-12-15",
        )(BRAND, DOMAIN),
      },
      PERIODS,
      "2024-12-15",
    );
    expect(mid.map((entry) => entry.components.payments)).toEqual([null, null, 58]);
    expect(mid.map((entry) => entry.components.reputation)).toEqual([null, null, 100]);
  });
});
