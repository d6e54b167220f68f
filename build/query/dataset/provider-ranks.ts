/**
 * `/provider-ranks`: the provider activity index, sortable by each of its measures.
 * @module
 */
import type { ProviderRankEntry } from "../../compute/provider-rank.ts";
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
import type { Endpoint } from "../endpoint.ts";
import { envelope, paginate } from "../envelope.ts";
import { defaultPages, singleValues } from "../key-space.ts";
import { providerRanksResponse } from "../../response-schemas/dataset-catalog.ts";

/** Every field of the description; names ascending, every number descending by nature. */
export const PROVIDER_RANK_SORTS: Record<string, SortField<ProviderRankEntry>> = {
  rank_score: { natural: "desc", value: (entry) => entry.rank_score },
  games_count: { natural: "desc", value: (entry) => entry.games_count },
  rtp_avg: { natural: "desc", value: (entry) => entry.rtp_avg },
  release_activity: { natural: "desc", value: (entry) => entry.release_activity },
  casino_presence: { natural: "desc", value: (entry) => entry.casino_presence },
  regional_diversity: { natural: "desc", value: (entry) => entry.regional_diversity },
  name: { natural: "asc", value: (entry) => entry.name.toLowerCase() },
};

const DEFAULT_SORT = "rank_score";

export const providerRanksEndpoint: Endpoint = {
  id: "dataset.providerRanks",
  service: "dataset",
  path: "/provider-ranks",
  summary:
    "Provider activity index: rank_score 0-100 from games count, average RTP, release activity, casino presence and regional diversity",
  format: "json",
  response: providerRanksResponse,
  params: [sortParam(PROVIDER_RANK_SORTS, DEFAULT_SORT), orderParam, pageParam, perPageParam(100, 50)],
  validate: (params) => dropNaturalOrder(params, PROVIDER_RANK_SORTS, DEFAULT_SORT),
  run: (context, { params }) => {
    const { sort, order } = effectiveOrder(params, PROVIDER_RANK_SORTS, DEFAULT_SORT);
    const sorted = sortItems(context.dataset.providerRanks, PROVIDER_RANK_SORTS[sort]!, order, (entry) => entry.slug);
    const { items, pagination } = paginate(sorted, Number(params.page ?? 1), Number(params.per_page ?? 50));
    const data = items.map(({ components: _components, ...entry }) => entry);
    return { kind: "json", body: envelope(context, "dataset", data, { sort, order }, pagination), pagination };
  },
  keySpace: function* (context) {
    yield* defaultPages(context.dataset.providerRanks.length);
    yield* singleValues(
      "sort",
      Object.keys(PROVIDER_RANK_SORTS).filter((sort) => sort !== DEFAULT_SORT),
    );
  },
};
