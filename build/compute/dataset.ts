/**
 * The computed dataset: seed records plus every derived figure, as plain JSON-able data.
 * The build writes it to dist/ so that the handler answers on-the-fly queries from the same numbers.
 * @module
 */
import type {
  Brand,
  ContactScope,
  Domain,
  Game,
  GroundTruth,
  License,
  Meta,
  Provider,
  TcAlert,
} from "../load/schemas.ts";
import type { Vertical } from "../load/verticals.ts";
import type { SeedSet } from "../load/load-seeds.ts";
import type { CalibrationEntry } from "./calibration.ts";
import type { CountryRecord } from "./country-coverage.ts";
import type { IndexValue, VerticalIndexValue } from "./demand-index.ts";
import type { GameRankEntry } from "./game-rank.ts";
import type { MarketDemandRow } from "./market-demand.ts";
import type { Momentum } from "./momentum.ts";
import type { ProviderRankEntry } from "./provider-rank.ts";
import type { RegulatorRecord } from "./regulator-counts.ts";
import type { ResumeRecord } from "./resume-contacts.ts";
import type { Trending } from "./trending.ts";
import type { trustHistoryEntry } from "../response-schemas/dataset-brands.ts";
import type { z } from "zod";

/** A brand's Trust Score of one month, as `/brands/{slug}/trust-history` lists it. */
export type TrustHistoryEntry = z.infer<typeof trustHistoryEntry>;

export interface BrandRecord extends Brand {
  /**
   * Licenses active at the snapshot date; `has_license=1` keeps brands where it is above 0. Null (unknown) when the
   * data set has no license data at all: a brand without licenses in a data set with licenses holds 0 (#26).
   */
  licenses_count: number | null;
  trust: TrustHistoryEntry;
  trust_history: TrustHistoryEntry[];
  description: string;
}

export interface LicenseRecord extends License {
  /** The register's own status; `status` is the effective one at the snapshot (#26). */
  register_status: License["status"];
  jurisdiction: string;
  /** The verticals it covers (licensed-brands.ts): never null, unlike the seed's. */
  verticals: Vertical[];
}

export interface Dataset {
  meta: Meta;
  /** Where the site is published; discovery documents give absolute addresses from it. */
  site: {
    base_url: string;
    /** The build's --resume-contacts: the default consent and the widest any resume gets (issue 31). */
    resume_contacts: ContactScope;
  };
  /** Every month with demand data, ascending. */
  periods: string[];
  /** Sorted by code, with demand-data coverage and freshness. */
  countries: CountryRecord[];
  /** Sorted by code, with license and brand counts. */
  regulators: RegulatorRecord[];
  /** Sorted by slug. */
  brands: BrandRecord[];
  domains: Domain[];
  licenses: LicenseRecord[];
  providers: Provider[];
  /** Sorted by slug. */
  games: Game[];
  /** Games seen in at least one casino lobby, by rank. */
  gameRanks: GameRankEntry[];
  /** Every provider, by rank. */
  providerRanks: ProviderRankEntry[];
  /** One per demand row, ordered by brand, country, period. */
  index: IndexValue[];
  /** Within each vertical, where demand rows carry one (#27): ordered by brand, country, period, vertical. */
  verticalIndex: VerticalIndexValue[];
  /** Per country, month and vertical (`total`: all verticals), ordered so (#27). */
  marketDemand: MarketDemandRow[];
  groundTruth: GroundTruth[];
  /** One per market (country and regulator) with ground truth, by country then regulator. */
  calibration: CalibrationEntry[];
  trending: Trending;
  momentum: Momentum;
  tcAlerts: TcAlert[];
  /** The dated trust inputs the history rests on (#27), published as downloads so it can be reproduced. */
  trustObservations: Pick<SeedSet, "reputationObservations" | "paymentObservations" | "domainChecks" | "monitoring">;
  /** By id, their contacts settled (resume-contacts.ts); erased ones left out. */
  resumes: ResumeRecord[];
  /** Resume search synonym groups, each a list of phrases as written in the seeds (issue 33). */
  searchSynonyms: string[][];
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
