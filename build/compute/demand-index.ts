/**
 * The demand index: `sod` (share of demand) and `adi` (index where the market leader has 100),
 * per brand, country and month, exactly as contract §2 defines them: over all verticals, and within each
 * vertical where the demand rows carry one (#27).
 *
 * Three cases stay apart (#27): a measured volume (0 included), a missing measurement (`volume: null`, an
 * outage: the brand was tracked but not measured that month; its sod and adi are null and the others'
 * shares are over the brands measured), and no row (the brand was not tracked there that month).
 * @module
 */
import type { DemandRow } from "../load/schemas.ts";
import type { Vertical } from "../load/verticals.ts";
import { compareStrings } from "./compare.ts";
import { round4 } from "./numbers.ts";

export interface IndexValue {
  brand: string;
  country: string;
  period: string;
  /** The measured volume; null when the brand was tracked but not measured (an outage). */
  volume: number | null;
  /** volume / all measured brands' volume in that country and month × 100; null for an outage */
  sod: number | null;
  /** volume / the largest measured brand's volume in that country and month × 100; null for an outage */
  adi: number | null;
}

/** An index value within one vertical: shares over the brands measured in that vertical. */
export interface VerticalIndexValue extends IndexValue {
  vertical: Vertical;
}

/** A demand row as the index reads it; a row without a vertical is the brand's keywords over all verticals. */
export type DemandInput = Pick<DemandRow, "brand" | "country" | "period" | "volume"> & {
  vertical?: Vertical | null;
};

type Measured = Pick<IndexValue, "brand" | "country" | "period" | "volume">;

/**
 * The all-verticals index, one value per brand, country and month (the /index of before #27). A brand's
 * all-verticals volume is its row without a vertical where it has one; otherwise the sum of its vertical
 * rows that month, which is null (an outage) when any of them is: part of its demand was not measured.
 */
export function computeDemandIndex(rows: readonly DemandInput[]): IndexValue[] {
  const volumes = new Map<string, Measured & { explicit: boolean }>();
  for (const row of rows) {
    const key = `${row.brand}|${row.country}|${row.period}`;
    const explicit = row.vertical === undefined || row.vertical === null;
    const known = volumes.get(key);
    if (known === undefined) {
      volumes.set(key, { brand: row.brand, country: row.country, period: row.period, volume: row.volume, explicit });
    } else if (explicit) {
      known.volume = row.volume;
      known.explicit = true;
    } else if (!known.explicit) {
      known.volume = known.volume === null || row.volume === null ? null : known.volume + row.volume;
    }
  }
  const measured = [...volumes.values()].map(
    ({ brand, country, period, volume }): Measured => ({
      brand,
      country,
      period,
      volume,
    }),
  );
  return withShares(measured, (value) => `${value.country}|${value.period}`).sort(compareIndexValues);
}

/** The index within each vertical: one value per vertical demand row, shares over that vertical's measured brands. */
export function computeVerticalIndex(rows: readonly DemandInput[]): VerticalIndexValue[] {
  const measured: (Measured & { vertical: Vertical })[] = [];
  for (const row of rows) {
    if (row.vertical === undefined || row.vertical === null) continue;
    const { brand, country, period, volume, vertical } = row;
    measured.push({ brand, country, period, vertical, volume });
  }
  return withShares(measured, (value) => `${value.country}|${value.period}|${value.vertical}`).sort(
    (a, b) => compareIndexValues(a, b) || compareStrings(a.vertical, b.vertical),
  );
}

/**
 * Adds sod and adi to each value, over the measured values of its group (a market-month, or a
 * market-month-vertical). An outage gets null and counts in neither the sum nor the maximum; a group
 * whose measured volumes are all 0 gives 0 to each measured brand.
 */
export function withShares<T extends Measured>(
  values: readonly T[],
  groupOf: (value: T) => string,
): (T & IndexValue)[] {
  const totals = new Map<string, { sum: number; max: number }>();
  for (const value of values) {
    if (value.volume === null) continue;
    const key = groupOf(value);
    const total = totals.get(key) ?? { sum: 0, max: 0 };
    total.sum += value.volume;
    total.max = Math.max(total.max, value.volume);
    totals.set(key, total);
  }
  return values.map((value) => {
    const total = totals.get(groupOf(value)) ?? { sum: 0, max: 0 };
    const { volume } = value;
    return {
      ...value,
      sod: volume === null ? null : total.sum > 0 ? round4((volume / total.sum) * 100) : 0,
      adi: volume === null ? null : total.max > 0 ? round4((volume / total.max) * 100) : 0,
    };
  });
}

/** Orders index values by brand, country, period (the /index order). */
export function compareIndexValues(a: IndexValue, b: IndexValue): number {
  return compareStrings(a.brand, b.brand) || compareStrings(a.country, b.country) || compareStrings(a.period, b.period);
}
