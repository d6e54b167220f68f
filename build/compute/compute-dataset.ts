/**
 * SeedSet → Dataset: every derived figure, computed once, deterministically.
 * @module
 */
import type { SeedSet } from "../load/load-seeds.ts";
import type { ContactScope, License } from "../load/schemas.ts";
import { computeCalibration } from "./calibration.ts";
import { compareStrings } from "./compare.ts";
import { computeBrands } from "./compute-brands.ts";
import { computeCountryCoverage, type CountryRecord } from "./country-coverage.ts";
import type { Dataset, LicenseRecord } from "./dataset.ts";
import { computeDemandIndex, computeVerticalIndex } from "./demand-index.ts";
import { computeGameRanks } from "./game-rank.ts";
import { licenseVerticals } from "./licensed-brands.ts";
import { computeMarketDemand } from "./market-demand.ts";
import { computeMomentum } from "./momentum.ts";
import { computeProviderRanks } from "./provider-rank.ts";
import { computeRegulatorCounts } from "./regulator-counts.ts";
import { utcDateOf } from "../shared/utc-date.ts";
import { computeTrending } from "./trending.ts";
import { licenseStatusOn } from "./trust-score.ts";
import { DEFAULT_RESUME_CONTACTS, settleContacts } from "./resume-contacts.ts";

/**
 * The one spelling of a site address, so that equal addresses give the same dist/: the WHATWG URL
 * serialisation (scheme and host in lower case, a default port dropped, the path's dot segments resolved
 * and its characters percent-encoded) without trailing slashes. `HTTPS://Data.Example.COM:443/v2/` is
 * `https://data.example.com/v2`. A text that is no URL only loses its trailing slashes.
 */
export function canonicalBaseUrl(text: string): string {
  return (URL.canParse(text) ? new URL(text).href : text).replace(/\/+$/, "");
}

/**
 * A license as published (#26): `status` is its status at the snapshot, so that a license the register
 * still calls active but whose expiry date is on or before the snapshot is expired in lists and cards as
 * it is in counts and scores; `register_status` keeps the register's own value.
 */
export function effectiveLicenseStatus(
  license: License,
  snapshotDate: string,
): Omit<LicenseRecord, "jurisdiction" | "verticals"> {
  const status = licenseStatusOn(license, snapshotDate);
  return {
    ...license,
    // Not yet issued cannot happen in valid seeds (issued_at is checked against the snapshot).
    status: status === "not_issued" ? license.status : status,
    register_status: license.status,
  };
}

/** Computes the dataset from validated seeds. Pure: the same seeds give the same dataset. */
export function computeDataset(seeds: SeedSet, options: { baseUrl: string; resumeContacts?: ContactScope }): Dataset {
  const resumeContacts = options.resumeContacts ?? DEFAULT_RESUME_CONTACTS;
  const snapshotDate = utcDateOf(seeds.meta.snapshot_at);
  const index = computeDemandIndex(seeds.demand);
  const verticalIndex = computeVerticalIndex(seeds.demand);
  const periods = [...new Set(seeds.demand.map((row) => row.period))].sort(compareStrings);
  const regulatorsByCode = new Map(seeds.regulators.map((regulator) => [regulator.code, regulator]));
  const licenses: LicenseRecord[] = [...seeds.licenses]
    .sort((a, b) => compareStrings(a.id, b.id))
    .map((license) => {
      const regulator = regulatorsByCode.get(license.regulator_code);
      return {
        ...effectiveLicenseStatus(license, snapshotDate),
        jurisdiction: regulator?.jurisdiction ?? "",
        verticals: licenseVerticals(license, regulator),
      };
    });
  const brandNames = new Map(seeds.brands.map((brand) => [brand.slug, brand.name]));
  const nameOf = (slug: string): string => brandNames.get(slug) ?? slug;
  const countries = [...seeds.countries].sort((a, b) => compareStrings(a.code, b.code));
  const regulators = [...seeds.regulators].sort((a, b) => compareStrings(a.code, b.code));
  const groundTruth = [...seeds.groundTruth].sort(
    (a, b) =>
      compareStrings(a.country, b.country) ||
      compareStrings(a.regulator_code, b.regulator_code) ||
      compareStrings(a.vertical, b.vertical) ||
      compareStrings(a.period, b.period),
  );

  const countryRecords = computeCountryCoverage(countries, index, periods);
  return {
    meta: seeds.meta,
    site: { base_url: canonicalBaseUrl(options.baseUrl), resume_contacts: resumeContacts },
    periods,
    countries: countryRecords,
    regulators: computeRegulatorCounts(regulators, seeds.licenses),
    brands: computeBrands(seeds, index, periods, snapshotDate),
    domains: [...seeds.domains].sort((a, b) => compareStrings(a.domain, b.domain)),
    licenses,
    providers: [...seeds.providers].sort((a, b) => compareStrings(a.slug, b.slug)),
    games: [...seeds.games].sort((a, b) => compareStrings(a.slug, b.slug)),
    gameRanks: computeGameRanks(seeds.lobby),
    providerRanks: computeProviderRanks({
      providers: seeds.providers,
      games: seeds.games,
      lobby: seeds.lobby,
      asOf: snapshotDate,
    }),
    index,
    verticalIndex,
    marketDemand: computeMarketDemand(index, verticalIndex),
    groundTruth,
    calibration: computeCalibration(
      groundTruth,
      index,
      {
        licenses: seeds.licenses,
        regulators: seeds.regulators,
        brands: seeds.brands,
      },
      verticalIndex,
    ),
    trending: computeTrending(index, periods, nameOf),
    momentum: computeMomentum(index, periods, nameOf),
    tcAlerts: [...seeds.tcAlerts].sort((a, b) => compareStrings(a.id, b.id)),
    trustObservations: sortTrustObservations(seeds),
    resumes: [...seeds.resumes].sort((a, b) => a.id - b.id).map((resume) => settleContacts(resume, resumeContacts)),
    searchSynonyms: seeds.searchSynonyms.map((group) => group.phrases),
    counts: countDataset(seeds, index.length, countryRecords),
  };
}

/** The dated trust inputs in key order: by brand (or domain), then date. */
function sortTrustObservations(seeds: SeedSet): Dataset["trustObservations"] {
  const byBrandThenDate = <T extends { brand: string; observed_at: string }>(rows: readonly T[]): T[] =>
    [...rows].sort((a, b) => compareStrings(a.brand, b.brand) || compareStrings(a.observed_at, b.observed_at));
  return {
    reputationObservations: byBrandThenDate(seeds.reputationObservations),
    paymentObservations: byBrandThenDate(seeds.paymentObservations),
    domainChecks: [...seeds.domainChecks].sort(
      (a, b) => compareStrings(a.domain, b.domain) || compareStrings(a.checked_at, b.checked_at),
    ),
    monitoring: [...seeds.monitoring].sort((a, b) => compareStrings(a.brand, b.brand)),
  };
}

/**
 * The discovery stats: real counts of the built data (index values count sod and adi separately). A
 * country has demand data as `/countries` counts it: in some month with a tracked total above 0.
 */
function countDataset(seeds: SeedSet, indexRows: number, countries: readonly CountryRecord[]): Dataset["counts"] {
  return {
    brands: seeds.brands.length,
    domains: seeds.domains.length,
    licenses: seeds.licenses.length,
    countries: seeds.countries.length,
    countries_with_demand_data: countries.filter((country) => country.coverage.periods > 0).length,
    providers: seeds.providers.length,
    games: seeds.games.length,
    index_values: indexRows * 2,
    monthly_demand_rows: seeds.demand.length,
  };
}
