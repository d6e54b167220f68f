/**
 * Headers every successful answer carries (contract §1), whoever serves it: the Node host, the Netlify
 * function, or the CDN through the build's _headers.
 * @module
 */

export const CORS_HEADERS: Readonly<Record<string, string>> = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Expose-Headers":
    "ETag, Link, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After, X-Total-Count",
};

/**
 * The CORS headers of a download file (issue 28): a browser client reading a Parquet file by ranges
 * (DuckDB-Wasm, hyparquet) must see `Content-Range` and `Accept-Ranges`, which CORS hides unless exposed;
 * `Content-Length` is safelisted by the Fetch standard but named for older clients.
 */
export const DOWNLOAD_CORS_HEADERS: Readonly<Record<string, string>> = {
  ...CORS_HEADERS,
  "Access-Control-Expose-Headers": `${CORS_HEADERS["Access-Control-Expose-Headers"]}, Accept-Ranges, Content-Length, Content-Range`,
};

/** Whether a site file is a download answering ranges: every file of the downloads folder but its pages. */
export function answersRanges(file: string): boolean {
  return file.startsWith("downloads/") && !file.endsWith(".html");
}

export const SUCCESS_CACHE_CONTROL = "public, max-age=300";
