/**
 * Momentum: the period-over-period change of each brand × country pair between the dataset's last two
 * periods, with a direction judged against the market's own noise (noise-band.ts), and the 3-month and
 * year-over-year changes beside it, which a seasonal market needs (#27).
 * @module
 */
import { addMonths } from "./periods.ts";
import { noiseBands } from "./noise-band.ts";
import { lastTwoPeriods, pairSeries, pairVolumes, type ExcludedPair, type PairSeries } from "./period-volumes.ts";
import type { IndexValue } from "./demand-index.ts";
import { percentChange } from "./percent-change.ts";

import type { z } from "zod";
import type { momentumEntry } from "../response-schemas/dataset-markets.ts";
import type { MomentumDirection } from "../response-schemas/vocabularies.ts";

/** A brand's change in a market: previous and current (`volume`) volumes, `wow_pct` (4 decimals; null when previous is 0 and volume is not), 3-month and year-over-year changes, direction against its market's flat band. */
export type MomentumEntry = z.infer<typeof momentumEntry>;

export interface Momentum {
  previous_period: string | null;
  current_period: string | null;
  /** The band of all markets' past changes pooled: the band of a market with too few of its own. */
  flat_band: number;
  /** Ordered by brand then country. */
  entries: MomentumEntry[];
  /** Pairs with a row in either period but no measured volume in both, by brand then country. */
  excluded: ExcludedPair[];
}

/**
 * The direction of a change against its market's band: `up` when wow_pct ≥ band and above 0, `down` when
 * wow_pct ≤ −band and below 0 (so exactly the band is a move), otherwise `flat`; a start from a measured
 * zero (wow_pct null) is `up`.
 */
export function directionOf(wowPct: number | null, band: number): MomentumDirection {
  if (wowPct === null) return "up";
  if (wowPct > 0 && wowPct >= band) return "up";
  if (wowPct < 0 && wowPct <= -band) return "down";
  return "flat";
}

/**
 * Every market's past changes: each pair's change between consecutive dataset periods before the current
 * one, where both months are measured and the earlier is above 0 (a percentage of 0 has no meaning).
 */
export function pastChanges(series: readonly PairSeries[], periods: readonly string[]): Map<string, number[]> {
  const byCountry = new Map<string, number[]>();
  for (const { country, volumes } of series) {
    const changes = byCountry.get(country) ?? [];
    for (let at = 1; at < periods.length - 1; at += 1) {
      const before = volumes.get(periods[at - 1]!);
      const after = volumes.get(periods[at]!);
      if (typeof before === "number" && typeof after === "number" && before > 0)
        changes.push(percentChange(before, after)!);
    }
    byCountry.set(country, changes);
  }
  return byCountry;
}

/** The change from the measured volume `months` before `period` to `volume`; null when that month was not measured. */
function changeSince(volumes: ReadonlyMap<string, number | null>, period: string, months: number, volume: number) {
  const base = volumes.get(addMonths(period, -months));
  return typeof base === "number" && base > 0 ? percentChange(base, volume) : null;
}

/**
 * Computes momentum for every pair measured in both of the last two periods; a pair with an outage or
 * no row in one of them is left out with its reason. `wow_pct = (volume − previous) / previous × 100`.
 */
export function computeMomentum(
  index: readonly Pick<IndexValue, "brand" | "country" | "period" | "volume">[],
  periods: readonly string[],
  nameOf: (slug: string) => string,
): Momentum {
  const last = lastTwoPeriods(periods);
  if (last === undefined)
    return { previous_period: null, current_period: null, flat_band: 0, entries: [], excluded: [] };
  const series = pairSeries(index);
  const bands = noiseBands(pastChanges(series, periods));
  const volumesOf = new Map(series.map((pair) => [`${pair.brand}\u0000${pair.country}`, pair.volumes]));
  const { pairs, excluded } = pairVolumes(series, last.previous, last.current);
  const entries = pairs.map((pair): MomentumEntry => {
    const wowPct = percentChange(pair.previous, pair.current);
    const volumes = volumesOf.get(`${pair.brand}\u0000${pair.country}`)!;
    const band = bands.byCountry.get(pair.country) ?? bands.pooled;
    return {
      brand: pair.brand,
      name: nameOf(pair.brand),
      country: pair.country,
      previous: pair.previous,
      volume: pair.current,
      wow_pct: wowPct,
      change_3m_pct: changeSince(volumes, last.current, 3, pair.current),
      yoy_pct: changeSince(volumes, last.current, 12, pair.current),
      direction: directionOf(wowPct, band),
      flat_band: band,
    };
  });
  return {
    previous_period: last.previous,
    current_period: last.current,
    flat_band: bands.pooled,
    entries,
    excluded,
  };
}
