/**
 * The computed dataset: seed records plus every derived figure, as plain JSON-able data.
 * The build writes it to dist/ so that the handler answers on-the-fly queries from the same numbers.
 * @module
 */
import type { Brand, Country, Domain, Game, GroundTruth, License, Meta, Provider, Regulator, Resume, TcAlert } from "../load/schemas.ts";
import type { IndexValue } from "./demand-index.ts";
import type { TrustResult } from "./trust-score.ts";

export interface TrustHistoryEntry extends TrustResult {
  period: string;
}

export interface BrandRecord extends Brand {
  /** Licenses active at the snapshot date; `has_license=1` keeps brands where it is above 0. */
  licenses_count: number;
  trust: TrustHistoryEntry;
  trust_history: TrustHistoryEntry[];
  description: string;
}

export interface LicenseRecord extends License {
  jurisdiction: string;
}

export interface Dataset {
  meta: Meta;
  /** Where the site is published; discovery documents give absolute addresses from it. */
  site: { base_url: string };
  /** Every month with demand data, ascending. */
  periods: string[];
  countries: Country[];
  regulators: Regulator[];
  /** Sorted by slug. */
  brands: BrandRecord[];
  domains: Domain[];
  licenses: LicenseRecord[];
  providers: Provider[];
  games: Game[];
  /** One per demand row, ordered by brand, country, period. */
  index: IndexValue[];
  groundTruth: GroundTruth[];
  tcAlerts: TcAlert[];
  resumes: Resume[];
  counts: DatasetCounts;
}

/** The discovery document's stats: real counts of the built data. */
export interface DatasetCounts {
  brands: number;
  domains: number;
  licenses: number;
  countries: number;
  countries_with_demand_data: number;
  providers: number;
  games: number;
  index_values: number;
  monthly_demand_rows: number;
}
