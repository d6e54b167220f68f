/**
 * `/game-ranks`: games ranked by their presence in casino lobbies.
 * @module
 */
import type { Game } from "../../load/schemas.ts";
import type { GameRankEntry } from "../../compute/game-rank.ts";
import {
  dropNaturalOrder,
  effectiveOrder,
  orderParam,
  pageParam,
  perPageParam,
  sortItems,
  sortParam,
  type SortField,
} from "../common-params.ts";
import type { EngineContext, Endpoint } from "../endpoint.ts";
import { envelope, paginate } from "../envelope.ts";
import { stableItem } from "../stable-json.ts";
import { applyFilters, filterSpecs, filterValueQueries, type FilterRow } from "../filter-rows.ts";
import { defaultPages } from "../key-space.ts";
import { kindFilter, providerFilter } from "./dataset-filters.ts";
import { gameRanksResponse } from "../../response-schemas/dataset-catalog.ts";

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
      return [
        {
          entry,
          game,
          item: stableItem({
            rank: entry.rank,
            slug: entry.slug,
            name: game.name,
            provider: game.provider,
            kind: game.kind,
            presence: entry.presence,
            avg_position: entry.avg_position,
          }),
        },
      ];
    });
    rows = sortItems(
      joined,
      { natural: "asc", value: (row) => GAME_RANK_SORTS[sort]!.value(row.entry) },
      order,
      (row) => row.entry.slug,
    );
    byOrder.set(key, rows);
  }
  return rows;
}

const byProvider = providerFilter((row: RankedRow) => row.game.provider);
const byKind = kindFilter((row: RankedRow) => row.game.kind);
const GAME_RANK_FILTERS: readonly FilterRow<RankedRow, EngineContext>[] = [
  byProvider,
  byKind,
  {
    spec: {
      name: "min_presence",
      type: "int",
      min: 1,
      default: 1,
      description: "Keep games shown by at least this many casinos (every ranked game is shown by at least 1)",
    },
    keep: (value) => (row) => row.entry.presence >= Number(value),
  },
];

export const gameRanksEndpoint: Endpoint = {
  id: "dataset.gameRanks",
  service: "dataset",
  path: "/game-ranks",
  summary: "Games ranked by lobby presence (distinct casinos showing them), then average lobby position",
  format: "json",
  response: gameRanksResponse,
  params: [
    ...filterSpecs(GAME_RANK_FILTERS),
    sortParam(GAME_RANK_SORTS, "rank"),
    orderParam,
    pageParam,
    perPageParam(100, 50),
  ],
  validate: (params) => dropNaturalOrder(params, GAME_RANK_SORTS, "rank"),
  run: (context, { params }) => {
    const { sort, order } = effectiveOrder(params, GAME_RANK_SORTS, "rank");
    // Filtering keeps the order: the ranked games are joined and sorted once per order, not per page.
    const sorted = applyFilters(rankedRows(context, sort, order), GAME_RANK_FILTERS, params, context);
    const { items, pagination } = paginate(sorted, Number(params.page ?? 1), Number(params.per_page ?? 50));
    const data = items.map((row) => row.item);
    return { kind: "json", body: envelope(context, "dataset", data, { sort, order }, pagination), pagination };
  },
  keySpace: function* (context) {
    yield* defaultPages(context.dataset.gameRanks.length);
    yield* filterValueQueries([byKind, byProvider], context);
  },
};
