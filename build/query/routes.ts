/**
 * Maps a request path to an endpoint and its path parameters.
 * @module
 */
import { HttpError } from "../errors.ts";
import type { Endpoint } from "./endpoint.ts";
import { decodePathSegment } from "./parse-query-string.ts";
import { SERVICE_BASES } from "./services.ts";

export interface RouteMatch {
  endpoint: Endpoint;
  pathParams: Record<string, string>;
}

/**
 * Finds the endpoint for a raw (still percent-encoded) path; static segments win over `{slots}`.
 * The whole path is decoded before it is split, as CDN routers do, so `/brands/x%2Ftrust-history`
 * is the same request as `/brands/x/trust-history` on every host.
 */
export function matchRoute(endpoints: readonly Endpoint[], rawPath: string): RouteMatch | undefined {
  const segments = decodePathSegment(rawPath)
    .split("/")
    .filter((segment) => segment !== "");
  let best: { match: RouteMatch; slots: number } | undefined;
  for (const endpoint of endpoints) {
    const pattern = patternOf(endpoint);
    if (pattern.length !== segments.length) continue;
    const pathParams: Record<string, string> = {};
    let slots = 0;
    const matches = pattern.every((part, i) => {
      const segment = segments[i]!;
      if (part.startsWith("{") && part.endsWith("}")) {
        pathParams[part.slice(1, -1)] = segment;
        slots += 1;
        return true;
      }
      return part === segment;
    });
    if (matches && (best === undefined || slots < best.slots)) best = { match: { endpoint, pathParams }, slots };
  }
  return best?.match;
}

/** Each endpoint's path split into segments, once: routing runs on every request. */
const patterns = new WeakMap<Endpoint, readonly string[]>();

function patternOf(endpoint: Endpoint): readonly string[] {
  let pattern = patterns.get(endpoint);
  if (pattern === undefined)
    patterns.set(
      endpoint,
      (pattern = `${SERVICE_BASES[endpoint.service]}${endpoint.path}`.split("/").filter((segment) => segment !== "")),
    );
  return pattern;
}

/** The public path of an endpoint for concrete path parameters. */
export function endpointPath(endpoint: Endpoint, pathParams: Record<string, string>): string {
  const path = endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(pathParams[name] ?? ""));
  return `${SERVICE_BASES[endpoint.service]}${path === "/" ? "/" : path}`;
}

/** The 404 for a path that no endpoint serves. */
export function notFound(): HttpError {
  return new HttpError(
    404,
    "not_found",
    "No endpoint at this path. See /api/dataset/v1/ and /resume/api/v1/ for the list of endpoints.",
  );
}
