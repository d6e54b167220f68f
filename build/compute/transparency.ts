/**
 * Transparency of the Trust Score (#27): T&C alerts as a rate per watched page and month, so that a brand
 * watched closely is not marked down for being watched; unknown without a monitoring record.
 * @module
 */
import type { Monitoring, TcAlert } from "../load/schemas.ts";
import { clamp } from "./numbers.ts";
import { addMonths, periodOf } from "./periods.ts";
import { utcDateOf } from "../shared/utc-date.ts";

type PageType = TcAlert["page_type"];

/**
 * Points an alert costs. Publishing or updating a responsible-gambling page costs nothing (it is what a
 * careful operator does); removing one costs as much as removing terms.
 */
export const ALERT_COSTS: Record<PageType, Record<TcAlert["change_type"], number>> = {
  terms: { modified: 8, removed: 15, new: 4 },
  withdrawal: { modified: 8, removed: 15, new: 4 },
  responsible_gambling: { modified: 0, removed: 15, new: 0 },
};

/** Alerts of the last 12 months count (the period itself included). */
export const TRANSPARENCY_WINDOW_MONTHS = 12;
/** Fewer watched months in the window than this tell no rate: the component is unknown. */
export const MIN_MONITORED_MONTHS = 3;
/** The exposure the costs are scaled to: every page type watched for the whole window. */
const FULL_EXPOSURE = Object.keys(ALERT_COSTS).length * TRANSPARENCY_WINDOW_MONTHS;

/**
 * 100 minus the window's alert costs scaled to a full watch: costs × (3 pages × 12 months) ÷ (pages watched
 * × months watched in the window), within 0–100. Only alerts on watched pages from `since` count. Unknown
 * without a monitoring record, or with fewer than 3 watched months in the window up to the period.
 */
export function transparencyComponent(
  alerts: readonly Pick<TcAlert, "page_type" | "change_type" | "detected_at">[],
  monitoring: Pick<Monitoring, "since" | "pages"> | undefined,
  period: string,
): number | null {
  if (monitoring === undefined) return null;
  const windowStart = addMonths(period, 1 - TRANSPARENCY_WINDOW_MONTHS);
  const sinceMonth = periodOf(monitoring.since);
  const from = sinceMonth > windowStart ? sinceMonth : windowStart;
  const months = monthsFrom(from, period);
  if (months < MIN_MONITORED_MONTHS) return null;
  const cost = alerts
    .filter((alert) => {
      const month = periodOf(alert.detected_at);
      return (
        monitoring.pages.includes(alert.page_type) &&
        month >= from &&
        month <= period &&
        utcDateOf(alert.detected_at) >= monitoring.since
      );
    })
    .reduce((sum, alert) => sum + ALERT_COSTS[alert.page_type][alert.change_type], 0);
  return clamp(100 - (cost * FULL_EXPOSURE) / (monitoring.pages.length * months), 0, 100);
}

/** Months from `from` to `to`, both included (0 when `to` is earlier). */
function monthsFrom(from: string, to: string): number {
  const index = (period: string) => Number(period.slice(0, 4)) * 12 + Number(period.slice(5, 7));
  return Math.max(0, index(to) - index(from) + 1);
}
