/**
 * SeedSet → Dataset: every derived figure, computed once, deterministically.
 * @module
 */
import type { SeedSet } from "../load/load-seeds.ts";
import { compareStrings } from "./compare.ts";
import { computeBrands } from "./compute-brands.ts";
import type { Dataset, LicenseRecord } from "./dataset.ts";
import { computeDemandIndex } from "./demand-index.ts";

/** Computes the dataset from validated seeds. Pure: the same seeds give the same dataset. */
export function computeDataset(seeds: SeedSet, options: { baseUrl: string }): Dataset {
  const snapshotDate = seeds.meta.snapshot_at.slice(0, 10);
  const index = computeDemandIndex(seeds.demand);
  const periods = [...new Set(seeds.demand.map((row) => row.period))].sort(compareStrings);
  const jurisdictions = new Map(seeds.regulators.map((regulator) => [regulator.code, regulator.jurisdiction]));
  const licenses: LicenseRecord[] = [...seeds.licenses]
    .sort((a, b) => compareStrings(a.id, b.id))
    .map((license) => ({ ...license, jurisdiction: jurisdictions.get(license.regulator_code) ?? "" }));

  return {
    meta: seeds.meta,
    site: { base_url: options.baseUrl.replace(/\/+$/, "") },
    periods,
    countries: [...seeds.countries].sort((a, b) => compareStrings(a.code, b.code)),
    regulators: [...seeds.regulators].sort((a, b) => compareStrings(a.code, b.code)),
    brands: computeBrands(seeds, index, periods, snapshotDate),
    domains: [...seeds.domains].sort((a, b) => compareStrings(a.domain, b.domain)),
    licenses,
    providers: [...seeds.providers].sort((a, b) => compareStrings(a.slug, b.slug)),
    games: [...seeds.games].sort((a, b) => compareStrings(a.slug, b.slug)),
    index,
    groundTruth: [...seeds.groundTruth].sort((a, b) => compareStrings(a.country, b.country) || compareStrings(a.regulator_code, b.regulator_code) || compareStrings(a.period, b.period)),
    tcAlerts: [...seeds.tcAlerts].sort((a, b) => compareStrings(a.id, b.id)),
    resumes: [...seeds.resumes].sort((a, b) => a.id - b.id),
    counts: {
      brands: seeds.brands.length,
      domains: seeds.domains.length,
      licenses: seeds.licenses.length,
      countries: seeds.countries.length,
      countries_with_demand_data: new Set(seeds.demand.map((row) => row.country)).size,
      providers: seeds.providers.length,
      games: seeds.games.length,
      index_values: index.length * 2,
      monthly_demand_rows: seeds.demand.length,
    },
  };
}
