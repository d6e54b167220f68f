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

export const SUCCESS_CACHE_CONTROL = "public, max-age=300";
