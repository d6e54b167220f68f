/**
 * The closed vocabularies that the responses publish and the computation produces: Trust Score
 * components and grades, provider-rank measures, momentum directions. Declared here, below compute/,
 * so that the response schemas (and the types inferred from them) and the code that computes the values
 * name the same list; compute/ keys its weights and grade bands by them (`satisfies`).
 * @module
 */

/** The six Trust Score 2.0 components, in weight order (the order of `TRUST_WEIGHTS` and of every answer). */
export const TRUST_COMPONENTS = [
  "licensing",
  "reputation",
  "market_presence",
  "domain_health",
  "transparency",
  "payments",
] as const;
export type TrustComponent = (typeof TRUST_COMPONENTS)[number];

/** Trust Score grades, best first (their bands are `TRUST_GRADES` in compute/trust-score.ts). */
export const TRUST_GRADE_VALUES = ["A", "B", "C", "D", "E"] as const;
export type TrustGrade = (typeof TRUST_GRADE_VALUES)[number];

/** The provider-rank sub-measures, in the order of `PROVIDER_RANK_WEIGHTS`. */
export const PROVIDER_MEASURES = [
  "games_count",
  "rtp_avg",
  "release_activity",
  "casino_presence",
  "regional_diversity",
] as const;
export type ProviderMeasure = (typeof PROVIDER_MEASURES)[number];

/** The direction of a brand's momentum in a market. */
export const MOMENTUM_DIRECTIONS = ["up", "down", "flat"] as const;
export type MomentumDirection = (typeof MOMENTUM_DIRECTIONS)[number];

/** Why a brand-country pair is left out of trending and momentum (#27): an outage, or not tracked, in either period. */
export const EXCLUSION_REASONS = ["outage", "not_tracked"] as const;
export type ExclusionReason = (typeof EXCLUSION_REASONS)[number];

/** A market with fewer past month-over-month changes than this takes the pooled flat band (#27). */
export const MIN_PAST_CHANGES = 12;
