/**
 * Each market's demand-data coverage and freshness, from the demand rows actually present.
 * @module
 */
import type { z } from "zod";
import type { Country, DemandRow } from "../load/schemas.ts";
import type { countryItem } from "../response-schemas/dataset-markets.ts";
import { compareStrings } from "./compare.ts";
import { round4 } from "./numbers.ts";

/** A market with its demand-data coverage and freshness, as `/countries` lists it. */
export type CountryRecord = z.infer<typeof countryItem>;
/** Periods with demand data (a tracked total above 0), their share of all periods (0 without any), brands tracked. */
export type CountryCoverage = CountryRecord["coverage"];

/**
 * Adds coverage and freshness to each country, keeping the input order.
 * A month whose rows are all zero or unmeasured (outages) is not a month with data; a brand whose
 * rows are all zero or unmeasured is still tracked there.
 */
export function computeCountryCoverage(
  countries: readonly Country[],
  rows: readonly Pick<DemandRow, "brand" | "country" | "period" | "volume">[],
  periods: readonly string[],
): CountryRecord[] {
  const withData = new Map<string, Set<string>>();
  const brands = new Map<string, Set<string>>();
  for (const row of rows) {
    brands.set(row.country, (brands.get(row.country) ?? new Set()).add(row.brand));
    if ((row.volume ?? 0) > 0) withData.set(row.country, (withData.get(row.country) ?? new Set()).add(row.period));
  }
  const known = new Set(periods);
  return countries.map((country) => {
    const months = [...(withData.get(country.code) ?? [])].filter((period) => known.has(period)).sort(compareStrings);
    return {
      ...country,
      coverage: {
        periods: months.length,
        share_pct: periods.length === 0 ? 0 : round4((months.length / periods.length) * 100),
        brands: brands.get(country.code)?.size ?? 0,
      },
      freshness: months[months.length - 1] ?? null,
    };
  });
}
