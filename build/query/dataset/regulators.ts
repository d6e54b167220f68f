/**
 * `/regulators`: the regulator directory with license and brand counts, by code.
 * @module
 */
import type { Endpoint } from "../endpoint.ts";
import { envelope } from "../envelope.ts";
import { regulatorsResponse } from "../../response-schemas/dataset-catalog.ts";

export const regulatorsEndpoint: Endpoint = {
  id: "dataset.regulators",
  service: "dataset",
  path: "/regulators",
  summary: "Regulator directory with the number of licenses and of brands in its register",
  format: "json",
  response: regulatorsResponse,
  params: [],
  run: (context) => {
    const data = context.dataset.regulators.map((regulator) => ({
      code: regulator.code,
      name: regulator.name,
      jurisdiction: regulator.jurisdiction,
      licenses_count: regulator.licenses_count,
      brands_count: regulator.brands_count,
      tier: regulator.tier,
      register_url: regulator.register_url,
      verticals: regulator.verticals,
    }));
    return { kind: "json", body: envelope(context, "dataset", data) };
  },
};
