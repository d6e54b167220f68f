/**
 * Regulator-published gross gaming revenue for the ground-truth markets, as each regulator publishes it:
 * monthly, quarterly, half-yearly or yearly, one figure for the whole market or one per vertical (#27).
 * A period's GGR is the market's yearly figure (rounded public figures of the year 2025, named in
 * regulators.ts) spread over the months by the tracked demand of the brands licensed there for the vertical
 * (regulated revenue is the licensees'), scaled so the year 2025 adds up to that figure and other years
 * follow the demand's trend, times noise, in local currency: calibration against it finds a clear but imperfect
 * fit in most markets and a weak one where the noise is large, as it would with real registers.
 * @module
 */
import type { z } from "zod";
import type { groundTruthSchema } from "../load/schemas.ts";
import { monthsOfPeriod } from "../shared/ggr-periods.ts";
import { licensedBrandsOf, type LicenseTerms } from "../compute/licensed-brands.ts";
import type { Brand, DemandRow, Regulator } from "../load/schemas.ts";
import type { GROUND_TRUTH_VERTICALS } from "../load/verticals.ts";
import { PERIODS } from "./dates.ts";
import { type Rng, round } from "./prng.ts";
import { type GgrCadence, GROUND_TRUTH_MARKETS } from "./regulators.ts";

/** A row as the sample writes it; `vertical` is left empty for a whole-market figure (it defaults to total). */
type GroundTruth = z.input<typeof groundTruthSchema> & {
  ggr: number;
  country: string;
  period: string;
  regulator_code: string;
  currency: string;
};

/** The months of the year the public yearly figures in regulators.ts describe. */
const ANCHOR_MONTHS = PERIODS.filter((month) => month.startsWith("2025"));

/** The reporting periods of a cadence whose every month lies within the sample's demand months. */
export function wholePeriods(cadence: GgrCadence): string[] {
  const years = [...new Set(PERIODS.map((month) => month.slice(0, 4)))];
  const parts = { month: [], quarter: ["-Q1", "-Q2", "-Q3", "-Q4"], half: ["-H1", "-H2"], year: [""] }[cadence];
  const periods = cadence === "month" ? PERIODS : years.flatMap((year) => parts.map((part) => `${year}${part}`));
  return periods.filter((period) => monthsOfPeriod(period).every((month) => PERIODS.includes(month)));
}

/** What the sample's GGR follows: the registers and the demand of the brands they license. */
export interface SampleLicensing {
  demand: readonly DemandRow[];
  licenses: readonly LicenseTerms[];
  regulators: readonly Regulator[];
  brands: readonly Brand[];
}

/** The monthly demand of the brands licensed in a market for a vertical (`total`: any vertical). */
function licensedDemandByMonth(
  input: SampleLicensing,
  country: string,
  regulator_code: string,
  vertical: (typeof GROUND_TRUTH_VERTICALS)[number],
): Map<string, number> {
  const licensedIn = licensedBrandsOf({ regulator_code, vertical }, input.licenses, input.regulators, input.brands);
  const licensed = new Map(PERIODS.map((month) => [month, licensedIn(month)]));
  const byMonth = new Map<string, number>();
  for (const row of input.demand) {
    // A vertical's GGR follows the demand within that vertical, as calibration compares them (#27).
    const inVertical = vertical === "total" || (row.vertical ?? vertical) === vertical;
    if (row.country === country && inVertical && licensed.get(row.period)?.has(row.brand))
      byMonth.set(row.period, (byMonth.get(row.period) ?? 0) + (row.volume ?? 0));
  }
  return byMonth;
}

/** Ground-truth rows by market, vertical, then period. */
export function generateGroundTruth(rng: Rng, input: SampleLicensing): GroundTruth[] {
  const out: GroundTruth[] = [];
  for (const market of GROUND_TRUTH_MARKETS) {
    const periods = wholePeriods(market.cadence);
    // Some monthly registers skip a month now and then.
    const skipOne = market.cadence === "month" && rng.chance(0.4) ? rng.int(1, periods.length - 2) : -1;
    for (const [vertical, annual] of Object.entries(market.annual)) {
      const byMonth = licensedDemandByMonth(input, market.country, market.regulator, vertical as "total");
      // Anchored to the public figures' year: a vertical's demand can grow steeply over the sample
      // (licenses granted, demand rows per vertical), so a mean over every month would shrink 2025.
      const meanMonth = ANCHOR_MONTHS.reduce((sum, month) => sum + (byMonth.get(month) ?? 0), 0) / ANCHOR_MONTHS.length;
      if (meanMonth <= 0) continue;
      periods.forEach((period, i) => {
        const demand = monthsOfPeriod(period).reduce((sum, month) => sum + (byMonth.get(month) ?? 0), 0);
        if (demand === 0 || i === skipOne) return;
        out.push({
          country: market.country,
          regulator_code: market.regulator,
          period,
          ...(vertical === "total" ? {} : { vertical: vertical as GroundTruth["vertical"] }),
          ggr: round(((annual / 12) * demand * rng.logNormal(1, market.noise)) / meanMonth, 0),
          currency: market.currency,
        });
      });
    }
  }
  return out;
}
