/**
 * Month arithmetic on `YYYY-MM` periods, in UTC.
 * @module
 */
import { utcDateOf } from "../shared/utc-date.ts";

/** The last instant of a month as an ISO date `YYYY-MM-DD` (its last day). */
export function periodEndDate(period: string): string {
  const [year, month] = period.split("-").map(Number) as [number, number];
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${period}-${String(lastDay).padStart(2, "0")}`;
}

/** Moves a period by `months` (negative goes back). */
export function addMonths(period: string, months: number): string {
  const [year, month] = period.split("-").map(Number) as [number, number];
  const index = year * 12 + (month - 1) + months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** The period (UTC month) of an ISO date or date-time, as in utcDateOf. */
export function periodOf(isoDateOrTime: string): string {
  return utcDateOf(isoDateOrTime).slice(0, 7);
}

/** Whole years between two ISO dates (fractional), 0 when `to` is before `from`. */
export function yearsBetween(from: string, to: string): number {
  const days = (Date.parse(to.slice(0, 10)) - Date.parse(from.slice(0, 10))) / 86_400_000;
  return Math.max(0, days / 365.25);
}
