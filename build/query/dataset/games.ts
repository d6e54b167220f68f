/**
 * `/games`: the game catalog, filterable by provider, kind and words, by name.
 * @module
 */
import { GAME_KINDS } from "../../load/schemas.ts";
import type { Game } from "../../load/schemas.ts";
import { listParam, pageParam, perPageParam } from "../common-params.ts";
import type { Endpoint } from "../endpoint.ts";
import { envelope, paginate } from "../envelope.ts";
import { stableItemsOf } from "../stable-json.ts";
import { containsAllWords, foldedTextOf, queryWords } from "../text-match.ts";
import { defaultPages, singleValues } from "./key-space.ts";
import { gamesResponse } from "../schemas/dataset-catalog.ts";

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
  return [game.name, game.slug, ...tags, ...tags.filter((tag) => tag.includes("_")).map((tag) => tag.replace(/_/g, " "))].join(" ");
});

export const gamesEndpoint: Endpoint = {
  id: "dataset.games",
  service: "dataset",
  path: "/games",
  summary: "Game catalog with provider, kind, RTP, volatility, themes and features, by name",
  format: "json",
  response: gamesResponse,
  params: [
    { name: "provider", type: "open", normalise: "lower", multi: true, description: "Provider slugs (see /providers)" },
    { name: "kind", type: "closed", values: GAME_KINDS, multi: true, description: "Game kinds" },
    { name: "q", type: "text", maxLength: 200, description: "Words that must all occur in the game's name, slug, themes or features; names are matched as written, and an English plural also finds its singular (slots → slot, bonuses → bonus); text with nothing left once accents are removed (a lone accent) matches nothing" },
    pageParam,
    perPageParam(100, 50),
  ],
  run: (context, { params }) => {
    const providers = listParam(params, "provider");
    const kinds = listParam(params, "kind");
    const words = params.q === undefined ? undefined : queryWords(String(params.q));
    // One provider's games are already grouped in list order: its pages need no scan of the catalog.
    const candidates = providers.length === 1 ? (context.index.gamesByProviderByName.get(providers[0]!) ?? []) : context.index.gamesByName;
    const matching = candidates.filter(
      (game) => (providers.length === 0 || providers.includes(game.provider)) && (kinds.length === 0 || kinds.includes(game.kind)) && (words === undefined || containsAllWords(searchText(game), words)),
    );
    const { items, pagination } = paginate(matching, Number(params.page ?? 1), Number(params.per_page ?? 50));
    return { kind: "json", body: envelope(context, "dataset", items.map(gameListItem), {}, pagination), pagination };
  },
  keySpace: function* (context) {
    yield* defaultPages(context.dataset.games.length);
    yield* singleValues("kind", GAME_KINDS);
    yield* singleValues("provider", context.dataset.providers.map((provider) => provider.slug));
  },
};
