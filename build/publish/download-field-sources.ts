/**
 * Which response schemas describe the fields of each download (issue 28): a download whose records are
 * an API list's items takes that item's schema, so a field of the data package and the same property of
 * the OpenAPI document read alike. Schemas later in a list describe only the fields earlier ones lack.
 * @module
 */
import { z } from "zod";
import { domainSchema } from "../load/schemas.ts";
import { brandCard, brandListItem, trustHistoryEntry } from "../response-schemas/dataset-brands.ts";
import {
  gameItem,
  gameRankItem,
  licenseItem,
  providerCard,
  providerItem,
  providerRankItem,
  regulatorItem,
} from "../response-schemas/dataset-catalog.ts";
import {
  countryItem,
  groundTruthRow,
  indexValue,
  marketDemandItem,
  momentumEntry,
  tcAlertItem,
  trendingEntry,
} from "../response-schemas/dataset-markets.ts";
import { trustComponents } from "../response-schemas/primitives.ts";
import { fullResume } from "../response-schemas/resumes.ts";

const SOURCES: Readonly<Record<string, () => readonly z.ZodType[]>> = {
  brands: () => [brandListItem, z.object({ trust_components: trustComponents }), brandCard],
  "trust-history": () => [trustHistoryEntry],
  domains: () => [domainSchema],
  licenses: () => [licenseItem],
  regulators: () => [regulatorItem],
  providers: () => [providerItem, providerCard],
  "provider-ranks": () => [providerRankItem],
  games: () => [gameItem, gameRankItem],
  countries: () => [countryItem],
  index: () => [indexValue],
  "market-demand": () => [marketDemandItem],
  trending: () => [trendingEntry],
  momentum: () => [momentumEntry],
  "ground-truth": () => [groundTruthRow],
  "tc-alerts": () => [tcAlertItem],
  resumes: () => [fullResume],
};

/** The schemas describing a download's fields, first first; none for a download with no API list. */
export function fieldSources(tableName: string): readonly z.ZodType[] {
  return Object.hasOwn(SOURCES, tableName) ? SOURCES[tableName]!() : [];
}
