/**
 * Monthly search demand per brand and market over the 24 sample months.
 * A series is the brand's size × the market's size, shaped by a yearly season (winter peak),
 * a per-brand trend, a summer-2026 football bump for sportsbooks, month-to-month noise,
 * and for some pairs a market entry part-way through (no rows before it, then a ramp-up).
 * @module
 */
import type { DemandRow } from "../load/schemas.ts";
import type { BrandPlan } from "./brands.ts";
import { MARKET_BY_CODE } from "./countries.ts";
import { monthOf, PERIODS } from "./dates.ts";
import type { Rng } from "./prng.ts";

/** Brand × country pairs with demand at scale 1 (multiplied by the scale). */
export const DEMAND_PAIRS_PER_SCALE = 1850;

interface Pair {
  plan: BrandPlan;
  country: string;
  marketSize: number;
}

/** Candidate pairs: each brand's markets that the sample has demand data for. */
function candidatePairs(plans: readonly BrandPlan[]): Pair[] {
  const out: Pair[] = [];
  for (const plan of plans) {
    for (const country of plan.brand.markets) {
      const market = MARKET_BY_CODE.get(country);
      if (market?.demand) out.push({ plan, country, marketSize: market.size });
    }
  }
  return out;
}

/** Yearly trend of a brand's demand (log-scale per year): closed brands fade, others drift. */
function brandTrend(rng: Rng, plan: BrandPlan): number {
  if (plan.brand.status === "closed") return rng.float(-1.6, -0.6);
  if (plan.brand.status === "dormant") return rng.float(-0.6, -0.1);
  return rng.normal(0.05, 0.3);
}

/** Seasonal factor of a month: a winter peak and a summer dip, as gambling search volume shows. */
function season(month: number): number {
  return 1 + 0.14 * Math.cos((2 * Math.PI * (month - 1)) / 12);
}

/** One pair's monthly rows, starting at its entry month. */
function series(rng: Rng, pair: Pair, trend: number): DemandRow[] {
  const { brand, size } = pair.plan;
  const base = size * pair.marketSize * rng.logNormal(14, 0.9);
  const localTrend = trend + rng.normal(0, 0.1);
  const entry = rng.chance(0.12) ? rng.int(2, 20) : 0;
  const sportsbook = brand.verticals.includes("sportsbook");
  const rows: DemandRow[] = [];
  PERIODS.forEach((period, t) => {
    if (t < entry) return;
    const since = t - entry;
    const ramp = entry > 0 && since < 3 ? ([0.3, 0.6, 0.85][since] ?? 1) : 1;
    const cup = sportsbook && (period === "2026-06" || period === "2026-07") ? 1.3 : 1;
    let volume = base * Math.exp((localTrend * t) / 12) * season(monthOf(period)) * ramp * cup * rng.logNormal(1, 0.09);
    // A tracking outage now and then reports zero: consumers of the data must cope with it.
    if (rng.chance(0.0015)) volume = 0;
    rows.push({ brand: brand.slug, country: pair.country, period, volume: Math.round(volume) });
  });
  return rows;
}

/** The demand rows, in brand order, then country, then period. */
export function generateDemand(rng: Rng, plans: readonly BrandPlan[], scale: number): DemandRow[] {
  const candidates = candidatePairs(plans);
  const target = Math.round(DEMAND_PAIRS_PER_SCALE * scale);
  const chosen = new Set(
    rng.weightedSample(
      candidates,
      candidates.map((p) => Math.sqrt(p.plan.size) * p.marketSize),
      target,
    ),
  );
  const trends = new Map(plans.map((p) => [p.brand.slug, brandTrend(rng, p)]));
  const out: DemandRow[] = [];
  // Candidates are already in brand order with countries sorted, so the output needs no sort.
  for (const pair of candidates) {
    if (chosen.has(pair)) out.push(...series(rng, pair, trends.get(pair.plan.brand.slug) ?? 0));
  }
  return out;
}

/** Total demand per country and period, the quantity the ground truth is correlated with. */
export function demandTotals(rows: readonly DemandRow[]): Map<string, Map<string, number>> {
  const totals = new Map<string, Map<string, number>>();
  for (const row of rows) {
    const byPeriod = totals.get(row.country) ?? new Map<string, number>();
    byPeriod.set(row.period, (byPeriod.get(row.period) ?? 0) + row.volume);
    totals.set(row.country, byPeriod);
  }
  return totals;
}
