/**
 * The pages for people show what the API answers, through the same engine functions: a page asks the
 * endpoint (by id) exactly as a client would, so a figure on a page and in the API cannot differ.
 * @module
 */
import type { EngineContext } from "../../query/endpoint.ts";
import { ENDPOINTS } from "../../query/endpoints.ts";
import { resolveForEndpoint, runResolved } from "../../query/run-query.ts";

/** The JSON body (`meta` and `data`) an endpoint answers for the given path slots and query. */
export function engineAnswer<T = unknown>(
  context: EngineContext,
  endpointId: string,
  pathParams: Record<string, string> = {},
  pairs: [string, string][] = [],
): { meta: Record<string, unknown>; data: T } {
  const endpoint = ENDPOINTS.find((candidate) => candidate.id === endpointId);
  if (endpoint === undefined) throw new Error(`Internal error: no endpoint ${endpointId}`);
  const result = runResolved(context, resolveForEndpoint(endpoint, pathParams, pairs));
  if (result.kind !== "json") throw new Error(`Internal error: ${endpointId} does not answer JSON`);
  return result.body as { meta: Record<string, unknown>; data: T };
}
