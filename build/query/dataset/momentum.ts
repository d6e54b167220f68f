/**
 * `/momentum`: period-over-period change of each brand × country pair, with direction.
 * @module
 */
import type { MomentumEntry } from "../../compute/momentum.ts";
import { MOMENTUM_DIRECTIONS } from "../../response-schemas/vocabularies.ts";
import {
  dropNaturalOrder,
  effectiveOrder,
  limitParam,
  orderParam,
  sortItems,
  sortParam,
  type SortField,
} from "../common-params.ts";
import type { EngineContext, Endpoint } from "../endpoint.ts";
import { envelope } from "../envelope.ts";
import { anyOfFilter, applyFilters, filterSpecs, filterValueQueries, type FilterRow } from "../filter-rows.ts";
import { singleValues } from "../key-space.ts";
import { countriesWithDemand, countryFilter, excludedOf } from "./dataset-filters.ts";
import { momentumResponse } from "../../response-schemas/dataset-markets.ts";

export const MOMENTUM_SORTS: Record<string, SortField<MomentumEntry>> = {
  wow_pct: { natural: "desc", value: (entry) => entry.wow_pct },
  volume: { natural: "desc", value: (entry) => entry.volume },
};

const DEFAULT_SORT = "wow_pct";

const byCountry = countryFilter(
  "Countries (ISO code; UK = GB)",
  (entry: MomentumEntry) => entry.country,
  countriesWithDemand,
);
const byDirection = anyOfFilter<MomentumEntry, EngineContext>(
  {
    name: "direction",
    type: "closed",
    values: MOMENTUM_DIRECTIONS,
    multi: true,
    description:
      "up, down or flat (wow_pct inside the market's flat band: 2 robust standard deviations of its past changes)",
  },
  (entry) => entry.direction,
  { values: () => MOMENTUM_DIRECTIONS },
);
const MOMENTUM_FILTERS: readonly FilterRow<MomentumEntry, EngineContext>[] = [byCountry, byDirection];

export const momentumEndpoint: Endpoint = {
  id: "dataset.momentum",
  service: "dataset",
  path: "/momentum",
  summary: "Period-over-period momentum of each brand and country: wow_pct, current volume and direction",
  format: "json",
  response: momentumResponse,
  params: [
    ...filterSpecs(MOMENTUM_FILTERS),
    sortParam(MOMENTUM_SORTS, DEFAULT_SORT),
    orderParam,
    limitParam(100, 20, "Number of entries (default 20, maximum 100)"),
  ],
  validate: (params) => dropNaturalOrder(params, MOMENTUM_SORTS, DEFAULT_SORT),
  run: (context, { params }) => {
    const { momentum } = context.dataset;
    const matching = applyFilters(momentum.entries, MOMENTUM_FILTERS, params, context);
    const { sort, order } = effectiveOrder(params, MOMENTUM_SORTS, DEFAULT_SORT);
    // A null wow_pct (growth from zero) sorts last whatever the order; ties by brand, then country.
    const sorted = sortItems(matching, MOMENTUM_SORTS[sort]!, order, (entry) => `${entry.brand}\u0000${entry.country}`);
    const limit = Number(params.limit ?? 20);
    const meta = {
      previous_period: momentum.previous_period,
      current_period: momentum.current_period,
      flat_band: momentum.flat_band,
      excluded: excludedOf(momentum.excluded, params),
      sort,
      order,
      limit,
      total: matching.length,
    };
    return { kind: "json", body: envelope(context, "dataset", sorted.slice(0, limit), meta) };
  },
  keySpace: function* (context) {
    yield { pathParams: {}, pairs: [], priority: 0 };
    yield* filterValueQueries([byDirection], context);
    yield* singleValues("sort", ["volume"]);
    yield* filterValueQueries([byCountry], context);
  },
};
