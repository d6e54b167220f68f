/**
 * The errors the host answers around a query rather than from one: a URL too long, the rate limit, an
 * If-Match that fails, a fault of ours. Made here, beside the engine, so that the host's answers and the
 * OpenAPI document's examples of them are the same bodies.
 * @module
 */
import { HttpError } from "../errors.ts";

/** Requests per rolling minute per client and service when the host is not told otherwise (host-config.ts). */
export const DEFAULT_RATE_LIMIT = 120;

/** The rolling window the rate limit counts requests in. */
export const RATE_WINDOW_MS = 60_000;

/** The longest request target answered, in bytes; a longer one is a 414. */
export const MAX_URL_BYTES = 8 * 1024;

/** The 414 of a URL over MAX_URL_BYTES. */
export function urlTooLong(): HttpError {
  return new HttpError(414, "request_too_large", `The URL is longer than ${MAX_URL_BYTES} bytes.`);
}

/** The 429 of a client over `limit` requests in the rolling minute, free again in `reset` seconds. */
export function rateLimited(limit: number, reset: number): HttpError {
  return new HttpError(
    429,
    "rate_limited",
    `Too many requests: the limit is ${limit} per 60 seconds. Retry after ${reset} s.`,
    { retry_after: reset },
    { "Retry-After": String(reset) },
  );
}

/** The 412 of an If-Match that names no current ETag. */
export function preconditionFailed(): HttpError {
  return new HttpError(
    412,
    "precondition_failed",
    "If-Match names no current ETag of this resource (a W/ tag never matches): the request was not served.",
  );
}

/** The generic 500: never a stack trace or a path. */
export function internalError(): HttpError {
  return new HttpError(
    500,
    "internal_error",
    "Internal error: the server failed to answer this request. It has been logged.",
  );
}

/** Seconds a client refused a live answer is told to wait: about the time a queued answer takes to clear. */
export const LIVE_RETRY_AFTER_SECONDS = 2;

/**
 * The 503 of a live answer (computed on the fly) the host cannot take on now: its queue of them is full,
 * or the answer could not start within its time budget (or before the host stops). Precomputed answers are
 * never refused this way.
 */
export function serviceUnavailable(retryAfter: number = LIVE_RETRY_AFTER_SECONDS): HttpError {
  return new HttpError(
    503,
    "service_unavailable",
    `The host is too busy to compute this answer now. Retry after ${retryAfter} s.`,
    { retry_after: retryAfter },
    { "Retry-After": String(retryAfter) },
  );
}
