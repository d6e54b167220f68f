/**
 * `/momentum`: period-over-period change of each brand × country pair, with direction.
 * @module
 */
import { MOMENTUM_DIRECTIONS, type MomentumEntry } from "../../compute/momentum.ts";
import { dropNaturalOrder, effectiveOrder, limitParam, listParam, orderParam, sortItems, sortParam, type SortField } from "../common-params.ts";
import type { Endpoint } from "../endpoint.ts";
import { envelope } from "../envelope.ts";
import { singleValues } from "./key-space.ts";
import { momentumResponse } from "../schemas/dataset-markets.ts";

export const MOMENTUM_SORTS: Record<string, SortField<MomentumEntry>> = {
  wow_pct: { natural: "desc", value: (entry) => entry.wow_pct },
  volume: { natural: "desc", value: (entry) => entry.volume },
};

const DEFAULT_SORT = "wow_pct";

export const momentumEndpoint: Endpoint = {
  id: "dataset.momentum",
  service: "dataset",
  path: "/momentum",
  summary: "Period-over-period momentum of each brand and country: wow_pct, current volume and direction",
  format: "json",
  response: momentumResponse,
  params: [
    { name: "country", type: "open", normalise: "country", multi: true, description: "Countries (ISO code; UK = GB)" },
    { name: "direction", type: "closed", values: MOMENTUM_DIRECTIONS, multi: true, description: "up, down or flat (|wow_pct| below the flat band, 2%)" },
    sortParam(MOMENTUM_SORTS, DEFAULT_SORT),
    orderParam,
    limitParam(100, 20, "Number of entries (default 20, maximum 100)"),
  ],
  validate: (params) => dropNaturalOrder(params, MOMENTUM_SORTS, DEFAULT_SORT),
  run: (context, { params }) => {
    const countries = listParam(params, "country");
    const directions = listParam(params, "direction");
    const { momentum } = context.dataset;
    const matching = momentum.entries.filter((entry) => (countries.length === 0 || countries.includes(entry.country)) && (directions.length === 0 || directions.includes(entry.direction)));
    const { sort, order } = effectiveOrder(params, MOMENTUM_SORTS, DEFAULT_SORT);
    // A null wow_pct (growth from zero) sorts last whatever the order; ties by brand, then country.
    const sorted = sortItems(matching, MOMENTUM_SORTS[sort]!, order, (entry) => `${entry.brand}\u0000${entry.country}`);
    const limit = Number(params.limit ?? 20);
    const meta = { previous_period: momentum.previous_period, current_period: momentum.current_period, flat_band: momentum.flat_band, sort, order, limit, total: matching.length };
    return { kind: "json", body: envelope(context, "dataset", sorted.slice(0, limit), meta) };
  },
  keySpace: function* (context) {
    yield { pathParams: {}, pairs: [], priority: 0 };
    yield* singleValues("direction", MOMENTUM_DIRECTIONS);
    yield* singleValues("sort", ["volume"]);
    yield* singleValues("country", context.dataset.countries.filter((country) => country.coverage.periods > 0).map((country) => country.code));
  },
};
