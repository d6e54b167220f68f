/**
 * Response schemas of the registers and the game catalog: `/licenses`, `/regulators`, `/providers`,
 * `/providers/{slug}`, `/provider-ranks`, `/games`, `/games/{slug}` and `/game-ranks`.
 * @module
 */
import { z } from "zod";
import { GAME_KINDS, gameSchema, licenseSchema, providerSchema, regulatorSchema } from "../load/schemas.ts";
import { VERTICALS } from "../load/verticals.ts";
import { envelopeOf, pageOf } from "./envelope.ts";
import {
  count,
  jurisdictionCode,
  orderEcho,
  rank,
  score100,
  slug,
  sortEcho,
  providerComponents,
  providerCoverage,
  providerWeights,
} from "./primitives.ts";

const rtpAverage = z
  .number()
  .nullable()
  .describe("Mean RTP of its games that publish one, percent (4 decimals); null when none does");
const rankedGamesCount = count
  .nullable()
  .describe("Games of the catalog by this provider; null when the data set has no games at all");
const releaseActivity = count
  .nullable()
  .describe("Games released in the 12 months up to the snapshot; null when the data set has no games at all");
const casinoPresence = count
  .nullable()
  .describe(
    "Distinct brands whose lobbies show at least one of its games; null when the data set has no lobby sightings",
  );
const regionalDiversity = count
  .nullable()
  .describe("Distinct countries of those lobby sightings; null when the data set has no lobby sightings");
const rankScore = score100
  .nullable()
  .describe(
    "Weighted mean of the known normalised sub-measures, their weights re-spread, 0-100 (1 decimal); null when none is known",
  );
const presence = count.describe("Distinct brands whose lobbies show the game");
/** Where every game is listed, seen or not: a known 0, or unknown when the data set has no lobby sightings (#26). */
const presenceOrUnknown = count
  .nullable()
  .describe(
    "Distinct brands whose lobbies show the game (0: none, in a data set with lobby sightings); null when the data set has no lobby sightings at all",
  );
const avgPosition = z.number().min(1).describe("Mean lobby position over every sighting (1 = first tile), 4 decimals");
const gamesCount = count
  .nullable()
  .describe("Games of the catalog made by the provider; null when the data set has no games at all (unknown, #26)");
const providerRank = rank
  .nullable()
  .describe(
    "Position in the provider activity ranking (1 = highest rank_score, ties by slug); null when rank_score is null (no measure is known): such a provider is listed after the ranked ones",
  );
const gameRank = rank.describe("GameRank: position by lobby presence (1 = shown by the most brands)");

/**
 * A license's two statuses (#26): the effective one at the snapshot, which no published figure contradicts,
 * and the register's own value.
 */
export const licenseStatuses = {
  status: licenseSchema.shape.status.describe(
    "Effective status at the snapshot: a license whose expiry date is on or before the snapshot is expired, whatever the register says",
  ),
  register_status: licenseSchema.shape.status.describe("The status as the regulator's register gives it"),
};

/** A license from a regulator's public register (component `License`). */
export const licenseItem = licenseSchema
  .extend({
    ...licenseStatuses,
    jurisdiction: jurisdictionCode.describe("Country of the regulator; empty when the regulator is unknown"),
    verticals: z
      .array(z.enum(VERTICALS))
      .describe(
        "The verticals it covers: those the register names that its regulator licenses, else all the regulator licenses",
      ),
  })
  .meta({ id: "License", description: "A license from a regulator's public register" });

/** A regulator with its register's counts (component `Regulator`). */
export const regulatorItem = regulatorSchema
  .extend({
    code: regulatorSchema.shape.code.describe("The regulator's code, upper case (regulator_code elsewhere)"),
    licenses_count: count
      .nullable()
      .describe("Licenses in its register, any status; null when the data set has no license data at all (unknown)"),
    brands_count: count
      .nullable()
      .describe("Distinct brands holding them; null when the data set has no license data at all (unknown)"),
    verticals: z
      .array(z.enum(VERTICALS))
      .describe("The verticals it licenses (all of them unless the seeds say otherwise)"),
  })
  .meta({ id: "Regulator", description: "A regulator with its register's counts" });

/** A game provider (studio) (component `Provider`). */
export const providerItem = z
  .strictObject({ slug, name: z.string(), games_count: gamesCount })
  .meta({ id: "Provider", description: "A game provider (studio)" });

/** A provider in the activity ranking (component `ProviderRank`). */
export const providerRankItem = z
  .strictObject({
    rank: providerRank,
    slug,
    name: z.string(),
    rank_score: rankScore,
    games_count: rankedGamesCount,
    rtp_avg: rtpAverage,
    release_activity: releaseActivity,
    casino_presence: casinoPresence,
    regional_diversity: regionalDiversity,
    coverage: providerCoverage,
  })
  .meta({ id: "ProviderRank", description: "A provider in the activity ranking" });

/** A game on its provider's card; the games download reads its texts too (`rank` may be null there). */
export const topGame = z.strictObject({
  slug,
  name: z.string(),
  kind: gameSchema.shape.kind,
  rtp: gameSchema.shape.rtp,
  rank: rank.nullable().describe("GameRank; null for a game seen in no lobby"),
  presence: presenceOrUnknown,
});

/** The card of a game provider (component `ProviderCard`). */
export const providerCard = z
  .strictObject({
    ...providerSchema.shape,
    games_count: gamesCount,
    games_by_kind: z
      .partialRecord(z.enum(GAME_KINDS), count)
      .nullable()
      .describe("Game counts per kind (kinds it has games of); null when the data set has no games at all"),
    rank: z
      .strictObject({
        rank: providerRank,
        rank_score: rankScore,
        rtp_avg: rtpAverage,
        release_activity: releaseActivity,
        casino_presence: casinoPresence,
        regional_diversity: regionalDiversity,
        coverage: providerCoverage,
        components: providerComponents,
        weights: providerWeights,
      })
      .nullable()
      .describe(
        "Its provider rank with the sub-measures (every provider has one; its rank is null when no measure is known)",
      ),
    top_games: z
      .array(topGame)
      .describe("Its best-ranked games (at most 10): GameRank ascending, unranked games after them by slug"),
  })
  .meta({ id: "ProviderCard", description: "The card of a game provider" });

/** A game of the catalog (component `Game`). */
export const gameItem = gameSchema.meta({ id: "Game", description: "A game of the catalog" });

/** The card of a game (component `GameCard`). */
export const gameCard = z
  .strictObject({
    ...gameSchema.shape,
    provider: z.strictObject({ slug, name: z.string() }),
    game_rank: z
      .strictObject({
        rank: rank.nullable().describe("null for a game seen in no lobby"),
        presence: presenceOrUnknown,
        avg_position: avgPosition.nullable(),
        countries: count
          .nullable()
          .describe("Distinct countries of its lobby sightings; null when the data set has no lobby sightings at all"),
      })
      .describe(
        "GameRank: the same shape for a game seen in no lobby (rank and avg_position null, presence and countries 0; null where the data set has no lobby sightings at all)",
      ),
  })
  .meta({ id: "GameCard", description: "The card of a game" });

/** A game in the lobby-presence ranking (component `GameRank`). */
export const gameRankItem = z
  .strictObject({
    rank: gameRank,
    slug,
    name: z.string(),
    provider: slug,
    kind: gameSchema.shape.kind,
    presence,
    avg_position: avgPosition,
  })
  .meta({ id: "GameRank", description: "A game in the lobby-presence ranking" });

/** The 200 body of `/licenses` (component `LicensesResponse`). */
export const licensesResponse = pageOf(licenseItem).meta({ id: "LicensesResponse" });
/** The 200 body of `/regulators` (component `RegulatorsResponse`). */
export const regulatorsResponse = envelopeOf(z.array(regulatorItem)).meta({ id: "RegulatorsResponse" });
/** The 200 body of `/providers` (component `ProvidersResponse`). */
export const providersResponse = pageOf(providerItem).meta({ id: "ProvidersResponse" });
/** The 200 body of `/providers/{slug}` (component `ProviderCardResponse`). */
export const providerCardResponse = envelopeOf(providerCard).meta({ id: "ProviderCardResponse" });
/** The 200 body of `/provider-ranks` (component `ProviderRanksResponse`). */
export const providerRanksResponse = pageOf(providerRankItem, { sort: sortEcho, order: orderEcho }).meta({
  id: "ProviderRanksResponse",
});
/** The 200 body of `/games` (component `GamesResponse`). */
export const gamesResponse = pageOf(gameItem).meta({ id: "GamesResponse" });
/** The 200 body of `/games/{slug}` (component `GameCardResponse`). */
export const gameCardResponse = envelopeOf(gameCard).meta({ id: "GameCardResponse" });
/** The 200 body of `/game-ranks` (component `GameRanksResponse`). */
export const gameRanksResponse = pageOf(gameRankItem, { sort: sortEcho, order: orderEcho }).meta({
  id: "GameRanksResponse",
});
