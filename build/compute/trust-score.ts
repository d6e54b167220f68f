/**
 * Trust Score 2.0: six components, each 0-100, weighted into a 0-100 score with a letter grade.
 * Computed as of the end of each month from the inputs known by then (#27), so the history shows how a
 * brand's trust moved; the current score as of the snapshot.
 * @module
 */
import type { Brand, Domain, License, Monitoring, TcAlert } from "../load/schemas.ts";
import { knownWeightedMean } from "./known-weighted-mean.ts";
import { marketPresenceComponent } from "./market-presence.ts";
import { clamp, round1 } from "./numbers.ts";
import { periodEndDate, yearsBetween } from "./periods.ts";
import { transparencyComponent } from "./transparency.ts";
import type { trustHistoryEntry } from "../response-schemas/dataset-brands.ts";
import type { trustComponents } from "../response-schemas/primitives.ts";
import { TRUST_COMPONENTS, type TrustComponent, type TrustGrade } from "../response-schemas/vocabularies.ts";
import type { z } from "zod";

/** Component weights; they sum to 1. Documented on the methodology page. */
export const TRUST_WEIGHTS = {
  licensing: 0.25,
  reputation: 0.2,
  market_presence: 0.15,
  domain_health: 0.15,
  transparency: 0.15,
  payments: 0.1,
} as const satisfies Record<TrustComponent, number>;

/** Each component 0-100, or null where its inputs are unknown (#26: unknown is not zero). */
export type TrustComponents = z.infer<typeof trustComponents>;

/** A grade resting on less than this share of the weight is provisional. */
export const PROVISIONAL_BELOW_WEIGHT = 0.5;

/** Grade bands: the first whose minimum the score reaches. */
export const TRUST_GRADES = [
  { grade: "A", min: 80 },
  { grade: "B", min: 65 },
  { grade: "C", min: 50 },
  { grade: "D", min: 35 },
  { grade: "E", min: 0 },
] as const satisfies readonly { grade: TrustGrade; min: number }[];

/** Base licensing points by the strictest tier of the brand's active licenses. */
export const LICENSE_TIER_POINTS: Record<number, number> = { 1: 70, 2: 55, 3: 40 };

/**
 * Which kinds of input the data set supplies at all. Where it supplies some (licenses, domains), a brand
 * without any has a known absence and scores 0 there; where it supplies none, that component is unknown for
 * every brand. Demand and alerts need no flag: a brand without demand rows that month, or without a
 * monitoring record, has that component unknown (#27).
 */
export interface TrustDataPresence {
  licenses: boolean;
  domains: boolean;
}

/** Everything the score needs to know about one brand in one month, as known on `asOf` (#27). */
export interface TrustInputs {
  period: string;
  /** The date the inputs are as of: the period's end, or the snapshot when that is earlier. Omitted: the period's end. */
  asOf?: string;
  /** From when a non-active license status without its date applies (the snapshot's date). Omitted: from issue. */
  undatedFrom?: string;
  /** The brand's reputation and payment terms as known on `asOf` (null: unknown then). */
  brand: Pick<Brand, "reputation" | "payment_methods" | "withdrawal_days">;
  licenses: readonly Pick<License, "regulator_code" | "status" | "issued_at" | "expires_at" | "status_changed_at">[];
  regulatorTier: (code: string) => number;
  /** The primary domain, its health as last checked by `asOf` (null: no check yet). */
  primaryDomain: Pick<Domain, "whois" | "health"> | undefined;
  alerts: readonly Pick<TcAlert, "page_type" | "change_type" | "detected_at">[];
  /** The brand's monitoring record: undefined leaves transparency unknown. */
  monitoring: Pick<Monitoring, "since" | "pages"> | undefined;
  /** adi of the brand in each market where it had volume that month; null when its demand is unknown then. */
  marketAdis: readonly number[] | null;
  /** Omitted: the data set supplies licenses and domains. */
  present?: TrustDataPresence;
}

/**
 * A Trust Score of one month, its month aside: the score over the known components (their weights
 * re-spread; null when none is known), the grade, whether it is provisional (the known components carry
 * less than half of the weight), the components it rests on in weight order, and each component.
 */
export type TrustResult = Omit<z.infer<typeof trustHistoryEntry>, "period">;

const EVERY_INPUT: TrustDataPresence = { licenses: true, domains: true };

/** Scores one brand for one month. */
export function computeTrustScore(inputs: TrustInputs): TrustResult {
  const asOf = inputs.asOf ?? periodEndDate(inputs.period);
  const present = inputs.present ?? EVERY_INPUT;
  const payments =
    inputs.brand.payment_methods === null || inputs.brand.withdrawal_days === null
      ? null
      : paymentsComponent(inputs.brand.payment_methods.length, inputs.brand.withdrawal_days);
  const components: TrustComponents = {
    licensing: roundKnown(
      present.licenses ? licensingComponent(inputs.licenses, inputs.regulatorTier, asOf, inputs.undatedFrom) : null,
    ),
    reputation: roundKnown(inputs.brand.reputation === null ? null : reputationComponent(inputs.brand.reputation)),
    market_presence: roundKnown(inputs.marketAdis === null ? null : marketPresenceComponent(inputs.marketAdis)),
    domain_health: roundKnown(present.domains ? domainHealthComponent(inputs.primaryDomain, asOf) : null),
    transparency: roundKnown(transparencyComponent(inputs.alerts, inputs.monitoring, inputs.period)),
    payments: roundKnown(payments),
  };
  return scoreComponents(components);
}

const roundKnown = (value: number | null): number | null => (value === null ? null : round1(value));

/**
 * The score of (rounded) components: the weighted mean of the known ones, so anyone can re-add it from the
 * published components. With every component known the weights sum to 1 and it is their plain weighted sum.
 */
export function scoreComponents(components: TrustComponents): TrustResult {
  const { value, coverage, knownWeight } = knownWeightedMean(TRUST_COMPONENTS, TRUST_WEIGHTS, components);
  // A tolerance, so that weights adding up to exactly half in decimals are not provisional by binary drift.
  const provisional = knownWeight < PROVISIONAL_BELOW_WEIGHT - 1e-9;
  if (value === null) return { score: null, grade: null, provisional, coverage, components };
  const score = round1(value);
  return { score, grade: gradeOf(score), provisional, coverage, components };
}

export function gradeOf(score: number): TrustGrade {
  return (TRUST_GRADES.find((band) => score >= band.min) ?? TRUST_GRADES[TRUST_GRADES.length - 1]!).grade;
}

/**
 * The license's status on a date: non-active statuses apply from their change date on. A register export
 * often has no change date: a non-active status without one applies from `undatedFrom`, which the Trust
 * Score sets to the snapshot's date, when the register was read (#27: undated facts count from the
 * snapshot, not backwards); by default from the issue date, so it is never active for lack of a date (#26).
 */
export function licenseStatusOn(
  license: TrustInputs["licenses"][number],
  date: string,
  undatedFrom: string = license.issued_at,
): "active" | "suspended" | "revoked" | "expired" | "not_issued" {
  if (license.issued_at > date) return "not_issued";
  if (license.status !== "active" && (license.status_changed_at ?? undatedFrom) <= date) return license.status;
  if (license.expires_at !== null && license.expires_at <= date) return "expired";
  return "active";
}

/** Strictest active tier's base points, +10 per further active license (up to +30), −15 per suspension or revocation. */
export function licensingComponent(
  licenses: TrustInputs["licenses"],
  regulatorTier: (code: string) => number,
  asOf: string,
  undatedFrom?: string,
): number {
  const statuses = licenses.map((license) => ({ license, status: licenseStatusOn(license, asOf, undatedFrom) }));
  const active = statuses.filter((entry) => entry.status === "active");
  const penalties = statuses.filter((entry) => entry.status === "suspended" || entry.status === "revoked").length;
  if (active.length === 0) return 0;
  const bestTier = Math.min(...active.map((entry) => regulatorTier(entry.license.regulator_code)));
  const base = LICENSE_TIER_POINTS[bestTier] ?? 0;
  return clamp(base + Math.min(30, 10 * (active.length - 1)) - 15 * penalties, 0, 100);
}

/**
 * 70% review rating, 30% complaint resolution, shrunk toward 50 below 100 reviews. Unknown without a rating
 * and its review count; with complaint counts unknown the rating alone makes the raw value.
 */
export function reputationComponent(reputation: NonNullable<Brand["reputation"]>): number | null {
  const {
    review_rating: rating,
    review_count: reviews,
    complaints_total: total,
    complaints_resolved: resolved,
  } = reputation;
  if (rating === null || reviews === null) return null;
  const ratingPart = (rating / 5) * 100;
  const resolution =
    total === null || resolved === null ? null : total > 0 ? (Math.min(resolved, total) / total) * 100 : 100;
  const raw = resolution === null ? ratingPart : 0.7 * ratingPart + 0.3 * resolution;
  const confidence = Math.min(reviews, 100) / 100;
  return 50 + (raw - 50) * confidence;
}

/**
 * HTTPS 30, uptime above 95% up to 40 (100% gives 40), domain age up to 30 (10 years gives 30). A brand
 * without a primary domain scores 0 (a known absence); a domain whose HTTPS, uptime or creation date is
 * unknown leaves the component unknown.
 */
export function domainHealthComponent(domain: TrustInputs["primaryDomain"], asOf: string): number | null {
  if (domain === undefined) return 0;
  const https = domain.health?.https ?? null;
  const uptimePct = domain.health?.uptime_pct ?? null;
  const created = domain.whois?.created_at ?? null;
  if (https === null || uptimePct === null || created === null) return null;
  const uptime = clamp((uptimePct - 95) / 5, 0, 1) * 40;
  const age = clamp(yearsBetween(created, asOf) / 10, 0, 1) * 30;
  return (https ? 30 : 0) + uptime + age;
}

/** Up to 70 for payment methods (10 or more gives 70), plus 30/20/10/0 for withdrawals within 1/3/5/more days. */
export function paymentsComponent(methodCount: number, withdrawalDays: number): number {
  const methods = (Math.min(methodCount, 10) / 10) * 70;
  const speed = withdrawalDays <= 1 ? 30 : withdrawalDays <= 3 ? 20 : withdrawalDays <= 5 ? 10 : 0;
  return methods + speed;
}
