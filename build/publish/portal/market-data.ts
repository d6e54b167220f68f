/**
 * What a market page shows, gathered from the engine's answers (the API's own figures): the share of
 * search of the leading brands by month, the latest sod and adi of every tracked brand, trending and
 * momentum, the regulators, and ground truth with its calibration where it exists.
 * @module
 */
import type { CalibrationEntry } from "../../compute/calibration.ts";
import type { CountryRecord } from "../../compute/country-coverage.ts";
import type { EngineContext } from "../../query/endpoint.ts";
import type { IndexValue } from "../../compute/demand-index.ts";
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
  /** Null (unknown) when the data set has no license data at all (#26). */
  licenses_count: number | null;
  brands_count: number | null;
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

/**
 * A market's index values (the rows of the /index answer for the country), as sod and adi per brand and
 * month. Read from the engine's table, not asked of /index: at scale 16 the answer of a large market passes
 * the size limit of one answer (result_too_large) and the build stopped there.
 */
function valuesByBrand(
  values: readonly IndexValue[],
): Map<string, Map<string, { sod: number | null; adi: number | null }>> {
  const byBrand = new Map<string, Map<string, { sod: number | null; adi: number | null }>>();
  for (const value of values) {
    const months = byBrand.get(value.brand) ?? new Map<string, { sod: number | null; adi: number | null }>();
    months.set(value.period, { sod: value.sod, adi: value.adi });
    byBrand.set(value.brand, months);
  }
  return byBrand;
}

/** Everything the page of one market shows. */
export function marketData(context: EngineContext, country: CountryRecord, shared: SharedAnswers): MarketData {
  const rows = context.index.indexByCountry.get(country.code) ?? [];
  const hasDemand = rows.length > 0;
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
