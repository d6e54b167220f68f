/**
 * Market presence of the Trust Score (#27): monotonic in markets and demand, and unknown (not 0) where a
 * brand has no demand data that month.
 * @module
 */

/** A market-month of a brand's demand: volume and adi are null on a missing measurement (an outage). */
export interface PresenceRow {
  country: string;
  period: string;
  volume: number | null;
  adi: number | null;
}

/** Markets that give the whole reach part; more add nothing. */
export const PRESENCE_FULL_REACH_MARKETS = 10;

/**
 * Up to 50 for the markets with demand (10 or more give 50), plus half the brand's highest adi among them.
 * A sum of a count and a maximum: adding a market or raising the brand's demand (so its adi) never lowers
 * it, which a mean adi did (a new market at adi 1 pulled the mean down).
 */
export function marketPresenceComponent(marketAdis: readonly number[]): number {
  if (marketAdis.length === 0) return 0;
  const reach = (Math.min(marketAdis.length, PRESENCE_FULL_REACH_MARKETS) / PRESENCE_FULL_REACH_MARKETS) * 50;
  return reach + Math.max(...marketAdis) / 2;
}

/**
 * The adis presence rests on in each period, as known then: for each market the brand is tracked in that
 * month, its adi where it had volume; on an outage, the market's latest measurement in the unbroken run of
 * tracked months before it (the latest observation up to the month, as for every trust input). A period is
 * null (unknown) where the brand has no demand row, or only outages with nothing measured before them.
 * Rows may come in any order; several rows of one market-month (verticals) count as that market once.
 */
export function presenceAdisByPeriod(rows: readonly PresenceRow[], periods: readonly string[]): (number[] | null)[] {
  const byPeriod = new Map<string, PresenceRow[]>();
  for (const row of rows) {
    const list = byPeriod.get(row.period);
    if (list === undefined) byPeriod.set(row.period, [row]);
    else list.push(row);
  }
  let last = new Map<string, { volume: number; adi: number }>();
  return periods.map((period) => {
    const tracked = byPeriod.get(period) ?? [];
    const current = new Map<string, { volume: number; adi: number }>();
    for (const row of tracked) {
      const measured = row.volume !== null && row.adi !== null ? { volume: row.volume, adi: row.adi } : undefined;
      const seen = current.get(row.country);
      const value = measured ?? (seen === undefined ? last.get(row.country) : undefined);
      if (value !== undefined && (seen === undefined || value.adi > seen.adi)) current.set(row.country, value);
    }
    last = current;
    if (current.size === 0) return null;
    return [...current.values()].filter((value) => value.volume > 0).map((value) => value.adi);
  });
}
