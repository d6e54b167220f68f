/**
 * `/trending`: brands with the largest demand growth between the last two periods.
 * @module
 */
import type { TrendingEntry } from "../../compute/trending.ts";
import { limitParam } from "../common-params.ts";
import type { EngineContext, Endpoint } from "../endpoint.ts";
import { envelope } from "../envelope.ts";
import { applyFilters, filterSpecs, filterValueQueries, type FilterRow } from "../filter-rows.ts";
import { countriesWithDemand, countryFilter, excludedOf } from "./dataset-filters.ts";
import { trendingResponse } from "../../response-schemas/dataset-markets.ts";

/** A brand's entry across all countries has no country: it is what the list shows without a `country` filter. */
const TRENDING_FILTERS: readonly FilterRow<TrendingEntry, EngineContext>[] = [
  countryFilter(
    "Countries (ISO code; UK = GB); absent: each brand's total across all countries",
    (entry) => entry.country ?? [],
    countriesWithDemand,
  ),
];

export const trendingEndpoint: Endpoint = {
  id: "dataset.trending",
  service: "dataset",
  path: "/trending",
  summary: "Brands with the largest demand growth between the last two periods, across all countries or per country",
  format: "json",
  response: trendingResponse,
  params: [...filterSpecs(TRENDING_FILTERS), limitParam(100, 20, "Number of entries (default 20, maximum 100)")],
  run: (context, { params }) => {
    const { trending } = context.dataset;
    // Entries are stored in the published order (compareTrending: growth descending, null last, then brand, country).
    const matching =
      params.country === undefined
        ? trending.entries.filter((entry) => entry.country === null)
        : applyFilters(trending.entries, TRENDING_FILTERS, params, context);
    const limit = Number(params.limit ?? 20);
    const meta = {
      previous_period: trending.previous_period,
      current_period: trending.current_period,
      excluded: excludedOf(trending.excluded, params),
      limit,
      total: matching.length,
    };
    return { kind: "json", body: envelope(context, "dataset", matching.slice(0, limit), meta) };
  },
  keySpace: function* (context) {
    yield { pathParams: {}, pairs: [], priority: 0 };
    yield* filterValueQueries(TRENDING_FILTERS, context);
  },
};
