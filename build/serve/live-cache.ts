/**
 * The answers the engine computed on the fly, kept in memory within a byte bound, least recently used
 * out first. The dataset never changes while a host runs, so a kept answer stays exact; a popular
 * query outside the precomputed key space is then served like a file (issue 7).
 * @module
 */
import type { Representation } from "./response-headers.ts";

export interface LiveCache {
  get(key: string): Representation | undefined;
  /** Keeps `representation` unless it alone would take more than an eighth of the bound. */
  set(key: string, representation: Representation): void;
  /** Bytes held now (bodies and keys). */
  readonly bytes: number;
  readonly size: number;
}

/** 64 MiB: thousands of typical pages, well under the host's resident memory. */
export const DEFAULT_LIVE_CACHE_MB = 64;

/** A cache holding at most `maxBytes` of bodies and keys; `maxBytes` 0 gives none (undefined). */
export function createLiveCache(maxBytes: number): LiveCache | undefined {
  if (maxBytes <= 0) return undefined;
  // A Map iterates in insertion order: re-inserting on each hit makes its first key the least recently used.
  const entries = new Map<string, Representation>();
  let bytes = 0;
  const sizeOf = (key: string, representation: Representation) => key.length * 2 + representation.bytes;
  const remove = (key: string, representation: Representation) => {
    entries.delete(key);
    bytes -= sizeOf(key, representation);
  };
  return {
    get(key) {
      const found = entries.get(key);
      if (found !== undefined) {
        entries.delete(key);
        entries.set(key, found);
      }
      return found;
    },
    set(key, representation) {
      const size = sizeOf(key, representation);
      if (size > maxBytes / 8) return; // one huge answer must not flush everything else
      const previous = entries.get(key);
      if (previous !== undefined) remove(key, previous);
      entries.set(key, representation);
      bytes += size;
      for (const [oldest, kept] of entries) {
        if (bytes <= maxBytes) break;
        remove(oldest, kept);
      }
    },
    get bytes() {
      return bytes;
    },
    get size() {
      return entries.size;
    },
  };
}
