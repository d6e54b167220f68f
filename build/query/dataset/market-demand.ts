/**
 * `/market-demand` (#27): per country, month and vertical, the measured demand total and how many brands
 * were measured and missing (outages), so that a move in share can be told apart from a change in coverage.
 * @module
 */
import type { MarketDemandRow } from "../../compute/market-demand.ts";
import { listParam } from "../common-params.ts";
import type { EngineContext, Endpoint } from "../endpoint.ts";
import { envelope } from "../envelope.ts";
import { singleValues } from "../key-space.ts";
import type { Params } from "../param-spec.ts";
import { marketDemandResponse } from "../../response-schemas/dataset-markets.ts";
import { countriesWithDemand } from "./dataset-filters.ts";
import { validateMonthRange } from "./index-values.ts";

/** Where every market-demand row is published at once. */
export const MARKET_DEMAND_DOWNLOAD_PATH = "/downloads/market-demand.ndjson.gz";

/** The rows that match: all of them when no filter is given, in the stored order (country, period, vertical). */
export function marketDemandRows(context: EngineContext, params: Params): readonly MarketDemandRow[] {
  const countries = params.country === undefined ? undefined : new Set(listParam(params, "country"));
  const verticals = params.vertical === undefined ? undefined : new Set<string>(listParam(params, "vertical"));
  const from = params.from === undefined ? undefined : String(params.from);
  const to = params.to === undefined ? undefined : String(params.to);
  return context.dataset.marketDemand.filter(
    (row) =>
      (countries === undefined || countries.has(row.country)) &&
      (verticals === undefined || verticals.has(row.vertical)) &&
      (from === undefined || row.period >= from) &&
      (to === undefined || row.period <= to),
  );
}

export const marketDemandEndpoint: Endpoint = {
  id: "dataset.marketDemand",
  service: "dataset",
  path: "/market-demand",
  summary:
    "Measured demand per country, month and vertical, with the brands measured and missing (outages): coverage beside share",
  format: "json",
  response: marketDemandResponse,
  download: MARKET_DEMAND_DOWNLOAD_PATH,
  params: [
    { name: "country", type: "open", normalise: "country", multi: true, description: "Countries (ISO code; UK = GB)" },
    {
      name: "vertical",
      type: "open",
      normalise: "vertical",
      multi: true,
      description: "Verticals (casino, sportsbook = betting, poker, lottery), or total for all verticals",
    },
    { name: "from", type: "period", description: "First month, YYYY-MM, inclusive; not after to (400)" },
    { name: "to", type: "period", description: "Last month, YYYY-MM, inclusive; not before from (400)" },
  ],
  validate: (params) => validateMonthRange(params),
  run: (context: EngineContext, { params }) => ({
    kind: "json",
    body: envelope(context, "dataset", [...marketDemandRows(context, params)]),
  }),
  keySpace: function* (context) {
    yield { pathParams: {}, pairs: [], priority: 0 };
    yield* singleValues("country", countriesWithDemand(context));
  },
};
