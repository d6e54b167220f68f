/**
 * A test endpoint with one parameter of every kind, for the parser, canonical-key and path tests.
 */
import type { Endpoint } from "../../build/query/endpoint.ts";
import { limitParam, orderParam, pageParam, perPageParam } from "../../build/query/common-params.ts";

export const probeEndpoint: Endpoint = {
  id: "test.probe",
  service: "dataset",
  path: "/probe",
  summary: "A probe of every parameter kind",
  format: "json",
  params: [
    {
      name: "kind",
      type: "closed",
      values: ["slot", "table"],
      default: "slot",
      description: "closed, single, with a default",
    },
    {
      name: "seniority",
      type: "closed",
      values: ["junior", "senior", "lead"],
      multi: true,
      description: "closed, multi",
    },
    { name: "role", type: "open", normalise: "lower", multi: true, description: "open, multi, lower" },
    { name: "brand", type: "open", normalise: "lower", description: "open, single" },
    { name: "country", type: "open", normalise: "country", multi: true, description: "countries" },
    { name: "code", type: "open", normalise: "upper", description: "upper" },
    {
      name: "slugs",
      type: "open",
      normalise: "lower",
      multi: true,
      ordered: true,
      minItems: 2,
      maxItems: 3,
      description: "ordered list",
    },
    { name: "min", type: "int", min: 0, max: 10, description: "int range" },
    { name: "has_contacts", type: "bool", description: "bool" },
    { name: "period", type: "period", description: "period" },
    { name: "since", type: "datetime", description: "datetime" },
    { name: "q", type: "text", maxLength: 20, description: "text" },
    orderParam,
    pageParam,
    perPageParam(100, 50),
    limitParam(100, undefined, "Alias of per_page"),
  ],
  aliases: { limit: "per_page" },
  run: () => ({ kind: "json", body: null }),
};
