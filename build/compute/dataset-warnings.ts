/**
 * Warnings about figures the data is too thin to support (#26): the build publishes them and says so in its
 * summary and build report. Markets and providers are named by key, never a person.
 * @module
 */
import type { BuildWarning } from "../load/seed-warnings.ts";
import type { Dataset } from "./dataset.ts";

/**
 * N of "a figure computed on fewer than N records": a market's demand shares in its latest month over
 * fewer brands, or a provider's averages over fewer games, are published with a warning.
 */
export const MIN_FIGURE_RECORDS = 3;
/** Periods with both GGR and demand below which a market's calibration cannot support estimates. */
export const MIN_CALIBRATION_PERIODS = 3;
/** The correlation of demand with GGR below which a market's calibration cannot support estimates. */
export const MIN_CALIBRATION_CORRELATION = 0.5;

/** Where the thresholds are set, for the messages (a publisher changes them there). */
const SET_IN = "build/compute/dataset-warnings.ts";

/** Every warning about the computed figures, in a stable order: calibration, demand shares, providers. */
export function findDatasetWarnings(
  dataset: Pick<Dataset, "calibration" | "index" | "countries" | "providerRanks">,
): BuildWarning[] {
  return [...weakCalibration(dataset), ...thinDemandShares(dataset), ...thinProviderFigures(dataset)];
}

function weakCalibration({ calibration }: Pick<Dataset, "calibration">): BuildWarning[] {
  return calibration.flatMap((entry) => {
    const market = `${entry.country} (${entry.regulator_code}, ${entry.vertical})`;
    const reason =
      entry.months < MIN_CALIBRATION_PERIODS
        ? `rests on ${entry.months} ${entry.months === 1 ? "period" : "periods"} with both GGR and demand, fewer than ${MIN_CALIBRATION_PERIODS}`
        : entry.correlation === null
          ? "has a constant demand or GGR series, so no correlation"
          : entry.correlation < MIN_CALIBRATION_CORRELATION
            ? `has a correlation of demand with GGR of ${entry.correlation}, below ${MIN_CALIBRATION_CORRELATION}`
            : undefined;
    if (reason === undefined) return [];
    return [
      {
        code: "weak_calibration",
        message: `The calibration of ${market} ${reason}: too weak to support revenue estimates (thresholds MIN_CALIBRATION_PERIODS and MIN_CALIBRATION_CORRELATION in ${SET_IN})`,
      },
    ];
  });
}

/** A market whose latest month's shares (sod, adi) are computed over fewer than N brands. */
function thinDemandShares({ index, countries }: Pick<Dataset, "index" | "countries">): BuildWarning[] {
  const brands = new Map<string, number>();
  for (const value of index)
    brands.set(`${value.country}|${value.period}`, (brands.get(`${value.country}|${value.period}`) ?? 0) + 1);
  return countries.flatMap((country) => {
    if (country.freshness === null) return [];
    const measured = brands.get(`${country.code}|${country.freshness}`) ?? 0;
    if (measured >= MIN_FIGURE_RECORDS) return [];
    return [
      {
        code: "few_records",
        message: `The demand shares (sod, adi) of ${country.code} in ${country.freshness} are computed over ${measured} ${measured === 1 ? "brand" : "brands"}, fewer than ${MIN_FIGURE_RECORDS} (MIN_FIGURE_RECORDS in ${SET_IN})`,
      },
    ];
  });
}

/** A provider with games whose averages and rank rest on fewer than N of them. */
function thinProviderFigures({ providerRanks }: Pick<Dataset, "providerRanks">): BuildWarning[] {
  return providerRanks
    .flatMap((entry) => (entry.games_count === null ? [] : [{ ...entry, games_count: entry.games_count }]))
    .filter((entry) => entry.games_count > 0 && entry.games_count < MIN_FIGURE_RECORDS)
    .map((entry) => ({
      code: "few_records",
      message: `The rank and rtp_avg of provider ${entry.slug} are computed over ${entry.games_count} ${entry.games_count === 1 ? "game" : "games"}, fewer than ${MIN_FIGURE_RECORDS} (MIN_FIGURE_RECORDS in ${SET_IN})`,
    }));
}
