/**
 * The host's one request handler, independent of any server: request in, response out.
 * Precomputed file when one answers the canonical query, else the engine; errors as contract JSON.
 * @module
 */
import { HttpError } from "../errors.ts";
import type { EngineContext, Endpoint } from "../query/endpoint.ts";
import { parseQueryString } from "../query/parse-query-string.ts";
import { JSON_TYPE, NDJSON_TYPE, renderJson, renderNdjsonLines, resolveQuery, resultHeaders, runResolved, type ResolvedQuery } from "../query/run-query.ts";
import { SERVICE_BASES } from "../query/services.ts";
import { etagOf } from "./etag.ts";
import type { PrecomputedStore } from "./precomputed-store.ts";
import type { RateDecision, RateLimiter } from "./rate-limiter.ts";
import { ALLOWED_METHODS, CORS_HEADERS, SUCCESS_CACHE_CONTROL, errorResponse, ifNoneMatchMatches, internalError, type HostResponse } from "./response-headers.ts";

export const MAX_URL_BYTES = 8 * 1024;

export interface HostRequest {
  method: string;
  /** Path and query as received, still percent-encoded. */
  url: string;
  ifNoneMatch?: string;
  /** The client's address, for the rate limit. */
  clientAddress: string;
}

export interface HandlerDeps {
  context: EngineContext;
  endpoints: readonly Endpoint[];
  store: PrecomputedStore;
  rateLimiter?: RateLimiter;
  /** Where faults of ours are reported (never to the client). */
  logError?: (error: unknown) => void;
}

/** Answers one request. Never throws: every failure becomes a contract error response. */
export async function handleRequest(request: HostRequest, deps: HandlerDeps): Promise<HostResponse> {
  const method = request.method.toUpperCase();
  const response = await respond(request, method, deps);
  // HEAD: the same status and headers (Content-Length included), no body; errors too.
  if (method === "HEAD") delete response.body;
  return response;
}

async function respond(request: HostRequest, method: string, deps: HandlerDeps): Promise<HostResponse> {
  const queryAt = request.url.indexOf("?");
  const rawPath = queryAt < 0 ? request.url : request.url.slice(0, queryAt);
  const rawQuery = queryAt < 0 ? "" : request.url.slice(queryAt + 1);
  const rateKey = `${serviceOf(rawPath)}|${request.clientAddress}`;
  // A preflight is the browser's, not the client's request: it shows the limit without spending it.
  if (method === "OPTIONS") return withRate(preflight(), deps.rateLimiter?.peek(rateKey));
  let rate: RateDecision | undefined;
  try {
    rate = deps.rateLimiter?.check(rateKey);
    if (rate !== undefined && !rate.allowed) {
      throw new HttpError(429, "rate_limited", `Too many requests: the limit is ${rate.limit} per 60 seconds. Retry after ${rate.reset} s.`, { retry_after: rate.reset }, { "Retry-After": String(rate.reset) });
    }
    if (Buffer.byteLength(request.url) > MAX_URL_BYTES) throw new HttpError(414, "request_too_large", `The URL is longer than ${MAX_URL_BYTES} bytes.`);
    if (method !== "GET" && method !== "HEAD") {
      throw new HttpError(405, "method_not_allowed", `The method ${request.method.slice(0, 20)} is not allowed; use GET or HEAD.`, { allowed: ["GET", "HEAD", "OPTIONS"] }, { Allow: ALLOWED_METHODS });
    }
    // Pages and downloads answer at their own path, as a static host would, whatever the query string.
    const site = await deps.store.getSite(rawPath);
    if (site !== undefined) return withRate(success(site.body, { etag: site.etag, contentType: site.type }, request.ifNoneMatch), rate);
    const resolved = resolveQuery(deps.endpoints, rawPath, parseQueryString(rawQuery));
    return withRate(await answer(resolved, deps, request.ifNoneMatch), rate);
  } catch (error) {
    if (error instanceof HttpError) return withRate(errorResponse(error), rate);
    deps.logError?.(error);
    return withRate(errorResponse(internalError()), rate);
  }
}

async function answer(resolved: ResolvedQuery, deps: HandlerDeps, ifNoneMatch: string | undefined): Promise<HostResponse> {
  if (resolved.filePath !== undefined && deps.store.has(resolved.filePath)) {
    const file = await deps.store.get(resolved.filePath);
    if (file !== undefined) {
      const type = resolved.filePath.endsWith(".ndjson") ? NDJSON_TYPE : JSON_TYPE;
      return success(file.body, { etag: file.etag, contentType: type, link: file.link, totalCount: file.total }, ifNoneMatch);
    }
  }
  const result = runResolved(deps.context, resolved);
  const headers = resultHeaders(resolved, result);
  if (result.kind === "ndjson") {
    // Streamed as produced: no ETag, since the bytes are not known before they are sent.
    return { status: 200, headers: { ...CORS_HEADERS, ...contentHeaders(headers.contentType, headers.link, headers.totalCount), "Cache-Control": SUCCESS_CACHE_CONTROL }, body: renderNdjsonLines(result) };
  }
  const body = renderJson(result.body);
  return success(body, { etag: etagOf(body), ...headers }, ifNoneMatch);
}

function success(body: string | Buffer, meta: { etag: string; contentType: string; link?: string; totalCount?: number }, ifNoneMatch: string | undefined): HostResponse {
  const caching = { ETag: meta.etag, "Cache-Control": SUCCESS_CACHE_CONTROL };
  if (ifNoneMatchMatches(ifNoneMatch, meta.etag)) return { status: 304, headers: { ...CORS_HEADERS, ...caching } };
  const length = { "Content-Length": String(Buffer.byteLength(body)) };
  return { status: 200, headers: { ...CORS_HEADERS, ...contentHeaders(meta.contentType, meta.link, meta.totalCount), ...caching, ...length }, body };
}

function contentHeaders(contentType: string, link: string | undefined, totalCount: number | undefined): Record<string, string> {
  const headers: Record<string, string> = { "Content-Type": contentType };
  if (link !== undefined) headers.Link = link;
  if (totalCount !== undefined) headers["X-Total-Count"] = String(totalCount);
  return headers;
}

function preflight(): HostResponse {
  return {
    status: 204,
    headers: { ...CORS_HEADERS, "Access-Control-Allow-Methods": ALLOWED_METHODS, "Access-Control-Allow-Headers": "If-None-Match", "Access-Control-Max-Age": "86400", Allow: ALLOWED_METHODS },
  };
}

function withRate(response: HostResponse, rate: RateDecision | undefined): HostResponse {
  if (rate === undefined) return response;
  response.headers["RateLimit-Limit"] = String(rate.limit);
  response.headers["RateLimit-Remaining"] = String(rate.remaining);
  response.headers["RateLimit-Reset"] = String(rate.reset);
  return response;
}

/** Each service is limited separately; other paths share one bucket. */
function serviceOf(rawPath: string): string {
  // Read the path as the router does (segments decoded, empty ones dropped), so that spelling it
  // `/api/%64ataset/v1` or `//api/dataset/v1` does not open a fresh bucket for the same service.
  const path = `/${rawPath.split("/").filter((segment) => segment !== "").map(decodeLeniently).join("/")}`;
  for (const [service, base] of Object.entries(SERVICE_BASES)) if (path === base || path.startsWith(`${base}/`)) return service;
  return "site";
}

function decodeLeniently(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
