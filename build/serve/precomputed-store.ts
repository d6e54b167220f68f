/**
 * The precomputed files of dist/: the manifest (ETag, Link, total and compressed variants per response;
 * type per site file) in memory, file bodies read once and then kept within a memory bound. Nothing is
 * stat-ed, parsed or hashed per request: the manifest already says it all. A body read from disk is
 * checked against its manifest entry (length, then ETag) once, as it is read: a rebuild may have
 * replaced dist/ under the host, and new bytes must never go out under the old entry's headers.
 * @module
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Encoding } from "../output-format/compress-body.ts";
import { variantPath } from "../output-format/compress-body.ts";
import type { Manifest, ManifestEntry, SiteEntry } from "../output-format/manifest.ts";
import { isPageFile, namesPageFile, siteKey } from "../output-format/site-files.ts";
import { chooseEncoding } from "./choose-encoding.ts";
import { etagOf } from "../output-format/etag.ts";

/**
 * One representation of a precomputed response: `body`, `etag` and `bytes` are those of the coding
 * chosen for the request (`contentEncoding`, absent for the body as it is). `encodings` is set when
 * the response has compressed variants, so it varies by Accept-Encoding.
 */
export interface PrecomputedFile extends ManifestEntry {
  body: Buffer;
  contentEncoding?: Encoding;
  /** True when other codings of it are stored: the response varies by Accept-Encoding. */
  vary?: boolean;
}

/** A site file's representation, as for responses. */
export interface SiteFileHit extends SiteEntry {
  body: Buffer;
  contentEncoding?: Encoding;
  vary?: boolean;
}

export interface PrecomputedStore {
  has(file: string): boolean;
  /**
   * The response file in the coding `acceptEncoding` prefers among those stored, or undefined when the
   * manifest does not list it. When the disk no longer holds it as listed, the answer of `onStale`'s store
   * (the output now in place), if any. The same object comes back for the same file and coding: do not change it.
   */
  get(file: string, acceptEncoding?: string): Promise<PrecomputedFile | undefined>;
  /** The site file at a public path (`/llms.txt`, `/methodology/`, also percent-encoded: `/llms%2Etxt`), or undefined. */
  getSite(rawPath: string, acceptEncoding?: string): Promise<SiteFileHit | undefined>;
}

/** The stored codings of an entry, in preference order. */
function availableOf(entry: ManifestEntry | SiteEntry): Encoding[] {
  const encodings = entry.encodings;
  if (encodings === undefined) return [];
  return (["br", "gzip"] as const).filter((encoding) => encodings[encoding] !== undefined);
}

export interface StoreOptions {
  /** Bodies kept in memory, in bytes (least recently used out first). @default 256 MiB */
  maxCachedBytes?: number;
  /**
   * Called when a file on disk is missing or no longer the one the manifest describes (dist/ was rebuilt):
   * resolves to the store of the output now in place, which answers instead, or to undefined. The file
   * is then read once more, as the same output may be back in place (a swap of identical bytes, read
   * between its two renames), and if still not as listed treated as absent: a query is computed on the
   * fly from this store's snapshot.
   */
  onStale?: () => Promise<PrecomputedStore | undefined>;
}

/** What `represent` gives for a file the disk no longer holds as the manifest describes it. */
const STALE = Symbol("stale");

/** A store over `distDir` described by `manifest`. */
export function createPrecomputedStore(
  distDir: string,
  manifest: Manifest,
  options: StoreOptions = {},
): PrecomputedStore {
  const { maxCachedBytes = 256 * 1024 * 1024, onStale } = options;
  const cache = new Map<string, PrecomputedFile | SiteFileHit>();
  let cachedBytes = 0;
  const site = manifest.site ?? {};
  const available = new Map<ManifestEntry | SiteEntry, Encoding[]>();

  const remember = (key: string, hit: PrecomputedFile | SiteFileHit): void => {
    cache.set(key, hit);
    cachedBytes += hit.body.length;
    for (const [oldest, old] of cache) {
      if (cachedBytes <= maxCachedBytes) break;
      cache.delete(oldest);
      cachedBytes -= old.body.length;
    }
  };

  /** The representation of `entry` (stored at `file`) for this Accept-Encoding, from memory or disk; STALE when the disk no longer has it. */
  const represent = async (
    file: string,
    entry: ManifestEntry | SiteEntry,
    acceptEncoding: string | undefined,
  ): Promise<PrecomputedFile | SiteFileHit | typeof STALE> => {
    let codings = available.get(entry);
    if (codings === undefined) available.set(entry, (codings = availableOf(entry)));
    const chosen = chooseEncoding(acceptEncoding, codings);
    const stored = chosen === "identity" ? file : variantPath(file, chosen);
    const hit = cache.get(stored);
    if (hit !== undefined) {
      cache.delete(stored); // re-insert: Map order is the recency order
      cache.set(stored, hit);
      return hit;
    }
    const variant = chosen === "identity" ? undefined : entry.encodings![chosen]!;
    const expected = variant ?? entry;
    let body: Buffer;
    try {
      body = await readFile(path.join(distDir, stored));
    } catch {
      return STALE;
    }
    if (body.length !== expected.bytes || etagOf(body) !== expected.etag) return STALE;
    const vary = codings.length > 0;
    const made =
      variant === undefined
        ? { ...entry, body, vary }
        : { ...entry, etag: variant.etag, bytes: variant.bytes, body, contentEncoding: chosen as Encoding, vary };
    remember(stored, made);
    return made;
  };

  return {
    has: (file) => Object.hasOwn(manifest.files, file),
    async get(file, acceptEncoding) {
      const entry = Object.hasOwn(manifest.files, file) ? manifest.files[file] : undefined;
      if (entry === undefined) return undefined;
      const hit = await represent(file, entry, acceptEncoding);
      if (hit !== STALE) return hit as PrecomputedFile;
      const next = await onStale?.();
      if (next !== undefined) return next.get(file, acceptEncoding);
      const again = await represent(file, entry, acceptEncoding); // the same output may be back in place
      return again !== STALE ? (again as PrecomputedFile) : undefined;
    },
    async getSite(rawPath, acceptEncoding) {
      const decoded = decodedPath(rawPath);
      if (decoded === undefined) return undefined; // the router answers a malformed encoding (400)
      const key = siteKey(decoded);
      const entry = Object.hasOwn(site, key) ? site[key] : undefined;
      if (entry === undefined) return undefined;
      // `/index.html` is a page's own file name: after another file's path (`/llms.txt/index.html`) it names no file.
      if (namesPageFile(decoded) && !isPageFile(entry.file)) return undefined;
      const hit = await represent(entry.file, entry, acceptEncoding);
      if (hit !== STALE) return hit as SiteFileHit;
      const next = await onStale?.();
      if (next !== undefined) return next.getSite(rawPath, acceptEncoding);
      const again = await represent(entry.file, entry, acceptEncoding);
      return again !== STALE ? (again as SiteFileHit) : undefined;
    },
  };
}

/**
 * A request path percent-decoded as a whole, as the router reads it (routes.ts) and as a CDN does before
 * its static lookup: `/llms%2Etxt` is `/llms.txt`. Undefined for a malformed encoding.
 */
function decodedPath(rawPath: string): string | undefined {
  if (!rawPath.includes("%")) return rawPath;
  try {
    return decodeURIComponent(rawPath);
  } catch {
    return undefined;
  }
}

/** A store with no files: every query goes to the engine (tests of the live path). */
export const EMPTY_STORE: PrecomputedStore = {
  has: () => false,
  get: async () => undefined,
  getSite: async () => undefined,
};
