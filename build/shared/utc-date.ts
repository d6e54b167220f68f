/** Calendar days of seed date-times, in UTC: the loader checks them and the figures count by them. */

/**
 * The UTC date `YYYY-MM-DD` of an ISO date or date-time: a date-time with an offset is first turned into
 * UTC, so the same instant written with any offset falls on the same day (a date alone is that day).
 */
export function utcDateOf(isoDateOrTime: string): string {
  // A date, or a date-time already in UTC, is its own day: no parsing (the Trust Score asks for every alert's month every month).
  if (isoDateOrTime.length === 10 || isoDateOrTime.endsWith("Z")) return isoDateOrTime.slice(0, 10);
  return new Date(Date.parse(isoDateOrTime)).toISOString().slice(0, 10);
}
