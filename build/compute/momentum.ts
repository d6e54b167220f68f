/**
 * Momentum: the period-over-period change of each brand × country pair between the dataset's
 * last two periods, with a direction.
 * @module
 */
import type { z } from "zod";
import type { DemandRow } from "../load/schemas.ts";
import type { momentumEntry } from "../response-schemas/dataset-markets.ts";
import type { MomentumDirection } from "../response-schemas/vocabularies.ts";
import { lastTwoPeriods, pairVolumes } from "./period-volumes.ts";
import { percentChange } from "./percent-change.ts";

/** Changes smaller than this many percent either way are `flat`: month-to-month noise, not momentum. */
export const MOMENTUM_FLAT_BAND = 2;

/** A brand's change in a market: previous and current (`volume`) volumes, `wow_pct` (4 decimals; null when previous is 0 and volume is not), direction. */
export type MomentumEntry = z.infer<typeof momentumEntry>;

export interface Momentum {
  previous_period: string | null;
  current_period: string | null;
  flat_band: number;
  /** Ordered by brand then country. */
  entries: MomentumEntry[];
}

/**
 * The direction of a change: `flat` when |wow_pct| < {@link MOMENTUM_FLAT_BAND} (so exactly ±2 is
 * up or down), `up` above, `down` below; a start from zero (wow_pct null) is `up`.
 */
export function directionOf(wowPct: number | null): MomentumDirection {
  if (wowPct === null) return "up";
  if (Math.abs(wowPct) < MOMENTUM_FLAT_BAND) return "flat";
  return wowPct > 0 ? "up" : "down";
}

/**
 * Computes momentum for every pair with a demand row in either of the last two periods.
 * `wow_pct = (volume − previous) / previous × 100`; a missing row counts 0 (see `pairVolumes`).
 */
export function computeMomentum(
  rows: readonly Pick<DemandRow, "brand" | "country" | "period" | "volume">[],
  periods: readonly string[],
  nameOf: (slug: string) => string,
): Momentum {
  const last = lastTwoPeriods(periods);
  if (last === undefined)
    return { previous_period: null, current_period: null, flat_band: MOMENTUM_FLAT_BAND, entries: [] };
  const entries = pairVolumes(rows, last.previous, last.current).map((pair): MomentumEntry => {
    const wowPct = percentChange(pair.previous, pair.current);
    return {
      brand: pair.brand,
      name: nameOf(pair.brand),
      country: pair.country,
      previous: pair.previous,
      volume: pair.current,
      wow_pct: wowPct,
      direction: directionOf(wowPct),
    };
  });
  return { previous_period: last.previous, current_period: last.current, flat_band: MOMENTUM_FLAT_BAND, entries };
}
