/**
 * Regulators' reporting periods (#26): a month `YYYY-MM`, a quarter `YYYY-Qn`, a half-year `YYYY-H1` or
 * `YYYY-H2`, or a year `YYYY`, and the months each covers, so that GGR is compared with the demand of
 * the same months.
 * @module
 */

/** The shapes a ground-truth period may take. */
export const GGR_PERIOD_PATTERN = /^\d{4}(?:-(?:0[1-9]|1[0-2])|-Q[1-4]|-H[12])?$/;

/** The months (`YYYY-MM`, ascending) a reporting period covers. */
export function monthsOfPeriod(period: string): string[] {
  const year = period.slice(0, 4);
  const rest = period.slice(5);
  const range = (first: number, count: number) =>
    Array.from({ length: count }, (_, i) => `${year}-${String(first + i).padStart(2, "0")}`);
  if (rest === "") return range(1, 12);
  if (rest.startsWith("Q")) return range((Number(rest[1]) - 1) * 3 + 1, 3);
  if (rest.startsWith("H")) return range((Number(rest[1]) - 1) * 6 + 1, 6);
  return [period];
}

/** The last month of a reporting period. */
export function lastMonthOf(period: string): string {
  return monthsOfPeriod(period).at(-1)!;
}

/** The month `count` months after `month` (before it when negative), both `YYYY-MM`. */
export function addMonths(month: string, count: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + count;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/**
 * The months of a period and the `lag` months before its first, ascending: the window a lagged share of
 * demand is taken over (#27). `2025-Q2` with a lag of 2 is 2025-02 to 2025-06.
 */
export function laggedWindowOf(period: string, lag: number): string[] {
  const months = monthsOfPeriod(period);
  const lagMonths = Array.from({ length: lag }, (_, i) => addMonths(months[0]!, i - lag));
  return [...lagMonths, ...months];
}
