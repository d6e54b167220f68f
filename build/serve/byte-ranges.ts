/**
 * Range requests on download files (issue 28), as a CDN answers them: DuckDB, pandas (fsspec) and
 * hyparquet read a Parquet file over HTTP by ranges, its footer first. One range per request (a server may
 * ignore the rest of RFC 9110 §14: several ranges get the whole file), on the identity coding only.
 * @module
 */
import { HttpError } from "../errors.ts";
import { DOWNLOAD_CORS_HEADERS, SUCCESS_CACHE_CONTROL } from "../output-format/http-headers.ts";
import type { HostResponse } from "./response-headers.ts";

/** A satisfiable single range, both ends inclusive; `none` to send the whole file; `unsatisfiable` for a 416. */
export type RangeAnswer = { kind: "range"; start: number; end: number } | { kind: "none" } | { kind: "unsatisfiable" };

/**
 * The range a `Range` header asks of a file of `size` bytes (RFC 9110 §14.1.2): `bytes=0-99`, `bytes=100-`
 * or the last bytes `bytes=-500`. A header of another unit, a malformed one or several ranges are ignored
 * (`none`, the whole file), as RFC 9110 allows; a range starting past the end, or the last 0 bytes, is unsatisfiable.
 * @example parseRange("bytes=-8", 100) // { kind: "range", start: 92, end: 99 }
 */
export function parseRange(header: string, size: number): RangeAnswer {
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (match === null) return { kind: "none" };
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return { kind: "none" };
  if (first === "") {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: "unsatisfiable" };
    return { kind: "range", start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (last !== "" && Number(last) < start) return { kind: "none" }; // an invalid range-spec: the header is ignored
  if (start >= size) return { kind: "unsatisfiable" };
  return { kind: "range", start, end: last === "" ? size - 1 : Math.min(Number(last), size - 1) };
}

/** Whether `If-Range` lets the range apply: absent, or the file's current strong ETag. */
export function ifRangeHolds(ifRange: string | undefined, etag: string): boolean {
  return ifRange === undefined || ifRange.trim() === etag;
}

/** The 416 of a range outside the file, with the file's size in `Content-Range`. */
export function rangeNotSatisfiable(size: number): HttpError {
  return new HttpError(
    416,
    "range_not_satisfiable",
    `The Range asks for bytes outside the file, which has ${size} bytes.`,
    { size },
    { ...DOWNLOAD_CORS_HEADERS, "Content-Range": `bytes */${size}`, "Accept-Ranges": "bytes" },
  );
}

/** The 206 of one range of a file's identity bytes. */
export function partialResponse(
  file: { body: Buffer; etag: string },
  contentType: string,
  range: { start: number; end: number },
): HostResponse {
  const size = file.body.length;
  return {
    status: 206,
    headers: {
      ...DOWNLOAD_CORS_HEADERS,
      "Content-Type": contentType,
      ETag: file.etag,
      "Cache-Control": SUCCESS_CACHE_CONTROL,
      "Accept-Ranges": "bytes",
      "Content-Range": `bytes ${range.start}-${range.end}/${size}`,
      "Content-Length": String(range.end - range.start + 1),
    },
    body: file.body.subarray(range.start, range.end + 1),
  };
}
