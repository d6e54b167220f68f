/**
 * Trending: each brand's demand growth between the dataset's last two periods, per country and
 * across all countries.
 * @module
 */
import type { z } from "zod";
import type { trendingEntry } from "../response-schemas/dataset-markets.ts";
import { compareStrings } from "./compare.ts";
import type { IndexValue } from "./demand-index.ts";
import { lastTwoPeriods, pairSeries, pairVolumes, type ExcludedPair, type PairVolumes } from "./period-volumes.ts";
import { percentChange } from "./percent-change.ts";

/** A brand's growth in a market (`country` null: across every country); `growth_pct` as {@link percentChange}. */
export type TrendingEntry = z.infer<typeof trendingEntry>;

export interface Trending {
  previous_period: string | null;
  current_period: string | null;
  /** Ordered by {@link compareTrending}. */
  entries: TrendingEntry[];
  /** Pairs with a row in either period but no measured volume in both (#27), by brand then country. */
  excluded: ExcludedPair[];
}

/**
 * Computes trending entries from demand rows.
 *
 * - The two periods are the dataset's last two (the same for every country), so that every entry
 *   compares the same months.
 * - Per country: one entry per brand × country pair measured in both periods; a pair with an outage or no
 *   row (not tracked) in either is left out with its reason, never counted as 0 (#27).
 * - Across all countries (`country: null`): the brand's volumes summed over its countries measured in both.
 * - `growth_pct = (current − previous) / previous × 100` (4 decimals); previous = 0 gives null
 *   (or 0 when current is 0 too).
 */
export function computeTrending(
  rows: readonly Pick<IndexValue, "brand" | "country" | "period" | "volume">[],
  periods: readonly string[],
  nameOf: (slug: string) => string,
): Trending {
  const last = lastTwoPeriods(periods);
  if (last === undefined) return { previous_period: null, current_period: null, entries: [], excluded: [] };
  const { pairs, excluded } = pairVolumes(pairSeries(rows), last.previous, last.current);
  const totals = new Map<string, PairVolumes>();
  for (const pair of pairs) {
    const total = totals.get(pair.brand) ?? { brand: pair.brand, country: "", previous: 0, current: 0 };
    total.previous += pair.previous;
    total.current += pair.current;
    totals.set(pair.brand, total);
  }
  const entry = (pair: PairVolumes, country: string | null): TrendingEntry => ({
    brand: pair.brand,
    name: nameOf(pair.brand),
    country,
    previous_period: last.previous,
    current_period: last.current,
    previous: pair.previous,
    current: pair.current,
    growth_pct: percentChange(pair.previous, pair.current),
  });
  const entries = [
    ...[...totals.values()].map((total) => entry(total, null)),
    ...pairs.map((pair) => entry(pair, pair.country)),
  ];
  return {
    previous_period: last.previous,
    current_period: last.current,
    entries: entries.sort(compareTrending),
    excluded,
  };
}

/** Growth descending with null last, then brand and country ascending (the all-countries entry first). */
export function compareTrending(a: TrendingEntry, b: TrendingEntry): number {
  if (a.growth_pct !== b.growth_pct) {
    if (a.growth_pct === null) return 1;
    if (b.growth_pct === null) return -1;
    return b.growth_pct - a.growth_pct;
  }
  return compareStrings(a.brand, b.brand) || compareStrings(a.country ?? "", b.country ?? "");
}
