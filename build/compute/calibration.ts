/**
 * Calibration of the demand index against ground truth: for each market whose regulator publishes
 * gross gaming revenue (GGR), how well the tracked demand follows revenue, and what each brand's
 * share of demand implies for its revenue.
 * @module
 */
import type { z } from "zod";
import type { GroundTruth } from "../load/schemas.ts";
import type { calibrationEntry } from "../response-schemas/dataset-markets.ts";
import { compareStrings } from "./compare.ts";
import { groupBy } from "./group-by.ts";
import { pearson } from "./correlation.ts";
import type { IndexValue, VerticalIndexValue } from "./demand-index.ts";
import { lastMonthOf, monthsOfPeriod } from "../shared/ggr-periods.ts";
import { round4 } from "./numbers.ts";
import { computeMarketRevenue, type Licensing } from "./market-revenue.ts";

/**
 * How tracked demand follows GGR in one market (as `/ground-truth` lists it in `meta.calibration`): the
 * months with both, Pearson's r over them, the latest such month and its GGR, and one estimate per brand
 * with a demand row in that month (revenue descending, then brand).
 */
export type CalibrationEntry = z.infer<typeof calibrationEntry>;
/** A brand's implied revenue in the market's latest calibrated month: sod × GGR / 100, 2 decimals. */
export type RevenueEstimate = CalibrationEntry["estimates"][number];

/** Total measured volume per `country|period` (an outage, volume null, adds nothing: it was not measured). */
export function demandTotals(index: readonly Pick<IndexValue, "country" | "period" | "volume">[]): Map<string, number> {
  const totals = new Map<string, number>();
  for (const value of index)
    totals.set(
      `${value.country}|${value.period}`,
      (totals.get(`${value.country}|${value.period}`) ?? 0) + (value.volume ?? 0),
    );
  return totals;
}

/**
 * The tracked demand of a country over a reporting period: the monthly totals summed over its months, so
 * that a quarter's GGR is compared with the quarter's demand (#26). Null unless every month of the period
 * has tracked demand above 0: a part of a quarter is no measure of it.
 */
export function periodDemandTotal(totals: ReadonlyMap<string, number>, country: string, period: string): number | null {
  let sum = 0;
  for (const month of monthsOfPeriod(period)) {
    const total = totals.get(`${country}|${month}`) ?? 0;
    if (total <= 0) return null;
    sum += total;
  }
  return sum;
}

/**
 * Calibrates every market (country, regulator and vertical) with GGR.
 *
 * - Demand: within the series' vertical where the demand rows of the country carry that vertical, else
 *   over all verticals (a `total` series always over all verticals).
 * - Shared periods: GGR periods (a month, quarter, half-year or year) over whose every month the
 *   tracked demand total is above 0; demand is summed over those months. Other periods are left out.
 * - `correlation` = Pearson's r of (demand total, GGR) over the shared months.
 * - The revenue model and the estimates among licensed brands: market-revenue.ts (#27).
 */
export function computeCalibration(
  groundTruth: readonly GroundTruth[],
  index: readonly IndexValue[],
  licensing: Licensing,
  verticalIndex: readonly VerticalIndexValue[] = [],
): CalibrationEntry[] {
  const indexByCountry = groupBy(index, (value) => value.country);
  const verticalByMarket = groupBy(verticalIndex, (value) => `${value.country}|${value.vertical}`);
  const markets = groupBy(groundTruth, (row) => `${row.country}|${row.regulator_code}|${row.vertical}`);
  return [...markets.values()]
    .map((rows) => {
      // By last month, so a year and a month of it sort by when they end.
      const sorted = [...rows].sort(
        (a, b) => compareStrings(lastMonthOf(a.period), lastMonthOf(b.period)) || compareStrings(a.period, b.period),
      );
      const first = sorted[0]!;
      // GGR of one vertical is compared with demand within that vertical where the demand rows carry
      // verticals (#27): a casino market's revenue follows casino searches, not the brand's betting ones.
      const values =
        (first.vertical === "total" ? undefined : verticalByMarket.get(`${first.country}|${first.vertical}`)) ??
        indexByCountry.get(first.country) ??
        [];
      const totals = demandTotals(values);
      const demandOf = new Map(sorted.map((row) => [row, periodDemandTotal(totals, row.country, row.period)]));
      const shared = sorted.filter((row) => demandOf.get(row) !== null);
      const latest = shared[shared.length - 1];
      const r = pearson(
        shared.map((row) => demandOf.get(row)!),
        shared.map((row) => row.ggr),
      );
      return {
        country: first.country,
        regulator_code: first.regulator_code,
        vertical: first.vertical,
        currency: (latest ?? sorted[sorted.length - 1]!).currency,
        months: shared.length,
        correlation: r === null ? null : round4(r),
        latest_period: latest?.period ?? null,
        latest_ggr: latest?.ggr ?? null,
        ...computeMarketRevenue(sorted, values, licensing),
      };
    })
    .sort(
      (a, b) =>
        compareStrings(a.country, b.country) ||
        compareStrings(a.regulator_code, b.regulator_code) ||
        compareStrings(a.vertical, b.vertical),
    );
}
