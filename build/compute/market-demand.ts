/**
 * Market-level demand (#27): per country, month and vertical, the measured demand total and how many
 * brands it rests on, so that a move in a brand's share can be told apart from a change in coverage.
 * @module
 */
import type { Vertical } from "../load/verticals.ts";
import { compareStrings } from "./compare.ts";
import type { IndexValue, VerticalIndexValue } from "./demand-index.ts";

/** The vertical of the all-verticals rows: `total`, as ground truth names a regulator's whole market. */
export const ALL_VERTICALS = "total";

export interface MarketDemandRow {
  country: string;
  period: string;
  /** A vertical, or `total` for all verticals (the all-verticals index). */
  vertical: Vertical | typeof ALL_VERTICALS;
  /** The sum of the measured brands' volumes; null when no brand was measured (all outages). */
  demand_total: number | null;
  /** Brands tracked and measured there that month (a measured 0 counts). */
  brands_measured: number;
  /** Brands tracked there that month but not measured (an outage). Brands not tracked count in neither. */
  brands_missing: number;
}

/** One row per country, month and vertical with demand rows, ordered by country, period, vertical. */
export function computeMarketDemand(
  index: readonly Pick<IndexValue, "country" | "period" | "volume">[],
  verticalIndex: readonly Pick<VerticalIndexValue, "country" | "period" | "vertical" | "volume">[],
): MarketDemandRow[] {
  const rows = new Map<string, MarketDemandRow>();
  const add = (value: Pick<IndexValue, "country" | "period" | "volume">, vertical: MarketDemandRow["vertical"]) => {
    const key = `${value.country}|${value.period}|${vertical}`;
    let row = rows.get(key);
    if (row === undefined) {
      row = {
        country: value.country,
        period: value.period,
        vertical,
        demand_total: null,
        brands_measured: 0,
        brands_missing: 0,
      };
      rows.set(key, row);
    }
    if (value.volume === null) row.brands_missing += 1;
    else {
      row.brands_measured += 1;
      row.demand_total = (row.demand_total ?? 0) + value.volume;
    }
  };
  for (const value of index) add(value, ALL_VERTICALS);
  for (const value of verticalIndex) add(value, value.vertical);
  return [...rows.values()].sort(
    (a, b) =>
      compareStrings(a.country, b.country) ||
      compareStrings(a.period, b.period) ||
      compareStrings(a.vertical, b.vertical),
  );
}
