/**
 * `/games`: the game catalog, filterable by provider, kind and words, by name.
 * @module
 */
import type { Game } from "../../load/schemas.ts";
import { listParam, pageParam, perPageParam } from "../common-params.ts";
import type { EngineContext, Endpoint } from "../endpoint.ts";
import { envelope, paginate } from "../envelope.ts";
import { applyFilters, filterSpecs, filterValueQueries, type FilterRow } from "../filter-rows.ts";
import { stableItemsOf } from "../stable-json.ts";
import { foldedTextOf } from "../text-match.ts";
import { defaultPages } from "../key-space.ts";
import { kindFilter, providerFilter, wordsFilter } from "./dataset-filters.ts";
import { gamesResponse } from "../../response-schemas/dataset-catalog.ts";

/** The list item of a game (contract §2 field names, then its release date). */
export function gameItem(game: Game) {
  return {
    name: game.name,
    slug: game.slug,
    provider: game.provider,
    kind: game.kind,
    rtp: game.rtp,
    volatility: game.volatility,
    themes: game.themes,
    features: game.features,
    released_at: game.released_at,
  };
}

/** Each game's list item, made once: a game is listed by the default, its kind's and its provider's pages. */
const gameListItem = stableItemsOf(gameItem);

/**
 * The text `q` searches, folded: name, slug, themes and features, each theme and feature both as the API
 * writes it (`free_spins`) and with its underscores read as spaces (`free spins`).
 */
const searchText = foldedTextOf((game: Game) => {
  const tags = [...game.themes, ...game.features];
  return [
    game.name,
    game.slug,
    ...tags,
    ...tags.filter((tag) => tag.includes("_")).map((tag) => tag.replace(/_/g, " ")),
  ].join(" ");
});

const byProvider = providerFilter((game: Game) => game.provider);
const byKind = kindFilter((game: Game) => game.kind);
const GAME_FILTERS: readonly FilterRow<Game, EngineContext>[] = [
  byProvider,
  byKind,
  wordsFilter(
    "Words that must all occur in the game's name, slug, themes or features; names are matched as written, and an English plural also finds its singular (slots → slot, bonuses → bonus); text with nothing left once accents are removed (a lone accent) matches nothing",
    searchText,
  ),
];

export const gamesEndpoint: Endpoint = {
  id: "dataset.games",
  service: "dataset",
  path: "/games",
  summary: "Game catalog with provider, kind, RTP, volatility, themes and features, by name",
  format: "json",
  response: gamesResponse,
  params: [...filterSpecs(GAME_FILTERS), pageParam, perPageParam(100, 50)],
  run: (context, { params }) => {
    const providers = listParam(params, "provider");
    // One provider's games are already grouped in list order: its pages need no scan of the catalog.
    const candidates =
      providers.length === 1
        ? (context.index.gamesByProviderByName.get(providers[0]!) ?? [])
        : context.index.gamesByName;
    const matching = applyFilters(candidates, GAME_FILTERS, params, context);
    const { items, pagination } = paginate(matching, Number(params.page ?? 1), Number(params.per_page ?? 50));
    return { kind: "json", body: envelope(context, "dataset", items.map(gameListItem), {}, pagination), pagination };
  },
  keySpace: function* (context) {
    yield* defaultPages(context.dataset.games.length);
    yield* filterValueQueries([byKind, byProvider], context);
  },
};
