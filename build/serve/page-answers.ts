/**
 * The answers a browser gets for page addresses (issue 28): the one canonical spelling of a site page at
 * the root (`/methodology/`, with its trailing slash; the other spelling is a 301 to it), and an HTML 404
 * for an unknown page address outside the API base paths when the client accepts HTML. API paths keep
 * their JSON errors, and the docs pages under the API base paths keep their addresses.
 * @module
 */
import { isPageFile } from "../output-format/site-files.ts";
import { SERVICE_BASES } from "../query/services.ts";
import { HTML_TYPE } from "../publish/page-layout.ts";
import { type HostResponse } from "./response-headers.ts";
import { CORS_HEADERS } from "../output-format/http-headers.ts";

/** True for a path under one of the API base paths (or the base path itself). */
export function underApiBase(decodedPath: string): boolean {
  return Object.values(SERVICE_BASES).some((base) => decodedPath === base || decodedPath.startsWith(`${base}/`));
}

/**
 * The canonical address of a site page asked for by another spelling, or undefined when the request
 * already names it: a page at the root without its trailing slash (`/methodology` → `/methodology/`),
 * the query kept. A page's own file name (`/methodology/index.html`) and pages under the API bases are left as they are.
 * @example canonicalPageAddress("/methodology", "/methodology", "x=1", "methodology/index.html") // "/methodology/?x=1"
 */
export function canonicalPageAddress(
  rawPath: string,
  decodedPath: string,
  rawQuery: string,
  file: string,
): string | undefined {
  if (!isPageFile(file) || decodedPath.endsWith("/") || decodedPath.endsWith(".html") || underApiBase(decodedPath))
    return undefined;
  return `${rawPath}/${rawQuery === "" ? "" : `?${rawQuery}`}`;
}

/** The 301 to a page's canonical address; cacheable, as the static host's own redirect would be. */
export function movedTo(location: string): HostResponse {
  return {
    status: 301,
    headers: { ...CORS_HEADERS, Location: location, "Cache-Control": "public, max-age=300", "Content-Length": "0" },
    body: "",
  };
}

/**
 * True when a 404 should be the HTML page: the path is outside the API bases and the client names
 * `text/html` in Accept (a browser does; curl and API clients do not).
 */
export function wantsHtmlNotFound(decodedPath: string, accept: string | undefined): boolean {
  return accept !== undefined && /(^|,)\s*text\/html\s*(;|,|$)/i.test(accept) && !underApiBase(decodedPath);
}

/** The HTML 404 response of `page`. */
export function htmlNotFound(page: string): HostResponse {
  return {
    status: 404,
    headers: {
      ...CORS_HEADERS,
      "Content-Type": HTML_TYPE,
      "Cache-Control": "no-store",
      "Content-Length": String(Buffer.byteLength(page)),
    },
    body: page,
  };
}
