/**
 * What a market page shows, gathered from the engine's answers (the API's own figures): the share of
 * search of the leading brands by month, the latest sod and adi of every tracked brand, trending and
 * momentum, the regulators, and ground truth with its calibration where it exists.
 * @module
 */
import type { CalibrationEntry } from "../../compute/calibration.ts";
import type { CountryRecord } from "../../compute/country-coverage.ts";
import type { EngineContext } from "../../query/endpoint.ts";
import type { IndexRow } from "../../query/dataset/index-values.ts";
import { engineAnswer } from "./engine-answer.ts";

/** Brands drawn in a market's share-of-search chart. */
export const CHART_BRANDS = 6;
/** Entries of the trending and momentum tables. */
export const MOVERS = 10;

export interface BrandShare {
  slug: string;
  name: string;
  sod: number | null;
  adi: number | null;
}

export interface Regulator {
  code: string;
  name: string;
  jurisdiction: string;
  licenses_count: number;
  brands_count: number;
  tier: number;
}

export interface GroundTruthRow {
  country: string;
  regulator_code: string;
  /** total, or the vertical the regulator's figure is of (#26). */
  vertical: string;
  period: string;
  ggr: number;
  currency: string;
  demand_total: number | null;
}

export interface Mover {
  brand: string;
  name: string;
  previous: number;
  current?: number;
  volume?: number;
  growth_pct?: number | null;
  wow_pct?: number | null;
  direction?: string;
}

export interface MarketData {
  country: CountryRecord;
  /** Months with index values in this market, ascending. */
  periods: string[];
  /** The latest of them, or null without demand data. */
  latest: string | null;
  /** Every brand with a value in the latest month, sod descending then slug. */
  shares: BrandShare[];
  /** sod by month of the CHART_BRANDS leading brands (latest sod). */
  chart: { slug: string; name: string; values: (number | null)[] }[];
  trending: Mover[];
  momentum: Mover[];
  regulators: Regulator[];
  groundTruth: GroundTruthRow[];
  calibration: CalibrationEntry[];
}

/** The answers every market page shares, asked once. */
export interface SharedAnswers {
  regulators: Regulator[];
  groundTruth: GroundTruthRow[];
}

export function sharedAnswers(context: EngineContext): SharedAnswers {
  return {
    regulators: engineAnswer<Regulator[]>(context, "dataset.regulators").data,
    groundTruth: engineAnswer<GroundTruthRow[]>(context, "dataset.groundTruth").data,
  };
}

const nameOf = (context: EngineContext, slug: string): string => context.index.brandsBySlug.get(slug)?.name ?? slug;

/** A market's index rows (the /index answer for the country), as sod and adi per brand and month. */
function valuesByBrand(
  rows: readonly IndexRow[],
): Map<string, Map<string, { sod: number | null; adi: number | null }>> {
  const byBrand = new Map<string, Map<string, { sod: number | null; adi: number | null }>>();
  for (const row of rows) {
    const months = byBrand.get(row.brand) ?? new Map<string, { sod: number | null; adi: number | null }>();
    const cell = months.get(row.period) ?? { sod: null, adi: null };
    cell[row.metric] = row.value;
    months.set(row.period, cell);
    byBrand.set(row.brand, months);
  }
  return byBrand;
}

/** Everything the page of one market shows. */
export function marketData(context: EngineContext, country: CountryRecord, shared: SharedAnswers): MarketData {
  const hasDemand = context.index.indexByCountry.has(country.code);
  const rows = hasDemand
    ? engineAnswer<IndexRow[]>(context, "dataset.index", {}, [["country", country.code]]).data
    : [];
  const periods = [...new Set(rows.map((row) => row.period))].sort();
  const latest = periods.at(-1) ?? null;
  const byBrand = valuesByBrand(rows);
  const shares: BrandShare[] = [];
  for (const [slug, months] of byBrand) {
    const cell = latest === null ? undefined : months.get(latest);
    if (cell !== undefined) shares.push({ slug, name: nameOf(context, slug), ...cell });
  }
  shares.sort((a, b) => (b.sod ?? -1) - (a.sod ?? -1) || (a.slug < b.slug ? -1 : 1));
  const chart = shares.slice(0, CHART_BRANDS).map(({ slug, name }) => ({
    slug,
    name,
    values: periods.map((period) => byBrand.get(slug)?.get(period)?.sod ?? null),
  }));
  const movers = (id: string) =>
    hasDemand
      ? engineAnswer<Mover[]>(context, id, {}, [
          ["country", country.code],
          ["limit", String(MOVERS)],
        ]).data
      : [];
  return {
    country,
    periods,
    latest,
    shares,
    chart,
    trending: movers("dataset.trending"),
    momentum: movers("dataset.momentum"),
    regulators: shared.regulators.filter((regulator) => regulator.jurisdiction === country.code),
    groundTruth: shared.groundTruth.filter((row) => row.country === country.code),
    calibration: context.dataset.calibration.filter((entry) => entry.country === country.code),
  };
}
