/**
 * The engine's one pipeline, shared by the build and the host:
 * path + query → endpoint and normalised params → canonical key and file path → result → bytes.
 * @module
 */
import { MAX_ANSWER_BYTES, resultTooLarge } from "./answer-size.ts";
import { canonicalPairs } from "./canonical-query.ts";
import type { EngineContext, Endpoint, NdjsonResult, QueryResult } from "./endpoint.ts";
import { linkHeader } from "./link-header.ts";
import { parseParams } from "./parse-params.ts";
import type { Params } from "./param-spec.ts";
import type { QueryPairs } from "./parse-query-string.ts";
import { queryToPath } from "./query-to-path.ts";
import { endpointPath, matchRoute, notFound } from "./routes.ts";
import { stringifyBody } from "./stable-json.ts";

/** A request resolved to one canonical query. */
export interface ResolvedQuery {
  endpoint: Endpoint;
  pathParams: Record<string, string>;
  params: Params;
  canonical: [string, string][];
  publicPath: string;
  /** Where the precomputed answer would be, if this query can have a file. */
  filePath: string | undefined;
}

/** Resolves a path and decoded query pairs; throws HttpError (404 not_found, 400s). */
export function resolveQuery(endpoints: readonly Endpoint[], rawPath: string, pairs: QueryPairs): ResolvedQuery {
  const match = matchRoute(endpoints, rawPath);
  if (match === undefined) throw notFound();
  return resolveForEndpoint(match.endpoint, match.pathParams, pairs);
}

/** Resolves a query for a known endpoint (the build's key space goes through here too). */
export function resolveForEndpoint(
  endpoint: Endpoint,
  pathParams: Record<string, string>,
  pairs: QueryPairs,
): ResolvedQuery {
  const { params } = parseParams(endpoint, pairs);
  const canonical = canonicalPairs(endpoint, params);
  const publicPath = endpointPath(endpoint, pathParams);
  return {
    endpoint,
    pathParams,
    params,
    canonical,
    publicPath,
    filePath: queryToPath(endpoint, publicPath, canonical),
  };
}

/** Everything but the bytes' transport: the same for a file and for a live answer. */
export interface RenderedHeaders {
  contentType: string;
  link?: string;
  totalCount?: number;
}

export const JSON_TYPE = "application/json; charset=utf-8";
export const NDJSON_TYPE = "application/x-ndjson; charset=utf-8";

/** Runs the endpoint for a resolved query. */
export function runResolved(context: EngineContext, resolved: ResolvedQuery): QueryResult {
  return resolved.endpoint.run(context, { pathParams: resolved.pathParams, params: resolved.params });
}

/** The headers that depend on the result (Content-Type, Link, X-Total-Count). */
export function resultHeaders(resolved: ResolvedQuery, result: QueryResult): RenderedHeaders {
  const contentType = result.kind === "ndjson" ? NDJSON_TYPE : JSON_TYPE;
  if (result.pagination === undefined) return { contentType };
  return {
    contentType,
    link: linkHeader(resolved.publicPath, resolved.canonical, result.pagination),
    totalCount: result.pagination.total,
  };
}

/** Serialises a JSON body: compact, with a trailing newline (an error's; an answer goes through renderAnswer). */
export function renderJson(body: unknown): string {
  return `${JSON.stringify(body)}\n`;
}

/**
 * Serialises a JSON answer of `endpoint` like renderJson; throws result_too_large (answer-size.ts) when
 * its bytes would pass MAX_ANSWER_BYTES, the rule every host and the build share.
 */
export function renderAnswer(endpoint: Endpoint, body: unknown): string {
  const text = stringifyBody(body, MAX_ANSWER_BYTES);
  if (text === undefined || Buffer.byteLength(text) + 1 > MAX_ANSWER_BYTES) throw resultTooLarge(endpoint);
  return `${text}\n`;
}

/** Serialises an export lazily, one line per record, so it can be streamed. */
export function* renderNdjsonLines(result: NdjsonResult): Generator<string> {
  for (const record of result.lines()) yield `${JSON.stringify(record)}\n`;
}

/** Serialises any result of `endpoint` completely (the build, and tests); a JSON answer as renderAnswer does. */
export function renderAll(endpoint: Endpoint, result: QueryResult): string {
  return result.kind === "json" ? renderAnswer(endpoint, result.body) : [...renderNdjsonLines(result)].join("");
}
