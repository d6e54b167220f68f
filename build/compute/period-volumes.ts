/**
 * The measured volumes of each brand × country pair, the input of trending and momentum. Three cases stay
 * apart (#27): a measured volume (0 included), an outage (null: tracked but not measured) and no row (not
 * tracked there that month). A change needs a measured volume at both ends.
 * @module
 */
import type { ExclusionReason } from "../response-schemas/vocabularies.ts";
import type { IndexValue } from "./demand-index.ts";
import { compareStrings } from "./compare.ts";

/** The last two periods of an ascending list; undefined when there are fewer than two. */
export function lastTwoPeriods(periods: readonly string[]): { previous: string; current: string } | undefined {
  const previous = periods[periods.length - 2];
  const current = periods[periods.length - 1];
  return previous === undefined || current === undefined ? undefined : { previous, current };
}

type VolumeRow = Pick<IndexValue, "brand" | "country" | "period" | "volume">;

/** One pair's volumes by month: a number (measured), null (an outage); a month it has no row is absent. */
export interface PairSeries {
  brand: string;
  country: string;
  volumes: Map<string, number | null>;
}

/** Every pair's series, ordered by brand then country. Reads one row per pair and month (the all-verticals index). */
export function pairSeries(rows: readonly VolumeRow[]): PairSeries[] {
  const pairs = new Map<string, PairSeries>();
  for (const row of rows) {
    const key = `${row.brand}\u0000${row.country}`;
    let pair = pairs.get(key);
    if (pair === undefined) pairs.set(key, (pair = { brand: row.brand, country: row.country, volumes: new Map() }));
    pair.volumes.set(row.period, row.volume);
  }
  return [...pairs.values()].sort((a, b) => compareStrings(a.brand, b.brand) || compareStrings(a.country, b.country));
}

/** A brand × country pair's measured volume in the previous and the current period. */
export interface PairVolumes {
  brand: string;
  country: string;
  previous: number;
  current: number;
}

/** A pair left out of trending and momentum, with the reason and the (first) period it concerns. */
export interface ExcludedPair {
  brand: string;
  country: string;
  reason: ExclusionReason;
  period: string;
}

/**
 * The pairs with a row in either period: those measured in both, and those left out with their reason
 * (an outage before a missing row), both ordered by brand then country.
 */
export function pairVolumes(
  series: readonly PairSeries[],
  previous: string,
  current: string,
): { pairs: PairVolumes[]; excluded: ExcludedPair[] } {
  const pairs: PairVolumes[] = [];
  const excluded: ExcludedPair[] = [];
  for (const { brand, country, volumes } of series) {
    if (!volumes.has(previous) && !volumes.has(current)) continue;
    const before = volumes.get(previous);
    const now = volumes.get(current);
    if (typeof before === "number" && typeof now === "number") {
      pairs.push({ brand, country, previous: before, current: now });
      continue;
    }
    const outage = [previous, current].find((period) => volumes.get(period) === null);
    const untracked = [previous, current].find((period) => !volumes.has(period));
    excluded.push(
      outage !== undefined
        ? { brand, country, reason: "outage", period: outage }
        : { brand, country, reason: "not_tracked", period: untracked! },
    );
  }
  return { pairs, excluded };
}
