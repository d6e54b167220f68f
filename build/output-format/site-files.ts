/**
 * Site files: pages and downloads served at their own public path (`/`, `/llms.txt`, `/methodology`,
 * `/downloads/brands.ndjson.gz`, docs assets), unlike API responses, which live under responses/.
 * A static host serves them as they are; the Node host finds them through the manifest.
 * @module
 */
import type { EngineContext } from "../query/endpoint.ts";

export interface SiteFile {
  /** The public URL path, e.g. `/methodology` or `/downloads/brands.ndjson.gz`. */
  urlPath: string;
  /** Where the file sits under dist/, e.g. `methodology/index.html`. */
  file: string;
  contentType: string;
  /**
   * Its bytes, or their promise: a page that waits on slow work (chart rendering, download archives)
   * is listed at once and finished while the build renders responses (issue 7).
   */
  body: SiteBody | Promise<SiteBody>;
}

export type SiteBody = string | Buffer;

/** Makes some site files from the computed dataset (and, for docs, from the endpoint registry). */
export type SiteProducer = (context: EngineContext) => SiteFile[];

/** The dist/ file of a page path: `/` → `index.html`, `/methodology` → `methodology/index.html`. */
export function pageFile(urlPath: string): string {
  const trimmed = urlPath.replace(/^\/+|\/+$/g, "");
  return trimmed === "" ? "index.html" : `${trimmed}/index.html`;
}

const PAGE_FILE_SUFFIX = "/index.html";
const SLASH = 0x2f;

/** Whether a request path ends in a page's own file name (`/downloads/index.html`), which siteKey drops. */
export function namesPageFile(rawPath: string): boolean {
  return rawPath.endsWith(PAGE_FILE_SUFFIX);
}

/** Whether a site file is a page (`pageFile`'s names): only a page is also reached with its file name. */
export function isPageFile(file: string): boolean {
  return file === "index.html" || file.endsWith(PAGE_FILE_SUFFIX);
}

/**
 * Normalises a request path for site lookup: one leading slash, no trailing slash (except `/`), and a
 * page's own file name dropped (`/downloads/index.html` is `/downloads`, as a static host serves it).
 */
export function siteKey(rawPath: string): string {
  const path = namesPageFile(rawPath) ? rawPath.slice(0, -PAGE_FILE_SUFFIX.length) : rawPath;
  // A loop, not /\/+$/: that regex backtracks quadratically on a run of slashes not at the end, and
  // the host runs this on every request path (8 KiB of `/` then `x` cost some 100 ms of CPU).
  let end = path.length;
  while (end > 0 && path.charCodeAt(end - 1) === SLASH) end -= 1;
  return end === 0 ? "/" : path.slice(0, end);
}
