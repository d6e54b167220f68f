/**
 * `/game-ranks`: games ranked by their presence in casino lobbies.
 * @module
 */
import { GAME_KINDS } from "../../load/schemas.ts";
import type { GameRankEntry } from "../../compute/game-rank.ts";
import { dropNaturalOrder, effectiveOrder, listParam, orderParam, pageParam, perPageParam, sortItems, sortParam, type SortField } from "../common-params.ts";
import type { Endpoint } from "../endpoint.ts";
import { envelope, paginate } from "../envelope.ts";
import { defaultPages, singleValues } from "./key-space.ts";
import { gameRanksResponse } from "../schemas/dataset-catalog.ts";

export const GAME_RANK_SORTS: Record<string, SortField<GameRankEntry>> = {
  rank: { natural: "asc", value: (entry) => entry.rank },
};

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
    const rows = context.dataset.gameRanks.flatMap((entry) => {
      const game = context.index.gamesBySlug.get(entry.slug);
      if (game === undefined || entry.presence < minPresence) return [];
      if ((providers.length > 0 && !providers.includes(game.provider)) || (kinds.length > 0 && !kinds.includes(game.kind))) return [];
      return [{ entry, game }];
    });
    const { sort, order } = effectiveOrder(params, GAME_RANK_SORTS, "rank");
    const sorted = sortItems(rows, { natural: "asc", value: (row) => GAME_RANK_SORTS[sort]!.value(row.entry) }, order, (row) => row.entry.slug);
    const { items, pagination } = paginate(sorted, Number(params.page ?? 1), Number(params.per_page ?? 50));
    const data = items.map(({ entry, game }) => ({ rank: entry.rank, slug: entry.slug, name: game.name, provider: game.provider, kind: game.kind, presence: entry.presence, avg_position: entry.avg_position }));
    return { kind: "json", body: envelope(context, "dataset", data, { sort, order }, pagination), pagination };
  },
  keySpace: function* (context) {
    yield* defaultPages(context.dataset.gameRanks.length);
    yield* singleValues("kind", GAME_KINDS);
    yield* singleValues("provider", context.dataset.providers.map((provider) => provider.slug));
  },
};
