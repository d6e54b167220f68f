/**
 * `/trending`: brands with the largest demand growth between the last two periods.
 * @module
 */
import { limitParam, listParam } from "../common-params.ts";
import type { Endpoint } from "../endpoint.ts";
import { envelope } from "../envelope.ts";
import { singleValues } from "./key-space.ts";
import { trendingResponse } from "../schemas/dataset-markets.ts";

export const trendingEndpoint: Endpoint = {
  id: "dataset.trending",
  service: "dataset",
  path: "/trending",
  summary: "Brands with the largest demand growth between the last two periods, across all countries or per country",
  format: "json",
  response: trendingResponse,
  params: [
    { name: "country", type: "open", normalise: "country", multi: true, description: "Countries (ISO code; UK = GB); absent: each brand's total across all countries" },
    limitParam(100, 20, "Number of entries (default 20, maximum 100)"),
  ],
  run: (context, { params }) => {
    const countries = listParam(params, "country");
    const { trending } = context.dataset;
    // Entries are stored in the published order (compareTrending: growth descending, null last, then brand, country).
    const matching = trending.entries.filter((entry) => (countries.length === 0 ? entry.country === null : entry.country !== null && countries.includes(entry.country)));
    const limit = Number(params.limit ?? 20);
    const meta = { previous_period: trending.previous_period, current_period: trending.current_period, limit, total: matching.length };
    return { kind: "json", body: envelope(context, "dataset", matching.slice(0, limit), meta) };
  },
  keySpace: function* (context) {
    yield { pathParams: {}, pairs: [], priority: 0 };
    yield* singleValues("country", context.dataset.countries.filter((country) => country.coverage.periods > 0).map((country) => country.code));
  },
};
