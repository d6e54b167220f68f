/**
 * `/countries`: the markets with trust tier, active flag, demand-data coverage and freshness.
 * @module
 */
import type { Endpoint } from "../endpoint.ts";
import { envelope } from "../envelope.ts";
import { countriesResponse } from "../../response-schemas/dataset-markets.ts";

export const countriesEndpoint: Endpoint = {
  id: "dataset.countries",
  service: "dataset",
  path: "/countries",
  summary: "Markets: trust tier, active flag, demand-data coverage and freshness (latest period with data)",
  format: "json",
  response: countriesResponse,
  params: [],
  run: (context) => {
    const data = context.dataset.countries.map((country) => ({
      code: country.code,
      name: country.name,
      trust_tier: country.trust_tier,
      active: country.active,
      coverage: country.coverage,
      freshness: country.freshness,
    }));
    return { kind: "json", body: envelope(context, "dataset", data, { periods: context.dataset.periods.length }) };
  },
};
