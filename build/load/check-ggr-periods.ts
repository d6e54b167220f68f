/**
 * Ground-truth periods of one series may not overlap (#26): a quarter beside one of its months would count
 * that month's revenue twice when calibration sums a period's months.
 * @module
 */
import { monthsOfPeriod } from "../shared/ggr-periods.ts";
import type { SeedProblem } from "../errors.ts";
import type { GroundTruth } from "./schemas.ts";
import type { LocatedRecord } from "./validate-records.ts";

/** Where a record stands, as a problem names it: `line 3`, or `seeds/gt/b.csv › line 3` in another file. */
function placeOf(record: LocatedRecord, from: LocatedRecord): string {
  return record.file === from.file ? record.location : `${record.file} › ${record.location}`;
}

/**
 * Reports each ground-truth row whose period shares a month with an earlier row of the same series
 * (country, regulator, vertical), naming that row. Rows of the very same period are left to the
 * duplicate-key check.
 */
export function checkGgrPeriodOverlaps(rows: readonly LocatedRecord[]): SeedProblem[] {
  const claimed = new Map<string, LocatedRecord>();
  const problems: SeedProblem[] = [];
  for (const record of rows) {
    const { country, regulator_code: regulator, vertical, period } = record.value as GroundTruth;
    const series = `${country} ${regulator} ${vertical}`;
    const clash = monthsOfPeriod(period)
      .map((month) => claimed.get(`${series}|${month}`))
      .find((other) => other !== undefined && other.value.period !== period);
    if (clash !== undefined) {
      problems.push({
        file: record.file,
        record: record.location,
        field: "period",
        message: `${period} overlaps ${String(clash.value.period)} (${placeOf(clash, record)}) in the ${series} series: give each month once, by month, quarter, half-year or year`,
      });
      continue;
    }
    for (const month of monthsOfPeriod(period)) {
      const key = `${series}|${month}`;
      if (!claimed.has(key)) claimed.set(key, record);
    }
  }
  return problems;
}
