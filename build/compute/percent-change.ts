/**
 * Period-over-period percent change, shared by trending and momentum, with the zero cases made explicit.
 * @module
 */
import { round4 } from "./numbers.ts";

/**
 * `(current − previous) / previous × 100`, 4 decimals.
 *
 * - `previous = 0` and `current = 0`: 0 (nothing changed).
 * - `previous = 0` and `current > 0`: `null`, because growth from nothing has no percentage;
 *   lists that sort by it put such entries last whatever the order.
 * @example percentChange(200, 250) // 25
 * @example percentChange(0, 40) // null
 */
export function percentChange(previous: number, current: number): number | null {
  if (previous === 0) return current === 0 ? 0 : null;
  return round4(((current - previous) / previous) * 100);
}
