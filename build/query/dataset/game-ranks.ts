/**
 * `/game-ranks`: games ranked by their presence in casino lobbies.
 * @module
 */
import { GAME_KINDS, type Game } from "../../load/schemas.ts";
import type { GameRankEntry } from "../../compute/game-rank.ts";
import { dropNaturalOrder, effectiveOrder, listParam, orderParam, pageParam, perPageParam, sortItems, sortParam, type SortField } from "../common-params.ts";
import type { EngineContext, Endpoint } from "../endpoint.ts";
import { envelope, paginate } from "../envelope.ts";
import { stableItem } from "../stable-json.ts";
import { defaultPages, singleValues } from "./key-space.ts";
import { gameRanksResponse } from "../schemas/dataset-catalog.ts";

export const GAME_RANK_SORTS: Record<string, SortField<GameRankEntry>> = {
  rank: { natural: "asc", value: (entry) => entry.rank },
};

interface RankedRow {
  entry: GameRankEntry;
  game: Game;
  /** The list item, made once with its JSON: a game is listed by its provider's, its kind's and the default pages. */
  item: object;
}

const rankedRowsOf = new WeakMap<EngineContext, Map<string, readonly RankedRow[]>>();

/** Every ranked game of the catalog with its list item, in a sort's order with the slug tie-break; kept per context, sort and direction. */
function rankedRows(context: EngineContext, sort: string, order: "asc" | "desc"): readonly RankedRow[] {
  let byOrder = rankedRowsOf.get(context);
  if (byOrder === undefined) rankedRowsOf.set(context, (byOrder = new Map()));
  const key = `${sort} ${order}`;
  let rows = byOrder.get(key);
  if (rows === undefined) {
    const joined = context.dataset.gameRanks.flatMap((entry): RankedRow[] => {
      const game = context.index.gamesBySlug.get(entry.slug);
      if (game === undefined) return [];
      return [{ entry, game, item: stableItem({ rank: entry.rank, slug: entry.slug, name: game.name, provider: game.provider, kind: game.kind, presence: entry.presence, avg_position: entry.avg_position }) }];
    });
    rows = sortItems(joined, { natural: "asc", value: (row) => GAME_RANK_SORTS[sort]!.value(row.entry) }, order, (row) => row.entry.slug);
    byOrder.set(key, rows);
  }
  return rows;
}

export const gameRanksEndpoint: Endpoint = {
  id: "dataset.gameRanks",
  service: "dataset",
  path: "/game-ranks",
  summary: "Games ranked by lobby presence (distinct casinos showing them), then average lobby position",
  format: "json",
  response: gameRanksResponse,
  params: [
    { name: "provider", type: "open", normalise: "lower", multi: true, description: "Provider slugs (see /providers)" },
    { name: "kind", type: "closed", values: GAME_KINDS, multi: true, description: "Game kinds" },
    { name: "min_presence", type: "int", min: 1, default: 1, description: "Keep games shown by at least this many casinos (every ranked game is shown by at least 1)" },
    sortParam(GAME_RANK_SORTS, "rank"),
    orderParam,
    pageParam,
    perPageParam(100, 50),
  ],
  validate: (params) => dropNaturalOrder(params, GAME_RANK_SORTS, "rank"),
  run: (context, { params }) => {
    const providers = listParam(params, "provider");
    const kinds = listParam(params, "kind");
    const minPresence = Number(params.min_presence ?? 1);
    const { sort, order } = effectiveOrder(params, GAME_RANK_SORTS, "rank");
    // Filtering keeps the order: the ranked games are joined and sorted once per order, not per page.
    const sorted = rankedRows(context, sort, order).filter(
      ({ entry, game }) => entry.presence >= minPresence && (providers.length === 0 || providers.includes(game.provider)) && (kinds.length === 0 || kinds.includes(game.kind)),
    );
    const { items, pagination } = paginate(sorted, Number(params.page ?? 1), Number(params.per_page ?? 50));
    const data = items.map((row) => row.item);
    return { kind: "json", body: envelope(context, "dataset", data, { sort, order }, pagination), pagination };
  },
  keySpace: function* (context) {
    yield* defaultPages(context.dataset.gameRanks.length);
    yield* singleValues("kind", GAME_KINDS);
    yield* singleValues("provider", context.dataset.providers.map((provider) => provider.slug));
  },
};
