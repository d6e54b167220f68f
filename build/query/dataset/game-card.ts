/**
 * `/games/{slug}`: the game card with its provider, RTP, volatility, themes, features and GameRank.
 * @module
 */
import type { Game } from "../../load/schemas.ts";
import { HttpError } from "../../errors.ts";
import type { EngineContext, Endpoint } from "../endpoint.ts";
import { envelope } from "../envelope.ts";
import { PRIORITY } from "../key-space.ts";
import { gameCardResponse } from "../../response-schemas/dataset-catalog.ts";

/** The 404 for an unknown game slug. */
export function gameNotFound(slug: string): HttpError {
  return new HttpError(404, "game_not_found", `No game has the slug '${slug.slice(0, 100)}'.`, {
    slug: slug.slice(0, 100),
  });
}

/** Looks a game up by slug (case-insensitive), or throws game_not_found. */
export function findGame(context: EngineContext, slug: string): Game {
  const game = context.index.gamesBySlug.get(slug.toLowerCase());
  if (game === undefined) throw gameNotFound(slug);
  return game;
}

/**
 * A game's GameRank in one shape for every game. A game seen in no lobby has no rank and a known presence of 0,
 * where the data set has lobby sightings; where it has none at all, presence and countries are unknown (null, #26).
 */
export function gameRankOf(context: EngineContext, slug: string) {
  const rank = context.index.gameRankBySlug.get(slug);
  // Every sighting ranks its game, so no ranked game means no lobby sightings in the data set.
  const lobbyKnown = context.dataset.gameRanks.length > 0;
  return {
    rank: rank?.rank ?? null,
    presence: rank?.presence ?? (lobbyKnown ? 0 : null),
    avg_position: rank?.avg_position ?? null,
    countries: rank?.countries ?? (lobbyKnown ? 0 : null),
  };
}

function gameCard(context: EngineContext, game: Game) {
  const provider = context.index.providersBySlug.get(game.provider);
  return {
    name: game.name,
    slug: game.slug,
    provider: { slug: game.provider, name: provider?.name ?? game.provider },
    kind: game.kind,
    rtp: game.rtp,
    volatility: game.volatility,
    themes: game.themes,
    features: game.features,
    released_at: game.released_at,
    // A game seen in no lobby has no rank; the shape stays the same so clients need one code path.
    game_rank: gameRankOf(context, game.slug),
  };
}

export const gameCardEndpoint: Endpoint = {
  id: "dataset.game",
  service: "dataset",
  path: "/games/{slug}",
  summary: "Game card with provider, RTP, volatility, themes, features and GameRank",
  format: "json",
  response: gameCardResponse,
  params: [],
  run: (context, { pathParams }) => ({
    kind: "json",
    body: envelope(context, "dataset", gameCard(context, findGame(context, pathParams.slug ?? ""))),
  }),
  keySpace: function* (context) {
    for (const game of context.dataset.games)
      yield { pathParams: { slug: game.slug }, pairs: [], priority: PRIORITY.card };
  },
};
