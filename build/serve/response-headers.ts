/**
 * Headers every response carries (contract §1), and the JSON error response.
 * @module
 */
import { HttpError } from "../errors.ts";
import { JSON_TYPE, renderJson } from "../query/run-query.ts";
import { CORS_HEADERS, SUCCESS_CACHE_CONTROL } from "../output-format/http-headers.ts";

export const ALLOWED_METHODS = "GET, HEAD, OPTIONS";

export interface HostResponse {
  status: number;
  headers: Record<string, string>;
  /**
   * A whole body, or lines produced lazily (a streamed export): on this thread, or in chunks from a live
   * worker (live-pool.ts). Absent for 204/304 and HEAD.
   */
  body?: string | Buffer | Iterable<string> | AsyncIterable<Buffer>;
}

/**
 * One representation of a successful response: its bytes in one coding, their ETag and length, and
 * whether other codings of it exist (then it varies by Accept-Encoding, the identity one included).
 */
export interface Representation {
  body: string | Buffer;
  etag: string;
  bytes: number;
  contentEncoding?: string;
  vary?: boolean;
  link?: string;
  total?: number;
}

/** Headers of a representation's 200 and 304, built once per stored representation (the store hands back the same object). */
const templates = new WeakMap<Representation, { ok: Record<string, string>; notModified: Record<string, string> }>();

function templatesOf(
  representation: Representation,
  contentType: string,
): { ok: Record<string, string>; notModified: Record<string, string> } {
  const known = templates.get(representation);
  if (known !== undefined && known.ok["Content-Type"] === contentType) return known;
  const caching: Record<string, string> = { ETag: representation.etag, "Cache-Control": SUCCESS_CACHE_CONTROL };
  if (representation.vary === true) caching.Vary = "Accept-Encoding";
  const ok: Record<string, string> = { ...CORS_HEADERS, "Content-Type": contentType };
  if (representation.link !== undefined) ok.Link = representation.link;
  if (representation.total !== undefined) ok["X-Total-Count"] = String(representation.total);
  Object.assign(ok, caching, { "Content-Length": String(representation.bytes) });
  if (representation.contentEncoding !== undefined) ok["Content-Encoding"] = representation.contentEncoding;
  const made = { ok, notModified: { ...CORS_HEADERS, ...caching } };
  templates.set(representation, made);
  return made;
}

/**
 * The 200 of a representation, or its 304 when If-None-Match holds its ETag (the ETag of the coding
 * chosen for this request). Headers are a fresh copy: callers may add to them.
 */
export function representationResponse(
  representation: Representation,
  contentType: string,
  ifNoneMatch: string | undefined,
): HostResponse {
  const { ok, notModified } = templatesOf(representation, contentType);
  if (ifNoneMatch !== undefined && ifNoneMatchMatches(ifNoneMatch, representation.etag))
    return { status: 304, headers: { ...notModified } };
  return { status: 200, headers: { ...ok }, body: representation.body };
}

/** The JSON error response of an HttpError, with the contract's headers. */
export function errorResponse(error: HttpError): HostResponse {
  const body = renderJson(error.toBody());
  return {
    status: error.status,
    headers: {
      ...CORS_HEADERS,
      "Content-Type": JSON_TYPE,
      "Cache-Control": "no-store",
      ...error.headers,
      "Content-Length": String(Buffer.byteLength(body)),
    },
    body,
  };
}

/**
 * True when an If-Match header lets the request proceed (RFC 9110 §13.1.1): absent or empty, `*` (a current
 * representation exists, tagged or not), or a listed tag equal to the ETag by the strong comparison
 * (a `W/` tag never matches). A representation without an ETag (a streamed export) matches `*` only.
 * @example ifMatchMatches('"abc", W/"def"', '"def"') // false
 */
export function ifMatchMatches(header: string | undefined, etag: string | undefined): boolean {
  if (header === undefined || header.trim() === "") return true; // an empty field, as for If-None-Match, is none
  return header.split(",").some((candidate) => {
    const tag = candidate.trim();
    return tag === "*" || (etag !== undefined && tag === etag);
  });
}

/**
 * True when an If-None-Match header matches the ETag: `*`, or any listed tag, weak (`W/`) or strong.
 * A representation without an ETag (`undefined`: a streamed export) matches `*` only.
 * @example ifNoneMatchMatches('W/"abc", "def"', '"def"') // true
 */
export function ifNoneMatchMatches(header: string | undefined, etag: string | undefined): boolean {
  if (header === undefined || header === "") return false;
  return header.split(",").some((candidate) => {
    const tag = candidate.trim().replace(/^W\//i, "");
    return tag === "*" || (etag !== undefined && tag === etag);
  });
}
