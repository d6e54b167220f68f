/**
 * Which response schemas describe the fields of each download (issue 28): a download whose records are
 * an API list's items takes that item's schema, so a field of the data package and the same property of
 * the OpenAPI document read alike. A download with no API list takes the seed schema of the records it
 * exports (docs/seeds.md reads the same texts). Schemas later in a list describe only the fields earlier
 * ones lack.
 * @module
 */
import { z } from "zod";
import {
  demandRowSchema,
  domainCheckSchema,
  domainSchema,
  monitoringSchema,
  paymentObservationSchema,
  reputationObservationSchema,
} from "../load/schemas.ts";
import { brandCard, brandListItem, demandPoint, trustHistoryEntry } from "../response-schemas/dataset-brands.ts";
import {
  gameCard,
  gameItem,
  gameRankItem,
  licenseItem,
  providerCard,
  providerItem,
  providerRankItem,
  regulatorItem,
  topGame,
} from "../response-schemas/dataset-catalog.ts";
import {
  calibrationEntry,
  countryItem,
  groundTruthRow,
  indexValue,
  marketDemandItem,
  momentumEntry,
  revenueEstimate,
  revenueModel,
  tcAlertItem,
  trendingEntry,
} from "../response-schemas/dataset-markets.ts";
import { providerComponents, trustComponents } from "../response-schemas/primitives.ts";
import { fullResume } from "../response-schemas/resumes.ts";

const SOURCES: Readonly<Record<string, () => readonly z.ZodType[]>> = {
  brands: () => [brandListItem, z.object({ trust_components: trustComponents }), brandCard],
  "trust-history": () => [trustHistoryEntry],
  domains: () => [domainSchema],
  licenses: () => [licenseItem],
  regulators: () => [regulatorItem],
  providers: () => [providerItem, providerCard],
  // Its components are those the provider card's rank gives.
  "provider-ranks": () => [providerRankItem, z.object({ components: providerComponents })],
  // The download's lobby_countries is the card's game_rank.countries.
  games: () => [
    gameItem,
    topGame,
    gameRankItem,
    z.object({ lobby_countries: gameCard.shape.game_rank.shape.countries }),
  ],
  countries: () => [countryItem],
  index: () => [indexValue],
  // The seed rows the index is computed from, with the texts of the brand card's demand series first.
  demand: () => [demandPoint, demandRowSchema],
  "demand-verticals": () => [demandPoint, demandRowSchema],
  "market-demand": () => [marketDemandItem],
  trending: () => [trendingEntry],
  // The two periods are the answer's meta; trending names the same pair.
  momentum: () => [momentumEntry, trendingEntry],
  "ground-truth": () => [groundTruthRow],
  // Flat rows of /ground-truth's meta.calibration, the model's fields lifted beside the market's.
  "revenue-models": () => [revenueModel, calibrationEntry],
  // An estimate row's period is its market's estimate_period.
  "revenue-estimates": () => [
    z.object({ period: calibrationEntry.shape.estimate_period }),
    revenueEstimate,
    calibrationEntry,
  ],
  "tc-alerts": () => [tcAlertItem],
  "reputation-observations": () => [reputationObservationSchema],
  "payment-observations": () => [paymentObservationSchema],
  "domain-checks": () => [domainCheckSchema],
  monitoring: () => [monitoringSchema],
  resumes: () => [fullResume],
};

/** The schemas describing a download's fields, first first: the API list's items, else the seed rows exported. */
export function fieldSources(tableName: string): readonly z.ZodType[] {
  return Object.hasOwn(SOURCES, tableName) ? SOURCES[tableName]!() : [];
}
