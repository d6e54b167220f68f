/**
 * The flat band of momentum (#27): how large a month-over-month change must be to count as a move rather
 * than the market's ordinary noise, derived from the market's own past changes.
 *
 * The rule: the past changes of a market are the month-over-month percent changes of every brand there
 * between two consecutive months before the current one (both measured, the earlier above 0). Their spread
 * is the robust standard deviation σ̂ = 1.4826 × MAD (the median absolute deviation from their median,
 * scaled to equal σ for normally distributed changes), so that a brand's launch ramp or an outlier month
 * does not widen the band as it would widen a plain σ. The band is 2σ̂, 4 decimals. A market with fewer
 * than {@link MIN_PAST_CHANGES} past changes has too few to judge its noise and takes the band of all
 * markets' past changes pooled; with no past change anywhere the band is 0.
 * @module
 */
import { MIN_PAST_CHANGES } from "../response-schemas/vocabularies.ts";
import { median, round4 } from "./numbers.ts";

export { MIN_PAST_CHANGES };

/** σ = 1.4826 × MAD for a normal distribution (1 / Φ⁻¹(3/4)). */
export const MAD_TO_SIGMA = 1.4826;
/** The band is this many robust standard deviations. */
export const BAND_SIGMAS = 2;

/** 2 × 1.4826 × MAD of the changes, 4 decimals; 0 for none. */
export function noiseBand(changes: readonly number[]): number {
  if (changes.length === 0) return 0;
  const center = median(changes);
  const mad = median(changes.map((change) => Math.abs(change - center)));
  return round4(BAND_SIGMAS * MAD_TO_SIGMA * mad);
}

/** The band of each market, and the pooled band that markets with too few past changes take. */
export interface NoiseBands {
  pooled: number;
  byCountry: Map<string, number>;
}

/** The bands of every market from its past changes (see the module comment). */
export function noiseBands(pastChanges: ReadonlyMap<string, readonly number[]>): NoiseBands {
  const pooled = noiseBand([...pastChanges.values()].flat());
  const byCountry = new Map<string, number>();
  for (const [country, changes] of pastChanges)
    byCountry.set(country, changes.length >= MIN_PAST_CHANGES ? noiseBand(changes) : pooled);
  return { pooled, byCountry };
}
