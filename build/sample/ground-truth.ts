/**
 * Regulator-published gross gaming revenue for the ground-truth markets.
 * GGR is derived from the market's total sample demand, times a revenue-per-search that differs
 * by market, times monthly noise, in local currency: calibration against it should find a clear
 * but imperfect correlation, as it would with real registers.
 * @module
 */
import type { z } from "zod";
import type { groundTruthSchema } from "../load/schemas.ts";

/** A row as the sample writes it: monthly, of the whole market (no vertical column, which defaults to total). */
type GroundTruth = z.input<typeof groundTruthSchema> & {
  ggr: number;
  country: string;
  period: string;
  regulator_code: string;
  currency: string;
};
import { PERIODS } from "./dates.ts";
import { type Rng, round } from "./prng.ts";
import { GROUND_TRUTH_MARKETS } from "./regulators.ts";

/** Euros of monthly GGR per monthly search, before the per-market factor. */
const EUR_PER_SEARCH = 3.4;

/** Ground-truth rows by market then period; markets publish only their most recent `months` months. */
export function generateGroundTruth(rng: Rng, totals: ReadonlyMap<string, ReadonlyMap<string, number>>): GroundTruth[] {
  const out: GroundTruth[] = [];
  for (const market of GROUND_TRUTH_MARKETS) {
    const byPeriod = totals.get(market.country);
    if (!byPeriod) continue;
    // Markets monetise searches differently (tax, product mix, player value): a fixed factor per market.
    const factor = rng.logNormal(1, 0.35);
    // Some registers skip a month now and then; keep at least 12 published months.
    const skipOne = market.months > 13 && rng.chance(0.4) ? rng.int(1, market.months - 2) : -1;
    PERIODS.slice(PERIODS.length - market.months).forEach((period, i) => {
      const total = byPeriod.get(period);
      if (total === undefined || total === 0 || i === skipOne) return;
      const eur = total * EUR_PER_SEARCH * factor * rng.logNormal(1, 0.12);
      out.push({
        country: market.country,
        regulator_code: market.regulator,
        period,
        ggr: round(eur * market.perEuro, 0),
        currency: market.currency,
      });
    });
  }
  return out;
}
