/**
 * Trust Score 2.0: six components, each 0-100, weighted into a 0-100 score with a letter grade.
 * Computed as of the end of each month, so the history shows how a brand's trust moved.
 * @module
 */
import type { Brand, Domain, License, TcAlert } from "../load/schemas.ts";
import { clamp, mean, round1 } from "./numbers.ts";
import { addMonths, periodEndDate, periodOf, yearsBetween } from "./periods.ts";

/** Component weights; they sum to 1. Documented on the methodology page. */
export const TRUST_WEIGHTS = {
  licensing: 0.25,
  reputation: 0.2,
  market_presence: 0.15,
  domain_health: 0.15,
  transparency: 0.15,
  payments: 0.1,
} as const;

export type TrustComponent = keyof typeof TRUST_WEIGHTS;
export type TrustComponents = Record<TrustComponent, number>;

/** Grade bands: the first whose minimum the score reaches. */
export const TRUST_GRADES = [
  { grade: "A", min: 80 },
  { grade: "B", min: 65 },
  { grade: "C", min: 50 },
  { grade: "D", min: 35 },
  { grade: "E", min: 0 },
] as const;

export type TrustGrade = (typeof TRUST_GRADES)[number]["grade"];
export const TRUST_GRADE_VALUES = TRUST_GRADES.map((band) => band.grade);

/** Base licensing points by the strictest tier of the brand's active licenses. */
export const LICENSE_TIER_POINTS: Record<number, number> = { 1: 70, 2: 55, 3: 40 };

/** Everything the score needs to know about one brand in one month. */
export interface TrustInputs {
  period: string;
  brand: Pick<Brand, "reputation" | "payment_methods" | "withdrawal_days">;
  licenses: readonly Pick<License, "regulator_code" | "status" | "issued_at" | "expires_at" | "status_changed_at">[];
  regulatorTier: (code: string) => number;
  primaryDomain: Pick<Domain, "whois" | "health"> | undefined;
  alerts: readonly Pick<TcAlert, "change_type" | "detected_at">[];
  /** adi of the brand in each market where it had volume that month. */
  marketAdis: readonly number[];
}

export interface TrustResult {
  score: number;
  grade: TrustGrade;
  components: TrustComponents;
}

/** Scores one brand for one month. */
export function computeTrustScore(inputs: TrustInputs): TrustResult {
  const asOf = periodEndDate(inputs.period);
  const components: TrustComponents = {
    licensing: round1(licensingComponent(inputs.licenses, inputs.regulatorTier, asOf)),
    reputation: round1(reputationComponent(inputs.brand.reputation)),
    market_presence: round1(marketPresenceComponent(inputs.marketAdis)),
    domain_health: round1(domainHealthComponent(inputs.primaryDomain, asOf)),
    transparency: round1(transparencyComponent(inputs.alerts, inputs.period)),
    payments: round1(paymentsComponent(inputs.brand.payment_methods.length, inputs.brand.withdrawal_days)),
  };
  // The score is the weighted sum of the published (rounded) components, so anyone can re-add it.
  const score = round1((Object.keys(TRUST_WEIGHTS) as TrustComponent[]).reduce((sum, name) => sum + TRUST_WEIGHTS[name] * components[name], 0));
  return { score, grade: gradeOf(score), components };
}

export function gradeOf(score: number): TrustGrade {
  return (TRUST_GRADES.find((band) => score >= band.min) ?? TRUST_GRADES[TRUST_GRADES.length - 1]!).grade;
}

/** The license's status on a date: non-active statuses apply from their change date on. */
export function licenseStatusOn(license: TrustInputs["licenses"][number], date: string): "active" | "suspended" | "revoked" | "expired" | "not_issued" {
  if (license.issued_at > date) return "not_issued";
  if (license.status !== "active" && license.status_changed_at !== null && license.status_changed_at <= date) return license.status;
  if (license.expires_at !== null && license.expires_at <= date) return "expired";
  return "active";
}

/** Strictest active tier's base points, +10 per further active license (up to +30), −15 per suspension or revocation. */
export function licensingComponent(licenses: TrustInputs["licenses"], regulatorTier: (code: string) => number, asOf: string): number {
  const statuses = licenses.map((license) => ({ license, status: licenseStatusOn(license, asOf) }));
  const active = statuses.filter((entry) => entry.status === "active");
  const penalties = statuses.filter((entry) => entry.status === "suspended" || entry.status === "revoked").length;
  if (active.length === 0) return 0;
  const bestTier = Math.min(...active.map((entry) => regulatorTier(entry.license.regulator_code)));
  const base = LICENSE_TIER_POINTS[bestTier] ?? 0;
  return clamp(base + Math.min(30, 10 * (active.length - 1)) - 15 * penalties, 0, 100);
}

/** 70% review rating, 30% complaint resolution, shrunk toward 50 below 100 reviews. */
export function reputationComponent(reputation: Brand["reputation"]): number {
  const ratingPart = (reputation.review_rating / 5) * 100;
  const resolution = reputation.complaints_total > 0 ? (Math.min(reputation.complaints_resolved, reputation.complaints_total) / reputation.complaints_total) * 100 : 100;
  const raw = 0.7 * ratingPart + 0.3 * resolution;
  const confidence = Math.min(reputation.review_count, 100) / 100;
  return 50 + (raw - 50) * confidence;
}

/** Up to 50 for the number of markets with demand (10 or more gives 50), plus half the mean adi there. */
export function marketPresenceComponent(marketAdis: readonly number[]): number {
  if (marketAdis.length === 0) return 0;
  return (Math.min(marketAdis.length, 10) / 10) * 50 + mean(marketAdis) / 2;
}

/** HTTPS 30, uptime above 95% up to 40 (100% gives 40), domain age up to 30 (10 years gives 30). */
export function domainHealthComponent(domain: TrustInputs["primaryDomain"], asOf: string): number {
  if (domain === undefined) return 0;
  const https = domain.health.https ? 30 : 0;
  const uptime = clamp((domain.health.uptime_pct - 95) / 5, 0, 1) * 40;
  const age = clamp(yearsBetween(domain.whois.created_at, asOf) / 10, 0, 1) * 30;
  return https + uptime + age;
}

/** 100 minus 8 per modified, 15 per removed and 4 per new page in the 12 months up to the period. */
export function transparencyComponent(alerts: TrustInputs["alerts"], period: string): number {
  const from = addMonths(period, -11);
  const recent = alerts.filter((alert) => {
    const month = periodOf(alert.detected_at);
    return month >= from && month <= period;
  });
  const cost = { modified: 8, removed: 15, new: 4 } as const;
  return clamp(100 - recent.reduce((sum, alert) => sum + cost[alert.change_type], 0), 0, 100);
}

/** Up to 70 for payment methods (10 or more gives 70), plus 30/20/10/0 for withdrawals within 1/3/5/more days. */
export function paymentsComponent(methodCount: number, withdrawalDays: number): number {
  const methods = (Math.min(methodCount, 10) / 10) * 70;
  const speed = withdrawalDays <= 1 ? 30 : withdrawalDays <= 3 ? 20 : withdrawalDays <= 5 ? 10 : 0;
  return methods + speed;
}
