/**
 * Dated observations of the Trust Score's inputs (#27): review-site readings, cashier readings and checks
 * of primary domains over the sample months, drifting toward the brand and domain records, which hold the
 * values at the snapshot. Synthetic, like the rest of the sample.
 * @module
 */
import type { Domain, DomainCheck, PaymentObservation, ReputationObservation } from "../load/schemas.ts";
import type { BrandPlan } from "./brands.ts";
import { addDays, PERIODS } from "./dates.ts";
import { clamp, type Rng, round } from "./prng.ts";

/** A CSV-ready payment observation: the method list as one `|`-separated cell (`[]` when empty). */
export type PaymentObservationRow = Omit<PaymentObservation, "payment_methods"> & { payment_methods: string };

/** A day of a period: the period's first day plus 0–27 days. */
const dayIn = (rng: Rng, period: string): string => addDays(`${period}-01`, rng.int(0, 27));

/**
 * Quarterly review-site readings from a first reading in the first year; the rating wanders back to the
 * record's, the counts grow toward the record's (older readings saw fewer reviews and complaints).
 */
export function generateReputationObservations(rng: Rng, plans: readonly BrandPlan[]): ReputationObservation[] {
  const out: ReputationObservation[] = [];
  for (const { brand } of plans) {
    const final = brand.reputation;
    if (final === null || final.review_rating === null || !rng.chance(0.85)) continue;
    const start = rng.int(0, 11);
    const offset = rng.normal(0, 0.35);
    for (let index = start; index < PERIODS.length; index += 3) {
      if (brand.founded_year !== null && PERIODS[index]! < `${brand.founded_year}-01`) continue;
      const share = (index + 1) / (PERIODS.length + 1);
      const grown = (value: number | null) => (value === null ? null : Math.round(value * (0.55 + 0.45 * share)));
      const total = grown(final.complaints_total);
      const resolved = grown(final.complaints_resolved);
      out.push({
        brand: brand.slug,
        observed_at: dayIn(rng, PERIODS[index]!),
        review_rating: round(clamp(final.review_rating + offset * (1 - share) + rng.normal(0, 0.1), 1, 5), 1),
        review_count: grown(final.review_count),
        complaints_total: total,
        complaints_resolved: total === null || resolved === null ? resolved : Math.min(total, resolved),
      });
    }
  }
  return out;
}

/** Two or three cashier readings: fewer methods and slower withdrawals at first, the record's terms later. */
export function generatePaymentObservations(rng: Rng, plans: readonly BrandPlan[]): PaymentObservationRow[] {
  const out: PaymentObservationRow[] = [];
  for (const { brand } of plans) {
    const methods = brand.payment_methods ?? [];
    if (brand.withdrawal_days === null || !rng.chance(0.8)) continue;
    const readings = rng.chance(0.5)
      ? [rng.int(0, 5), rng.int(9, 15), rng.int(18, 22)]
      : [rng.int(0, 8), rng.int(12, 20)];
    for (const index of readings) {
      if (brand.founded_year !== null && PERIODS[index]! < `${brand.founded_year}-01`) continue;
      const share = (index + 1) / PERIODS.length;
      // Methods added later are missing from early readings; the first always stays.
      const kept = methods.filter((_, position) => position === 0 || rng.chance(0.75 + 0.25 * share));
      out.push({
        brand: brand.slug,
        observed_at: dayIn(rng, PERIODS[index]!),
        payment_methods: kept.length === 0 ? "[]" : kept.join("|"),
        withdrawal_days: round(clamp(brand.withdrawal_days * (1 + (1 - share) * rng.float(0, 0.8)), 0, 60), 1),
      });
    }
  }
  return out;
}

/**
 * A check of every primary domain once a quarter, near the record's health with some noise: a publisher's
 * recorded snapshot of a monitor, not the monitor's own minute-by-minute log.
 */
export function generateDomainChecks(rng: Rng, domains: readonly Domain[]): DomainCheck[] {
  const out: DomainCheck[] = [];
  for (const domain of domains) {
    const health = domain.health;
    if (!domain.primary || health === null || health.uptime_pct === null) continue;
    const first = rng.int(0, 2);
    for (let index = first; index < PERIODS.length - 1; index += 3) {
      const period = PERIODS[index]!;
      // A check in the record's own month would compete with it: the record is the latest check.
      if (health.checked_at !== null && period >= health.checked_at.slice(0, 7)) break;
      // Nor a check before the domain was registered.
      if (domain.whois?.created_at != null && period < domain.whois.created_at.slice(0, 7)) continue;
      out.push({
        domain: domain.domain,
        checked_at: dayIn(rng, period),
        https: health.https,
        status_code: rng.chance(0.03) ? 503 : health.status_code,
        uptime_pct: round(clamp(health.uptime_pct + rng.normal(0, 0.4), 50, 100), 2),
        response_ms: health.response_ms === null ? null : Math.round(health.response_ms * rng.logNormal(1, 0.2)),
      });
    }
  }
  return out;
}
