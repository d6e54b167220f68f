/**
 * The demand index: `sod` (share of demand) and `adi` (index where the market leader has 100),
 * per brand, country and month, exactly as contract §2 defines them.
 * @module
 */
import type { DemandRow } from "../load/schemas.ts";
import { compareStrings } from "./compare.ts";
import { round4 } from "./numbers.ts";

export interface IndexValue {
  brand: string;
  country: string;
  period: string;
  volume: number;
  /** volume / all tracked brands' volume in that country and month × 100 */
  sod: number;
  /** volume / the largest brand's volume in that country and month × 100 */
  adi: number;
}

/** Computes sod and adi for every demand row; a market-month with no volume gives 0 to all. */
export function computeDemandIndex(rows: readonly DemandRow[]): IndexValue[] {
  const totals = new Map<string, { sum: number; max: number }>();
  for (const row of rows) {
    const key = `${row.country}|${row.period}`;
    const total = totals.get(key) ?? { sum: 0, max: 0 };
    total.sum += row.volume;
    total.max = Math.max(total.max, row.volume);
    totals.set(key, total);
  }
  return rows
    .map((row) => {
      const total = totals.get(`${row.country}|${row.period}`) ?? { sum: 0, max: 0 };
      return {
        brand: row.brand,
        country: row.country,
        period: row.period,
        volume: row.volume,
        sod: total.sum > 0 ? round4((row.volume / total.sum) * 100) : 0,
        adi: total.max > 0 ? round4((row.volume / total.max) * 100) : 0,
      };
    })
    .sort(compareIndexValues);
}

/** Orders index values by brand, country, period (the /index order). */
export function compareIndexValues(a: IndexValue, b: IndexValue): number {
  return compareStrings(a.brand, b.brand) || compareStrings(a.country, b.country) || compareStrings(a.period, b.period);
}
