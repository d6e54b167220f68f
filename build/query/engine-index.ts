/**
 * Lookup tables over the dataset, each built once per process (build or host) when first used, never serialised.
 * @module
 */
import { compareStrings } from "../compute/compare.ts";
import { groupBy } from "../compute/group-by.ts";
import { rankKnown } from "../compute/rank-known.ts";
import type { BrandRecord, Dataset, LicenseRecord } from "../compute/dataset.ts";
import type { IndexValue, VerticalIndexValue } from "../compute/demand-index.ts";
import type { GameRankEntry } from "../compute/game-rank.ts";
import type { ProviderRankEntry } from "../compute/provider-rank.ts";
import type { Domain, Game, Provider, TcAlert } from "../load/schemas.ts";

export interface EngineIndex {
  brandsBySlug: Map<string, BrandRecord>;
  licensesByBrand: Map<string, LicenseRecord[]>;
  domainsByBrand: Map<string, Domain[]>;
  indexByBrand: Map<string, IndexValue[]>;
  /** Trust rank of each scored brand: position in score-descending order, slug ascending on ties; none for a brand without a score. */
  trustRankBySlug: Map<string, number>;
  /** Index values of each country, in the /index order (brand, country, period). */
  indexByCountry: Map<string, IndexValue[]>;
  /** The same per country and month, keyed `<country>|<period>`: one month of one market without a scan. */
  indexByCountryPeriod: Map<string, IndexValue[]>;
  /** The within-vertical values (#27) of each brand and of each country, in the /index order then vertical. */
  verticalIndexByBrand: Map<string, VerticalIndexValue[]>;
  verticalIndexByCountry: Map<string, VerticalIndexValue[]>;
  providersBySlug: Map<string, Provider>;
  /** Providers in list order: name (case-insensitive), then slug. */
  providersByName: Provider[];
  gamesBySlug: Map<string, Game>;
  /** Each provider's games, by slug. */
  gamesByProvider: Map<string, Game[]>;
  /** Games in list order: name (case-insensitive), then slug. */
  gamesByName: Game[];
  /** Each provider's games in list order. */
  gamesByProviderByName: Map<string, Game[]>;
  gameRankBySlug: Map<string, GameRankEntry>;
  providerRankBySlug: Map<string, ProviderRankEntry>;
  /** Alerts newest first, then id ascending. */
  tcAlertsByDate: TcAlert[];
  /** Each brand's alerts in that order. */
  tcAlertsByBrand: Map<string, TcAlert[]>;
}

/** The key of `indexByCountryPeriod`. */
export const countryPeriodKey = (country: string, period: string): string => `${country}|${period}`;

const byName = <T extends { name: string; slug: string }>(a: T, b: T): number =>
  compareStrings(a.name.toLowerCase(), b.name.toLowerCase()) || compareStrings(a.slug, b.slug);

/** How each table is made; a table may use others through `index`. */
const TABLES: { [K in keyof EngineIndex]: (dataset: Dataset, index: EngineIndex) => EngineIndex[K] } = {
  brandsBySlug: (dataset) => new Map(dataset.brands.map((brand) => [brand.slug, brand])),
  licensesByBrand: (dataset) => groupBy(dataset.licenses, (license) => license.brand),
  domainsByBrand: (dataset) => groupBy(dataset.domains, (domain) => domain.brand),
  indexByBrand: (dataset) => groupBy(dataset.index, (value) => value.brand),
  // Only scored brands are ranked: one with no known component has no rank (unknown, #26), not the last one.
  trustRankBySlug: (dataset) =>
    new Map(
      rankKnown(
        dataset.brands,
        (brand) => brand.trust.score,
        (brand) => brand.slug,
      ).flatMap(({ item, rank }) => (rank === null ? [] : [[item.slug, rank] as const])),
    ),
  indexByCountry: (dataset) => groupBy(dataset.index, (value) => value.country),
  indexByCountryPeriod: (dataset) => groupBy(dataset.index, (value) => countryPeriodKey(value.country, value.period)),
  verticalIndexByBrand: (dataset) => groupBy(dataset.verticalIndex, (value) => value.brand),
  verticalIndexByCountry: (dataset) => groupBy(dataset.verticalIndex, (value) => value.country),
  providersBySlug: (dataset) => new Map(dataset.providers.map((provider) => [provider.slug, provider])),
  providersByName: (dataset) => [...dataset.providers].sort(byName),
  gamesBySlug: (dataset) => new Map(dataset.games.map((game) => [game.slug, game])),
  gamesByProvider: (dataset) => groupBy(dataset.games, (game) => game.provider),
  gamesByName: (dataset) => [...dataset.games].sort(byName),
  gamesByProviderByName: (_dataset, index) => groupBy(index.gamesByName, (game) => game.provider),
  gameRankBySlug: (dataset) => new Map(dataset.gameRanks.map((rank) => [rank.slug, rank])),
  providerRankBySlug: (dataset) => new Map(dataset.providerRanks.map((rank) => [rank.slug, rank])),
  // Compared as instants: detected_at may carry different offsets.
  tcAlertsByDate: (dataset) =>
    [...dataset.tcAlerts].sort(
      (a, b) => Date.parse(b.detected_at) - Date.parse(a.detected_at) || compareStrings(a.id, b.id),
    ),
  tcAlertsByBrand: (_dataset, index) => groupBy(index.tcAlertsByDate, (alert) => alert.brand),
};

/**
 * The lookup tables of a dataset, each made the first time it is used: a host answering from files
 * never needs most of them, and starts without making them.
 */
export function buildEngineIndex(dataset: Dataset): EngineIndex {
  const index = {} as EngineIndex;
  for (const name of Object.keys(TABLES) as (keyof EngineIndex)[]) {
    Object.defineProperty(index, name, {
      enumerable: true,
      configurable: true,
      get() {
        const table = TABLES[name](dataset, index);
        Object.defineProperty(index, name, { value: table, enumerable: true });
        return table;
      },
    });
  }
  return index;
}
