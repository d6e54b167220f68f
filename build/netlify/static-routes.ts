/**
 * The public URL of each precomputed response, read back from its file name and checked against the
 * host's own resolution, so a static route is only ever made for the exact URL the host would answer
 * with that file.
 * @module
 */
import type { Manifest } from "../output-format/manifest.ts";
import { HttpError } from "../errors.ts";
import type { Endpoint } from "../query/endpoint.ts";
import { RESPONSES_DIR } from "../query/query-to-path.ts";
import { resolveQuery } from "../query/run-query.ts";

/** A precomputed response and the one canonical request that it answers. */
export interface StaticRoute {
  /** The file under dist/, e.g. `responses/api/dataset/v1/brands/page=2.json`. */
  file: string;
  /** The request path, e.g. `/api/dataset/v1/brands`. */
  publicPath: string;
  /** The canonical query in order, e.g. `[["page", "2"]]` (the raw query string is `page=2`). */
  pairs: [string, string][];
  extension: "json" | "ndjson";
  link?: string;
  total?: number;
}

/**
 * Characters a Netlify rule can carry literally: `:` starts a placeholder and `*` a splat in rule paths,
 * `%` would be decoded before matching. Files with any other character are left to the function.
 */
const RULE_SAFE = /^[A-Za-z0-9_.-]+$/;

/** Every precomputed response that can be routed statically, and the files that cannot (left to the function). */
export function staticRoutes(
  manifest: Manifest,
  endpoints: readonly Endpoint[],
): { routes: StaticRoute[]; unrouted: string[] } {
  const routes: StaticRoute[] = [];
  const unrouted: string[] = [];
  for (const [file, entry] of Object.entries(manifest.files)) {
    const route = routeOf(file);
    if (route === undefined || !answeredBy(endpoints, route)) {
      unrouted.push(file);
      continue;
    }
    if (entry.link !== undefined) route.link = entry.link;
    if (entry.total !== undefined) route.total = entry.total;
    routes.push(route);
  }
  return { routes, unrouted };
}

/**
 * Reads a response file name back into its request: `responses/<path>/index.json` is the path without a
 * query, `responses/<path>/<k=v,k=v>.json` the path with `?k=v&k=v`. Undefined for any other shape.
 * @example routeOf("responses/api/dataset/v1/brands/country=GB,page=2.json") // publicPath "/api/dataset/v1/brands", pairs [["country","GB"],["page","2"]]
 */
export function routeOf(file: string): StaticRoute | undefined {
  const match = /^(.+)\/([^/]+)\.(json|ndjson)$/.exec(file);
  if (match === null) return undefined;
  const [, dir, stem, extension] = match as unknown as [string, string, string, "json" | "ndjson"];
  const segments = dir.split("/");
  if (segments[0] !== RESPONSES_DIR || segments.length < 2 || !segments.every((segment) => RULE_SAFE.test(segment)))
    return undefined;
  const pairs: [string, string][] = [];
  if (stem !== "index") {
    for (const part of stem.split(",")) {
      const [name, value, ...rest] = part.split("=");
      if (
        name === undefined ||
        value === undefined ||
        rest.length > 0 ||
        !RULE_SAFE.test(name) ||
        !RULE_SAFE.test(value)
      )
        return undefined;
      pairs.push([name, value]);
    }
  }
  return { file, publicPath: `/${segments.slice(1).join("/")}`, pairs, extension };
}

/** True when the host, asked for exactly this URL, would answer with exactly this file. */
function answeredBy(endpoints: readonly Endpoint[], route: StaticRoute): boolean {
  try {
    return resolveQuery(endpoints, route.publicPath, route.pairs).filePath === route.file;
  } catch (error) {
    if (error instanceof HttpError) return false;
    throw error;
  }
}
