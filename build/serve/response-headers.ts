/**
 * Headers every response carries (contract §1), and the JSON error response.
 * @module
 */
import { HttpError } from "../errors.ts";
import { JSON_TYPE, renderJson } from "../query/run-query.ts";

export const CORS_HEADERS: Readonly<Record<string, string>> = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Expose-Headers": "ETag, Link, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After, X-Total-Count",
};

export const SUCCESS_CACHE_CONTROL = "public, max-age=300";
export const ALLOWED_METHODS = "GET, HEAD, OPTIONS";

export interface HostResponse {
  status: number;
  headers: Record<string, string>;
  /** A whole body, or lines produced lazily (a streamed export). Absent for 204/304 and HEAD. */
  body?: string | Buffer | Iterable<string>;
}

/** The JSON error response of an HttpError, with the contract's headers. */
export function errorResponse(error: HttpError): HostResponse {
  const body = renderJson(error.toBody());
  return {
    status: error.status,
    headers: { ...CORS_HEADERS, "Content-Type": JSON_TYPE, "Cache-Control": "no-store", ...error.headers, "Content-Length": String(Buffer.byteLength(body)) },
    body,
  };
}

/** The generic 500: never a stack trace or a path. */
export function internalError(): HttpError {
  return new HttpError(500, "internal_error", "Internal error: the server failed to answer this request. It has been logged.");
}

/**
 * True when an If-None-Match header matches the ETag: `*`, or any listed tag, weak (`W/`) or strong.
 * @example ifNoneMatchMatches('W/"abc", "def"', '"def"') // true
 */
export function ifNoneMatchMatches(header: string | undefined, etag: string): boolean {
  if (header === undefined || header === "") return false;
  return header.split(",").some((candidate) => {
    const tag = candidate.trim().replace(/^W\//i, "");
    return tag === "*" || tag === etag;
  });
}
