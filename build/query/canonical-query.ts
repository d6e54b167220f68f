/**
 * The canonical form of a query: the one spelling that names its file and its Link URLs.
 * Parameters sorted by name, defaults dropped, lists sorted and de-duplicated (already by parsing).
 * @module
 */
import type { Endpoint } from "./endpoint.ts";
import { defaultOf, serializeValue, type Params } from "./param-spec.ts";

/** Canonical `[name, value]` pairs of normalised params, defaults dropped. */
export function canonicalPairs(endpoint: Endpoint, params: Params): [string, string][] {
  const pairs: [string, string][] = [];
  for (const spec of [...endpoint.params].sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const value = params[spec.name];
    if (value === undefined) continue;
    const fallback = defaultOf(spec);
    if (fallback !== undefined && serializeValue(fallback) === serializeValue(value)) continue;
    pairs.push([spec.name, serializeValue(value)]);
  }
  return pairs;
}

/** Encodes pairs as a query string (without `?`), percent-encoding what needs it. */
export function encodeQuery(pairs: readonly [string, string][]): string {
  return pairs
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value).replace(/%2C/g, ",")}`)
    .join("&");
}
