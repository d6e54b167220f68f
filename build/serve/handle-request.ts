/**
 * The host's one request handler, independent of any server: request in, response out.
 * Precomputed file when one answers the canonical query, else the engine; errors as contract JSON.
 * @module
 */
import { HttpError } from "../errors.ts";
import type { EngineContext, Endpoint } from "../query/endpoint.ts";
import { internalError, MAX_URL_BYTES, preconditionFailed, rateLimited, urlTooLong } from "../shared/host-errors.ts";
import { parseQueryString } from "../query/parse-query-string.ts";
import { JSON_TYPE, NDJSON_TYPE, resolveQuery, type ResolvedQuery } from "../query/run-query.ts";
import { SERVICE_BASES } from "../query/services.ts";
import { liveCoding } from "./encode-live.ts";
import { computeLive, type LiveJson } from "./live-answer.ts";
import type { LiveAnswerer } from "./live-engine.ts";
import type { RemoteExport } from "./live-pool.ts";
import { notFoundPage } from "../publish/not-found-page.ts";
import { canonicalPageAddress, htmlNotFound, movedTo, wantsHtmlNotFound } from "./page-answers.ts";
import type { LiveCache } from "./live-cache.ts";
import type { PrecomputedFile, PrecomputedStore, SiteFileHit } from "./precomputed-store.ts";
import type { RateDecision, RateLimiter } from "./rate-limiter.ts";
import { ifRangeHolds, parseRange, partialResponse, rangeNotSatisfiable } from "./byte-ranges.ts";
import {
  ALLOWED_METHODS,
  errorResponse,
  ifMatchMatches,
  ifNoneMatchMatches,
  representationResponse,
  type HostResponse,
  type Representation,
} from "./response-headers.ts";
import {
  answersRanges,
  CORS_HEADERS,
  DOWNLOAD_CORS_HEADERS,
  SUCCESS_CACHE_CONTROL,
} from "../output-format/http-headers.ts";

/**
 * The path and query of a request target: the absolute form (`GET http://host/path HTTP/1.1`), which
 * an HTTP/1.1 server must accept (RFC 9112 §3.2.2), loses its scheme and authority.
 * @example originForm("http://example.org/api/dataset/v1?x=1") // "/api/dataset/v1?x=1"
 */
export function originForm(target: string): string {
  const authority = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(target);
  if (authority === null) return target;
  const rest = target.slice(authority[0].length);
  return rest.startsWith("/") ? rest : `/${rest}`;
}

export interface HostRequest {
  method: string;
  /** Path and query as received, still percent-encoded. */
  url: string;
  ifNoneMatch?: string;
  /** The If-Match header as sent: a success whose ETag it does not name is a 412 instead (RFC 9110 §13.1.1). */
  ifMatch?: string;
  /** The Accept header as sent: a browser's (naming text/html) gets the HTML 404 page outside the API paths. */
  accept?: string;
  /** The Accept-Encoding header as sent (repeated ones joined with ", "): picks br, gzip or identity. */
  acceptEncoding?: string;
  /** The Range header as sent: a download file answers one byte range (206), as a CDN does (issue 28). */
  range?: string;
  /** The If-Range header as sent: the range applies only while the file's ETag is the one named. */
  ifRange?: string;
  /** The client's address, for the rate limit. */
  clientAddress: string;
}

export interface HandlerDeps {
  context: EngineContext;
  endpoints: readonly Endpoint[];
  store: PrecomputedStore;
  rateLimiter?: RateLimiter;
  /** Answers computed on the fly, kept for the next identical query (JSON only; exports are streamed). */
  liveCache?: LiveCache;
  /**
   * Computes live answers off this thread (live-engine.ts): queued, bounded and timed, answered 503 when
   * it cannot. Absent: the engine runs here, on the request's thread.
   */
  live?: LiveAnswerer;
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

async function respond(received: HostRequest, method: string, deps: HandlerDeps): Promise<HostResponse> {
  const request = received.url.startsWith("/") ? received : { ...received, url: originForm(received.url) };
  const queryAt = request.url.indexOf("?");
  const rawPath = queryAt < 0 ? request.url : request.url.slice(0, queryAt);
  const rawQuery = queryAt < 0 ? "" : request.url.slice(queryAt + 1);
  const rateKey = deps.rateLimiter === undefined ? "" : `${serviceOf(rawPath)}|${request.clientAddress}`;
  // A preflight is the browser's, not the client's request: it shows the limit without spending it.
  if (method === "OPTIONS") return withRate(preflight(), deps.rateLimiter?.peek(rateKey));
  // A URL too long is refused as the HTTP parser refuses a longer one: without spending the limit.
  if (Buffer.byteLength(request.url) > MAX_URL_BYTES)
    return withRate(errorResponse(urlTooLong()), deps.rateLimiter?.peek(rateKey));
  let rate: RateDecision | undefined;
  try {
    rate = deps.rateLimiter?.check(rateKey);
    if (rate !== undefined && !rate.allowed) {
      throw rateLimited(rate.limit, rate.reset);
    }
    if (method !== "GET" && method !== "HEAD") throw methodNotAllowed(request.method);
    // Pages and downloads answer at their own path, as a static host would, whatever the query string.
    const site = await deps.store.getSite(rawPath, request.acceptEncoding);
    if (site !== undefined) {
      const canonical = canonicalPageAddress(rawPath, decodedOrRaw(rawPath), rawQuery, site.file);
      if (canonical !== undefined) return withRate(movedTo(canonical), rate);
      if (answersRanges(site.file)) return withRate(await downloadResponse(site, rawPath, request, deps), rate);
      return withRate(conditionalResponse(site, site.type, request), rate);
    }
    const known = await knownFile(request, deps);
    if (known !== undefined) return withRate(known, rate);
    const resolved = resolveQuery(deps.endpoints, rawPath, parseQueryString(rawQuery));
    return withRate(await answer(resolved, deps, request), rate);
  } catch (error) {
    if (
      error instanceof HttpError &&
      error.code === "not_found" &&
      wantsHtmlNotFound(decodedOrRaw(rawPath), request.accept)
    )
      return withRate(htmlNotFound(notFoundPage(deps.context)), rate);
    if (error instanceof HttpError) return withRate(errorResponse(error), rate);
    deps.logError?.(error);
    return withRate(errorResponse(internalError()), rate);
  }
}

/** A path percent-decoded, or as it came when its encoding is malformed (the router answers that one). */
function decodedOrRaw(rawPath: string): string {
  if (!rawPath.includes("%")) return rawPath;
  try {
    return decodeURIComponent(rawPath);
  } catch {
    return rawPath;
  }
}

/** The contract's 405 for any method but GET, HEAD and OPTIONS. */
export function methodNotAllowed(method: string): HttpError {
  return new HttpError(
    405,
    "method_not_allowed",
    `The method ${method.slice(0, 20)} is not allowed; use GET or HEAD.`,
    { allowed: ["GET", "HEAD", "OPTIONS"] },
    { Allow: ALLOWED_METHODS },
  );
}

/** Request URLs already resolved to a precomputed file, per handler: parsing and resolving are skipped for them. */
const resolvedUrls = new WeakMap<HandlerDeps, Map<string, string>>();
/** URLs remembered per handler; past it the memory starts over (a flood of distinct URLs only costs resolving). */
const RESOLVED_URL_LIMIT = 20_000;
/**
 * Longer URLs are resolved each time, not remembered: with the count limit this bounds the memory at
 * about 20,000 × 512 bytes (a flood of 8 KiB spellings of one page held some 300 MiB before).
 */
const REMEMBERED_URL_MAX_BYTES = 512;

/** The precomputed answer of a URL resolved before, without parsing it again. */
async function knownFile(request: HostRequest, deps: HandlerDeps): Promise<HostResponse | undefined> {
  const file = resolvedUrls.get(deps)?.get(request.url);
  if (file === undefined) return undefined;
  const hit = await deps.store.get(file, request.acceptEncoding);
  return hit === undefined ? undefined : precomputedResponse(file, hit, request);
}

function rememberUrl(deps: HandlerDeps, url: string, file: string): void {
  if (url.length > REMEMBERED_URL_MAX_BYTES) return; // UTF-16 units: a URL on the wire is ASCII
  let urls = resolvedUrls.get(deps);
  if (urls === undefined) resolvedUrls.set(deps, (urls = new Map()));
  if (urls.size >= RESOLVED_URL_LIMIT) urls.clear();
  urls.set(url, file);
}

function precomputedResponse(file: string, hit: PrecomputedFile, request: HostRequest): HostResponse {
  return conditionalResponse(hit, file.endsWith(".ndjson") ? NDJSON_TYPE : JSON_TYPE, request);
}

/**
 * The answer of a representation under the request's preconditions, in RFC 9110 §13.2.2's order:
 * If-Match (else 412), then If-None-Match (304). Only successes get here: an error ignores them.
 */
function conditionalResponse(representation: Representation, contentType: string, request: HostRequest): HostResponse {
  if (!ifMatchMatches(request.ifMatch, representation.etag)) throw preconditionFailed();
  return representationResponse(representation, contentType, request.ifNoneMatch);
}

/**
 * A download file: the whole file with `Accept-Ranges: bytes`, or the one range a `Range` header asks of
 * its identity bytes (206), or 416 for a range outside it. Preconditions first, as for any file.
 */
async function downloadResponse(
  site: SiteFileHit,
  rawPath: string,
  request: HostRequest,
  deps: HandlerDeps,
): Promise<HostResponse> {
  const identity =
    request.range === undefined || site.contentEncoding === undefined
      ? site
      : ((await deps.store.getSite(rawPath, undefined)) ?? site);
  const whole = conditionalResponse(identity, site.type, request);
  Object.assign(whole.headers, DOWNLOAD_CORS_HEADERS);
  if (whole.status !== 200) return whole;
  whole.headers["Accept-Ranges"] = "bytes";
  if (request.range === undefined || !ifRangeHolds(request.ifRange, identity.etag)) return whole;
  const range = parseRange(request.range, identity.body.length);
  if (range.kind === "unsatisfiable") throw rangeNotSatisfiable(identity.body.length);
  return range.kind === "range" ? partialResponse(identity, site.type, range) : whole;
}

async function answer(resolved: ResolvedQuery, deps: HandlerDeps, request: HostRequest): Promise<HostResponse> {
  if (resolved.filePath !== undefined && deps.store.has(resolved.filePath)) {
    const hit = await deps.store.get(resolved.filePath, request.acceptEncoding);
    if (hit !== undefined) {
      rememberUrl(deps, request.url, resolved.filePath);
      return precomputedResponse(resolved.filePath, hit, request);
    }
  }
  const key = deps.liveCache === undefined ? undefined : liveCacheKey(resolved, request.acceptEncoding);
  const kept = key === undefined ? undefined : deps.liveCache?.get(key);
  if (kept !== undefined) return conditionalResponse(kept, JSON_TYPE, request);
  const live = await liveAnswer(resolved, deps, request);
  if (live.kind === "ndjson") {
    if (!ifMatchMatches(request.ifMatch, undefined)) {
      closeLines(live.lines);
      throw preconditionFailed();
    }
    // `If-None-Match: *` asks whether any representation exists, and one does: a 304, without an ETag
    // as the export has none (no listed tag can match an export that is never tagged).
    if (ifNoneMatchMatches(request.ifNoneMatch, undefined)) {
      closeLines(live.lines);
      return { status: 304, headers: { ...CORS_HEADERS, "Cache-Control": SUCCESS_CACHE_CONTROL } };
    }
    // Streamed as produced: no ETag, since the bytes are not known before they are sent; never compressed.
    return {
      status: 200,
      headers: {
        ...CORS_HEADERS,
        ...contentHeaders(live.contentType, live.link, live.total),
        "Cache-Control": SUCCESS_CACHE_CONTROL,
      },
      body: live.lines,
    };
  }
  const representation = live.representation;
  if (key !== undefined) {
    // Kept as bytes, as a file is: a string would be encoded to a new buffer on every send.
    if (typeof representation.body === "string") representation.body = Buffer.from(representation.body);
    deps.liveCache?.set(key, representation);
  }
  return conditionalResponse(representation, live.contentType, request);
}

/**
 * The live answer of a query: from the workers when the host has them (the export's lines only when
 * they will be sent), else computed here.
 */
async function liveAnswer(
  resolved: ResolvedQuery,
  deps: HandlerDeps,
  request: HostRequest,
): Promise<LiveJson | (Omit<RemoteExport, "lines"> & { lines?: HostResponse["body"] })> {
  if (deps.live !== undefined) {
    const queryAt = request.url.indexOf("?");
    const rawPath = queryAt < 0 ? request.url : request.url.slice(0, queryAt);
    const rawQuery = queryAt < 0 ? "" : request.url.slice(queryAt + 1);
    // An export answered 304 or 412, or asked with HEAD, needs its headers only: no line is produced.
    const headersOnly =
      request.method.toUpperCase() === "HEAD" ||
      (resolved.endpoint.format === "ndjson" &&
        (!ifMatchMatches(request.ifMatch, undefined) || ifNoneMatchMatches(request.ifNoneMatch, undefined)));
    const remote = await deps.live.answer(
      { rawPath, rawQuery, acceptEncoding: request.acceptEncoding, wantsBody: !headersOnly },
      request.clientAddress,
    );
    if (remote !== undefined) return remote;
  }
  return computeLive(deps.context, resolved, request.acceptEncoding);
}

/** Stops an export's lines that will not be sent (a worker drops its export). */
function closeLines(lines: HostResponse["body"]): void {
  if (lines !== undefined && typeof lines === "object" && "return" in lines && typeof lines.return === "function")
    void lines.return();
}

/** One key per canonical query and coding sent: equivalent spellings of a query share an entry. */
function liveCacheKey(resolved: ResolvedQuery, acceptEncoding: string | undefined): string {
  return `${liveCoding(acceptEncoding)} ${resolved.endpoint.id} ${resolved.publicPath} ${JSON.stringify(resolved.canonical)}`;
}

function contentHeaders(
  contentType: string,
  link: string | undefined,
  totalCount: number | undefined,
): Record<string, string> {
  const headers: Record<string, string> = { "Content-Type": contentType };
  if (link !== undefined) headers.Link = link;
  if (totalCount !== undefined) headers["X-Total-Count"] = String(totalCount);
  return headers;
}

function preflight(): HostResponse {
  return {
    status: 204,
    headers: {
      ...CORS_HEADERS,
      "Access-Control-Allow-Methods": ALLOWED_METHODS,
      "Access-Control-Allow-Headers": "If-None-Match, If-Match",
      "Access-Control-Max-Age": "86400",
      Allow: ALLOWED_METHODS,
    },
  };
}

function withRate(response: HostResponse, rate: RateDecision | undefined): HostResponse {
  if (rate !== undefined) Object.assign(response.headers, rateHeaders(rate));
  return response;
}

function rateHeaders(rate: RateDecision): Record<string, string> {
  return {
    "RateLimit-Limit": String(rate.limit),
    "RateLimit-Remaining": String(rate.remaining),
    "RateLimit-Reset": String(rate.reset),
  };
}

/**
 * The RateLimit headers of an answer made outside handleRequest (a request the HTTP parser refused):
 * the client's standing with the service its target names (`site` when it names none), not spent, as
 * for a preflight. None when the limit is off.
 */
export function refusedRequestRateHeaders(
  deps: HandlerDeps,
  target: string,
  clientAddress: string,
): Record<string, string> {
  if (deps.rateLimiter === undefined) return {};
  const url = originForm(target);
  const queryAt = url.indexOf("?");
  return rateHeaders(deps.rateLimiter.peek(`${serviceOf(queryAt < 0 ? url : url.slice(0, queryAt))}|${clientAddress}`));
}

/** Each service is limited separately; other paths share one bucket. */
function serviceOf(rawPath: string): string {
  // Read the path as the router does (segments decoded, empty ones dropped), so that spelling it
  // `/api/%64ataset/v1` or `//api/dataset/v1` does not open a fresh bucket for the same service.
  const path = `/${rawPath
    .split("/")
    .filter((segment) => segment !== "")
    .map(decodeLeniently)
    .join("/")}`;
  for (const [service, base] of Object.entries(SERVICE_BASES))
    if (path === base || path.startsWith(`${base}/`)) return service;
  return "site";
}

function decodeLeniently(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
