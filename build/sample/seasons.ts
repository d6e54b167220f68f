/**
 * Seasonality of the sample's search demand, by hemisphere and vertical (#27). Synthetic, but shaped the way
 * gambling search is known to move:
 * - casino and poker: a winter peak and a summer dip, so southern-hemisphere markets peak six months later;
 *   casino also peaks in December (holidays, year-end promotions) everywhere;
 * - sportsbook: the club-football calendar (a dip in the northern summer break, in December-January in the
 *   south, whose leagues play through the calendar year) and a rise in tournament months — the 2026 FIFA
 *   World Cup, 11 June to 19 July 2026, everywhere;
 * - lottery: flat but for the December peak of the Christmas draws (El Gordo, EuroMillions specials).
 * @module
 */
import type { Vertical } from "../load/verticals.ts";
import { monthOf } from "./dates.ts";

/** The sample's markets south of the equator (those with demand data), whose seasons are shifted. */
export const SOUTHERN_HEMISPHERE: ReadonlySet<string> = new Set(["AR", "AU", "BR", "CL", "NZ", "PE", "ZA"]);

/** Football tournament months and how much they lift betting searches (group stage and knock-outs). */
export const TOURNAMENT_MONTHS: Readonly<Record<string, number>> = { "2026-06": 1.35, "2026-07": 1.3 };

/** A winter peak (January in the north, July in the south) and a summer dip, ±`amplitude`. */
function winter(month: number, southern: boolean, amplitude: number): number {
  const peak = southern ? 7 : 1;
  return 1 + amplitude * Math.cos((2 * Math.PI * (month - peak)) / 12);
}

/** The seasonal factor of a vertical's demand in a market and month (1 = an average month). */
export function seasonalFactor(vertical: Vertical, country: string, period: string): number {
  const month = monthOf(period);
  const southern = SOUTHERN_HEMISPHERE.has(country);
  switch (vertical) {
    case "casino":
      return winter(month, southern, 0.12) * (month === 12 ? 1.12 : 1);
    case "poker":
      return winter(month, southern, 0.1);
    case "lottery":
      return month === 12 ? 1.4 : 0.97;
    case "sportsbook": {
      const breakMonths = southern ? [12, 1] : [6, 7];
      // A tournament fills the break: its months replace the league's factor.
      return TOURNAMENT_MONTHS[period] ?? (breakMonths.includes(month) ? 0.82 : 1.02);
    }
  }
}
