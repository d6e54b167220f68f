/**
 * Rounding and clamping shared by every figure, so that all outputs round the same way.
 * @module
 */

/**
 * Significant digits the shifted value is cut to before rounding: few enough to absorb binary drift
 * (1.005 × 100 = 100.49999999999999), never so few that a large value loses digits it has
 * (12,345,678,901.234 × 100 keeps two decimals); 17 digits show any double exactly (no cut at all).
 */
function nudgeDigits(shifted: number): number {
  const integerDigits = shifted < 1 ? 1 : Math.floor(Math.log10(shifted)) + 1;
  return Math.min(17, Math.max(12, integerDigits + 2));
}

/** Rounds to `digits` decimals, half away from zero, without binary drift (1.005 → 1.01). */
export function roundTo(value: number, digits: number): number {
  const factor = 10 ** digits;
  const shifted = Math.abs(value) * factor;
  const rounded = Math.round(Number(shifted.toPrecision(nudgeDigits(shifted)))) / factor;
  return value < 0 ? -rounded : rounded;
}

/** sod, adi and percentages carry 4 decimals (contract §2). */
export const round4 = (value: number): number => roundTo(value, 4);

/** Scores and components carry 1 decimal. */
export const round1 = (value: number): number => roundTo(value, 1);

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** Median of a list (mean of the two middle values for an even count); 0 for an empty list. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

export function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;
}
