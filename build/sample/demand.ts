/**
 * Monthly search demand per brand, market and vertical over the 24 sample months (synthetic).
 * A series is the brand's size × the market's size split among the brand's verticals, shaped by the
 * season of each vertical and hemisphere (seasons.ts), a per-brand trend and month-to-month noise; some
 * pairs enter a market part-way through (no rows before it, a measured 0 in the month before launch, then a
 * ramp-up) or leave it (no rows after),
 * and outages (volume null: tracked, not measured) hit single brands and, now and then, half a market.
 * @module
 */
import type { DemandRow, License, Regulator } from "../load/schemas.ts";
import { VERTICALS, type Vertical } from "../load/verticals.ts";
import type { BrandPlan } from "./brands.ts";
import { MARKET_BY_CODE } from "./countries.ts";
import { PERIODS } from "./dates.ts";
import type { Rng } from "./prng.ts";
import { seasonalFactor } from "./seasons.ts";

/**
 * Brand × country pairs with demand at scale 1 (multiplied by the scale): about 24 brands a market, each
 * pair a row a month per vertical; more pairs would take the committed sample past its 8 MiB.
 */
export const DEMAND_PAIRS_PER_SCALE = 1150;

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

/** Where a brand's demand splits among its verticals: the first (its main one) weighs most. */
function verticalWeights(rng: Rng, verticals: readonly Vertical[]): number[] {
  return verticals.map((_, at) => (at === 0 ? 1 : rng.float(0.25, 0.6)));
}

/** The months a pair is tracked: from its entry (some enter part-way), to its exit (some leave, closed brands most). */
function trackedSpan(rng: Rng, plan: BrandPlan): { entry: number; exit: number } {
  const entry = rng.chance(0.12) ? rng.int(2, PERIODS.length - 2) : 0;
  const leaves = rng.chance(plan.brand.status === "closed" ? 0.4 : 0.05);
  const exit = leaves ? rng.int(Math.max(entry + 4, 8), PERIODS.length + 2) : PERIODS.length;
  return { entry, exit: Math.min(exit, PERIODS.length) };
}

/** One pair's monthly rows, one per vertical of the brand, from its entry month to its exit. */
function series(rng: Rng, pair: Pair, trend: number, outages: ReadonlySet<string>): DemandRow[] {
  const { brand, size } = pair.plan;
  const base = size * pair.marketSize * rng.logNormal(14, 0.9);
  const localTrend = trend + rng.normal(0, 0.1);
  const { entry, exit } = trackedSpan(rng, pair.plan);
  const verticals = brand.verticals.filter((vertical): vertical is Vertical =>
    VERTICALS.includes(vertical as Vertical),
  );
  const weights = verticalWeights(rng, verticals);
  const rows: DemandRow[] = [];
  PERIODS.forEach((period, t) => {
    if (t < entry || t >= exit) return;
    const since = t - entry;
    // An entering brand's keywords are tracked from the month before its launch: a measured 0, not an outage.
    const ramp = entry > 0 && since < 4 ? ([0, 0.3, 0.6, 0.85][since] ?? 1) : 1;
    // A market-wide tracker outage loses about half the brands that month; single outages happen now and then.
    const lost = (outages.has(`${pair.country}|${period}`) && rng.chance(0.5)) || rng.chance(0.003);
    verticals.forEach((vertical, at) => {
      const volume =
        base *
        weights[at]! *
        Math.exp((localTrend * t) / 12) *
        seasonalFactor(vertical, pair.country, period) *
        ramp *
        rng.logNormal(1, 0.09);
      rows.push({
        brand: brand.slug,
        country: pair.country,
        period,
        vertical,
        volume: lost ? null : Math.round(volume),
      });
    });
  });
  return rows;
}

/** Market-months with a tracker outage: a few markets lose part of one month's measurements. */
function trackerOutages(rng: Rng, countries: readonly string[]): Set<string> {
  const outages = new Set<string>();
  for (const country of countries)
    if (rng.chance(0.06)) outages.add(`${country}|${PERIODS[rng.int(1, PERIODS.length - 1)]}`);
  return outages;
}

/**
 * How much likelier the pair of a brand licensed in the market is tracked: a publisher that splits a
 * regulator's GGR follows that regulator's licensees first (the grey market is still tracked).
 */
const LICENSED_WEIGHT = 3;

/**
 * The fewest brands a market with demand data tracks (where it has that many): a market of one brand has
 * a share of 100 or, the month that brand launches, of nothing at all.
 */
const MIN_BRANDS_PER_MARKET = 3;

/** Adds to each market with too few chosen pairs its heaviest other candidates, in place. */
function fillThinMarkets(chosen: Set<Pair>, candidates: readonly Pair[], weights: readonly number[]): void {
  const byCountry = new Map<string, { pair: Pair; weight: number }[]>();
  candidates.forEach((pair, at) => {
    const pairs = byCountry.get(pair.country) ?? [];
    pairs.push({ pair, weight: weights[at]! });
    byCountry.set(pair.country, pairs);
  });
  for (const pairs of byCountry.values()) {
    const tracked = pairs.filter(({ pair }) => chosen.has(pair)).length;
    if (tracked === 0) continue;
    const heaviest = pairs.filter(({ pair }) => !chosen.has(pair)).sort((a, b) => b.weight - a.weight);
    for (const { pair } of heaviest.slice(0, Math.max(0, MIN_BRANDS_PER_MARKET - tracked))) chosen.add(pair);
  }
}

/** `brand|country` of every brand that holds, or has held, a license from a regulator of that country. */
export function licensedPairs(
  licenses: readonly Pick<License, "brand" | "regulator_code">[],
  regulators: readonly Regulator[],
): Set<string> {
  const jurisdictions = new Map(regulators.map((regulator) => [regulator.code, regulator.jurisdiction]));
  return new Set(licenses.map((license) => `${license.brand}|${jurisdictions.get(license.regulator_code)}`));
}

/** The demand rows, in brand order, then country, then period; `licensed` as `licensedPairs` gives it. */
export function generateDemand(
  rng: Rng,
  plans: readonly BrandPlan[],
  scale: number,
  licensed: ReadonlySet<string> = new Set(),
): DemandRow[] {
  const candidates = candidatePairs(plans);
  const target = Math.round(DEMAND_PAIRS_PER_SCALE * scale);
  const weights = candidates.map(
    (p) =>
      Math.sqrt(p.plan.size) * p.marketSize * (licensed.has(`${p.plan.brand.slug}|${p.country}`) ? LICENSED_WEIGHT : 1),
  );
  const chosen = new Set(rng.weightedSample(candidates, weights, target));
  fillThinMarkets(chosen, candidates, weights);
  const trends = new Map(plans.map((p) => [p.brand.slug, brandTrend(rng, p)]));
  const outages = trackerOutages(rng, [...new Set(candidates.map((pair) => pair.country))].sort());
  const out: DemandRow[] = [];
  // Candidates are already in brand order with countries sorted, so the output needs no sort.
  for (const pair of candidates) {
    if (chosen.has(pair)) out.push(...series(rng, pair, trends.get(pair.plan.brand.slug) ?? 0, outages));
  }
  return out;
}

/** Total measured demand per country and period (outages add nothing), the quantity the ground truth is correlated with. */
export function demandTotals(rows: readonly DemandRow[]): Map<string, Map<string, number>> {
  const totals = new Map<string, Map<string, number>>();
  for (const row of rows) {
    const byPeriod = totals.get(row.country) ?? new Map<string, number>();
    byPeriod.set(row.period, (byPeriod.get(row.period) ?? 0) + (row.volume ?? 0));
    totals.set(row.country, byPeriod);
  }
  return totals;
}
