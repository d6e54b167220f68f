/**
 * Lookup tables over the dataset, built once per process (build or host), never serialised.
 * @module
 */
import { groupBy } from "../compute/compute-brands.ts";
import type { BrandRecord, Dataset, LicenseRecord } from "../compute/dataset.ts";
import type { IndexValue } from "../compute/demand-index.ts";
import type { Domain } from "../load/schemas.ts";

export interface EngineIndex {
  brandsBySlug: Map<string, BrandRecord>;
  licensesByBrand: Map<string, LicenseRecord[]>;
  domainsByBrand: Map<string, Domain[]>;
  indexByBrand: Map<string, IndexValue[]>;
  /** Trust rank of each brand: position in score-descending order, slug ascending on ties. */
  trustRankBySlug: Map<string, number>;
}

/** Builds the lookup tables for a dataset. */
export function buildEngineIndex(dataset: Dataset): EngineIndex {
  const byTrust = [...dataset.brands].sort((a, b) => b.trust.score - a.trust.score || (a.slug < b.slug ? -1 : 1));
  return {
    brandsBySlug: new Map(dataset.brands.map((brand) => [brand.slug, brand])),
    licensesByBrand: groupBy(dataset.licenses, (license) => license.brand),
    domainsByBrand: groupBy(dataset.domains, (domain) => domain.brand),
    indexByBrand: groupBy(dataset.index, (value) => value.brand),
    trustRankBySlug: new Map(byTrust.map((brand, position) => [brand.slug, position + 1])),
  };
}
