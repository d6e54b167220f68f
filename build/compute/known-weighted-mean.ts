/**
 * The weighted mean of the known parts of a score (#26: unknown is not zero), shared by the Trust Score and
 * the provider rank.
 * @module
 */

/** A score over its known parts, and which parts those are. */
export interface KnownWeightedMean<K extends string> {
  /** Σ weight × part ÷ Σ weight over the known parts; null when none is known. Not rounded. */
  value: number | null;
  /** The known parts, in the order of `names`. */
  coverage: K[];
  /** The sum of the known parts' weights (1 when every part is known). */
  knownWeight: number;
}

/**
 * Weighs the known (non-null) parts, their weights re-spread in proportion. With every part known the weights
 * sum to 1 and the value is their plain weighted sum: dividing by a float sum near 1 could move the last digit.
 */
export function knownWeightedMean<K extends string>(
  names: readonly K[],
  weights: Readonly<Record<K, number>>,
  parts: Readonly<Record<K, number | null>>,
): KnownWeightedMean<K> {
  const coverage = names.filter((name) => parts[name] !== null);
  const knownWeight = coverage.reduce((sum, name) => sum + weights[name], 0);
  const weighted = coverage.reduce((sum, name) => sum + weights[name] * parts[name]!, 0);
  if (coverage.length === 0) return { value: null, coverage, knownWeight };
  return { value: coverage.length === names.length ? weighted : weighted / knownWeight, coverage, knownWeight };
}
