/**
 * The volumes of each brand × country pair in the dataset's last two periods, the input of
 * trending and momentum.
 * @module
 */
import type { DemandRow } from "../load/schemas.ts";
import { compareStrings } from "./compare.ts";

/** The last two periods of an ascending list; undefined when there are fewer than two. */
export function lastTwoPeriods(periods: readonly string[]): { previous: string; current: string } | undefined {
  const previous = periods[periods.length - 2];
  const current = periods[periods.length - 1];
  return previous === undefined || current === undefined ? undefined : { previous, current };
}

/** A brand × country pair's volume in the previous and the current period. */
export interface PairVolumes {
  brand: string;
  country: string;
  previous: number;
  current: number;
}

/**
 * Every pair with a demand row in either period, ordered by brand then country.
 * A pair without a row in one of the two periods (a missing month: not yet tracked there, or no
 * longer) counts 0 for that period, the same as a reported zero.
 */
export function pairVolumes(
  rows: readonly Pick<DemandRow, "brand" | "country" | "period" | "volume">[],
  previous: string,
  current: string,
): PairVolumes[] {
  const pairs = new Map<string, PairVolumes>();
  for (const row of rows) {
    if (row.period !== previous && row.period !== current) continue;
    const key = `${row.brand}\u0000${row.country}`;
    const pair = pairs.get(key) ?? { brand: row.brand, country: row.country, previous: 0, current: 0 };
    if (row.period === previous) pair.previous += row.volume;
    else pair.current += row.volume;
    pairs.set(key, pair);
  }
  return [...pairs.values()].sort((a, b) => compareStrings(a.brand, b.brand) || compareStrings(a.country, b.country));
}
