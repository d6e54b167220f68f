/**
 * The precomputed files of dist/: the manifest (ETag, Link, total per response; type per site file)
 * in memory, file bodies read once and then kept within a memory bound.
 * @module
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Manifest, ManifestEntry, SiteEntry } from "../emit/plan-outputs.ts";
import { siteKey } from "../emit/site-files.ts";

export interface PrecomputedFile extends ManifestEntry {
  body: Buffer;
}

export interface SiteFileHit extends SiteEntry {
  body: Buffer;
}

export interface PrecomputedStore {
  has(file: string): boolean;
  /** The response file and its headers, or undefined when it is not (or no longer) on disk. */
  get(file: string): Promise<PrecomputedFile | undefined>;
  /** The site file at a public path (`/llms.txt`, `/methodology/`), or undefined. */
  getSite(rawPath: string): Promise<SiteFileHit | undefined>;
}

/** A store over `distDir`; keeps at most `maxCachedBytes` of bodies in memory (least recently used out first). */
export function createPrecomputedStore(distDir: string, manifest: Manifest, maxCachedBytes = 256 * 1024 * 1024): PrecomputedStore {
  const cache = new Map<string, Buffer>();
  let cachedBytes = 0;
  const site = manifest.site ?? {};

  const read = async (file: string): Promise<Buffer | undefined> => {
    let body = cache.get(file);
    if (body !== undefined) {
      cache.delete(file); // re-insert: Map order is the recency order
      cache.set(file, body);
      return body;
    }
    try {
      body = await readFile(path.join(distDir, file));
    } catch {
      return undefined;
    }
    cache.set(file, body);
    cachedBytes += body.length;
    for (const [oldest, buffer] of cache) {
      if (cachedBytes <= maxCachedBytes) break;
      cache.delete(oldest);
      cachedBytes -= buffer.length;
    }
    return body;
  };

  return {
    has: (file) => Object.hasOwn(manifest.files, file),
    async get(file) {
      const entry = Object.hasOwn(manifest.files, file) ? manifest.files[file] : undefined;
      if (entry === undefined) return undefined;
      const body = await read(file);
      return body === undefined ? undefined : { ...entry, body };
    },
    async getSite(rawPath) {
      const key = siteKey(rawPath);
      const entry = Object.hasOwn(site, key) ? site[key] : undefined;
      if (entry === undefined) return undefined;
      const body = await read(entry.file);
      return body === undefined ? undefined : { ...entry, body };
    },
  };
}

/** A store with no files: every query goes to the engine (tests of the live path). */
export const EMPTY_STORE: PrecomputedStore = { has: () => false, get: async () => undefined, getSite: async () => undefined };
