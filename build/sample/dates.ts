/**
 * Calendar helpers for the sample: the fixed snapshot, the 24 demand months, and day arithmetic.
 * Dates are handled as whole UTC day numbers so that no time zone or DST can change the output.
 * @module
 */
import type { Rng } from "./prng.ts";

/** The snapshot instant written to meta.json: every date in the sample is on or before it. */
export const SNAPSHOT_AT = "2026-11-01T00:00:00Z";
/** The snapshot as a date. */
export const SNAPSHOT_DATE = "2026-11-01";
/** The last full day of data before the snapshot. */
export const LAST_DAY = "2026-10-31";
/** The first demand month; the sample covers 24 months up to the month before the snapshot. */
export const FIRST_PERIOD = "2024-11";
/** Number of demand months. */
export const PERIOD_COUNT = 24;

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of an ISO date (YYYY-MM-DD). */
export function dayOf(iso: string): number {
  const [y, m, d] = iso.split("-").map(Number);
  return Math.round(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1) / DAY_MS);
}

/** The ISO date (YYYY-MM-DD) of a day number. */
export function isoOf(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** An ISO date-time with a Z offset, from a day number and seconds into that day. */
export function isoDateTimeOf(day: number, secondOfDay: number): string {
  return `${new Date(day * DAY_MS + Math.floor(secondOfDay) * 1000).toISOString().slice(0, 19)}Z`;
}

/** A uniform random ISO date in [from, to], both included. */
export function randomDate(rng: Rng, from: string, to: string): string {
  return isoOf(rng.int(dayOf(from), dayOf(to)));
}

/** Adds whole years to an ISO date, keeping month and day (29 Feb falls back to 28 Feb). */
export function addYears(iso: string, years: number): string {
  const y = Number(iso.slice(0, 4)) + years;
  const md = iso.slice(5) === "02-29" ? "02-28" : iso.slice(5);
  return `${String(y).padStart(4, "0")}-${md}`;
}

/** Adds days to an ISO date. */
export function addDays(iso: string, days: number): string {
  return isoOf(dayOf(iso) + days);
}

/** The period `count` months after `start` (YYYY-MM). */
export function addMonths(start: string, count: number): string {
  const y = Number(start.slice(0, 4));
  const m = Number(start.slice(5, 7)) - 1 + count;
  const year = y + Math.floor(m / 12);
  const month = (((m % 12) + 12) % 12) + 1;
  return `${year}-${String(month).padStart(2, "0")}`;
}

/** The 24 demand periods, oldest first: 2024-11 … 2026-10. */
export const PERIODS: readonly string[] = Array.from({ length: PERIOD_COUNT }, (_, i) => addMonths(FIRST_PERIOD, i));

/** Month of year (1–12) of a period. */
export function monthOf(period: string): number {
  return Number(period.slice(5, 7));
}
