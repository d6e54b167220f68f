/**
 * Small statistics for the benchmark: medians, percentiles, ratios, human-readable figures.
 * @module
 */

/** The median (mean of the two middle values for an even count); NaN for none. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The nearest-rank percentile `p` (0–100). */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** `ours / reference`, NaN when either is missing. */
export function ratio(ours: number | undefined, reference: number | undefined): number {
  if (ours === undefined || reference === undefined || !(reference > 0)) return Number.NaN;
  return ours / reference;
}

/** `1234.5` → `1,235`: rounded to a whole number, with thousands separators. */
export function formatNumber(value: number | undefined): string {
  if (value === undefined || Number.isNaN(value)) return "–";
  return value.toLocaleString("en-US", { maximumFractionDigits: 0 });
}

/** Milliseconds as `12 ms` or `1.23 s`. */
export function formatMs(ms: number | undefined): string {
  if (ms === undefined || Number.isNaN(ms)) return "–";
  if (ms >= 1000) return `${(ms / 1000).toFixed(2)} s`;
  return ms >= 10 ? `${ms.toFixed(0)} ms` : `${ms.toFixed(2)} ms`;
}

/** Bytes as MiB. */
export function formatMiB(bytes: number | undefined): string {
  return bytes === undefined || Number.isNaN(bytes) ? "–" : `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

/** A ratio as `0.42×`. */
export function formatRatio(value: number): string {
  if (Number.isNaN(value)) return "–";
  return value >= 100 ? `${value.toFixed(0)}×` : value >= 10 ? `${value.toFixed(1)}×` : `${value.toFixed(2)}×`;
}
