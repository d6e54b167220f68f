/**
 * Revenue estimates of brands (#27): a period's GGR split among the brands licensed for it, by their
 * lagged share of the licensed brands' search demand, with an interval from the share's spread over the
 * window and the market model's hold-out error.
 *
 * Which share, and why: the window is the period's own months plus the {@link SHARE_LAG_MONTHS} months
 * before it (three months for a monthly publisher, five for a quarterly one). One month's share is noisy
 * (the sample's brands move by ±15% from month to month); brand searches run ahead of deposits, so players
 * who searched in the months before a period still play in it; and a 12-month share would hand a brand
 * that entered the market last quarter a fraction of its revenue and keep paying a fading brand for most
 * of a year.
 * @module
 */
import { compareStrings } from "./compare.ts";
import { laggedWindowOf, monthsOfPeriod } from "../shared/ggr-periods.ts";
import { round4, roundTo } from "./numbers.ts";

/** Months before a period that its share of demand also covers. */
export const SHARE_LAG_MONTHS = 2;

/**
 * A brand's demand in a month: a volume, `null` for a missing measurement (an outage), `undefined`
 * when the brand was not tracked there that month (it counts as no demand: it was not in the market).
 */
export type VolumeOf = (brand: string, month: string) => number | null | undefined;

/** The licensed brands' demand over a period's months; null when a month has an outage among them or no demand at all. */
export function licensedDemandOf(
  period: string,
  licensedIn: (month: string) => ReadonlySet<string>,
  volumeOf: VolumeOf,
): number | null {
  let sum = 0;
  for (const month of monthsOfPeriod(period)) {
    let monthSum = 0;
    for (const brand of licensedIn(month)) {
      const volume = volumeOf(brand, month);
      if (volume === null) return null;
      monthSum += volume ?? 0;
    }
    if (monthSum <= 0) return null;
    sum += monthSum;
  }
  return sum;
}

/** The lagged share of each licensed brand, with the months it rests on and each month's shares. */
export interface LaggedShares {
  /** Window months used: those in which every licensed brand was measured and some had demand. */
  months: string[];
  /** Brand → percent of the licensed brands' demand over those months (unrounded). */
  share: Map<string, number>;
  /** Brand → its share in each of those months (unrounded). */
  monthly: Map<string, number[]>;
}

/**
 * The lagged shares of `brands` for `period`: volumes summed over the window's months, months with a
 * missing measurement of any of them left out (so that the shares still add up to 100).
 */
export function laggedShares(period: string, brands: readonly string[], volumeOf: VolumeOf): LaggedShares {
  const months: string[] = [];
  const volumes: number[][] = [];
  for (const month of laggedWindowOf(period, SHARE_LAG_MONTHS)) {
    const row = brands.map((brand) => volumeOf(brand, month));
    if (row.some((volume) => volume === null)) continue;
    const counted = row.map((volume) => volume ?? 0);
    if (counted.reduce((sum, volume) => sum + volume, 0) <= 0) continue;
    months.push(month);
    volumes.push(counted);
  }
  const total = volumes.flat().reduce((sum, volume) => sum + volume, 0);
  const share = new Map<string, number>();
  const monthly = new Map<string, number[]>();
  brands.forEach((brand, i) => {
    share.set(brand, total > 0 ? (volumes.reduce((sum, row) => sum + row[i]!, 0) / total) * 100 : 0);
    monthly.set(
      brand,
      volumes.map((row) => (row[i]! / row.reduce((sum, volume) => sum + volume, 0)) * 100),
    );
  });
  return { months, share, monthly };
}

/** One brand's estimate; the revenue figures are null where the market's model publishes none. */
export interface BrandEstimate {
  brand: string;
  /** Percent of the licensed brands' demand over the window, 4 decimals. */
  share: number;
  /** share × GGR / 100, 2 decimals. */
  revenue_estimate: number | null;
  /** GGR × the brand's lowest monthly share × (1 − hold-out error), and highest × (1 + error), 2 decimals. */
  revenue_low: number | null;
  revenue_high: number | null;
}

/**
 * Splits `ggr` by the lagged shares. The interval takes the brand's lowest and highest share in a window
 * month and widens each by the hold-out error (percent) of the market's model: the spread the data shows,
 * not a sampling interval. `holdOutError` null: shares only, no revenue figures. By estimate, then brand.
 */
export function splitRevenue(shares: LaggedShares, ggr: number, holdOutError: number | null): BrandEstimate[] {
  const money = (value: number) => roundTo(value, 2);
  return [...shares.share]
    .map(([brand, share]): BrandEstimate => {
      const monthly = shares.monthly.get(brand) ?? [];
      const published = holdOutError !== null && monthly.length > 0;
      const error = (holdOutError ?? 0) / 100;
      return {
        brand,
        share: round4(share),
        revenue_estimate: published ? money((share * ggr) / 100) : null,
        revenue_low: published ? money(((Math.min(...monthly) * ggr) / 100) * Math.max(0, 1 - error)) : null,
        revenue_high: published ? money(((Math.max(...monthly) * ggr) / 100) * (1 + error)) : null,
      };
    })
    .sort((a, b) => b.share - a.share || compareStrings(a.brand, b.brand));
}
