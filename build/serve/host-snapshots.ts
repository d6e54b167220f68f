/**
 * The data a running host serves, kept current with dist/ when it is rebuilt under it: one snapshot
 * (dataset, indexes, manifest, store, live cache) per build, each request answered from the snapshot
 * in place when it starts. A new snapshot is loaded when dist/'s manifest changes (polled) or at once
 * when a file read from disk is no longer the one its manifest describes; until it is in, requests are
 * answered from the old one, whose answers stay consistent with its own ETags.
 * @module
 */
import { unwatchFile, watchFile, type Stats } from "node:fs";
import path from "node:path";
import { MANIFEST_FILE, type Manifest } from "../output-format/manifest.ts";
import { swapUnderway } from "../output-format/output-folder.ts";
import type { HandlerDeps } from "./handle-request.ts";
import { loadHost, manifestTagOf, type LoadedHost } from "./load-host.ts";
import type { PrecomputedStore } from "./precomputed-store.ts";

/** How often dist/'s manifest is checked for a rebuild, in milliseconds. */
export const DEFAULT_RELOAD_POLL_MS = 1000;

/**
 * How long a load waits for a build's swap to put the new output in place, when it finds dist/ absent
 * between the swap's two renames (a few microseconds, longer on a busy machine).
 */
export const SWAP_WAIT_MS = 2000;

/**
 * The manifestTag of the output in place, as manifestTagOf; when dist/ is absent because a build is
 * between the two renames of its swap, the tag of the output it puts in place (waited for up to `waitMs`).
 */
async function manifestTagAfterSwap(distDir: string, waitMs: number): Promise<string | undefined> {
  const until = Date.now() + waitMs;
  for (;;) {
    const tag = await manifestTagOf(distDir);
    if (tag !== undefined || Date.now() >= until) return tag;
    // No swap underway may mean it just ended: the new output came in place after the read above
    // (a busy machine widens that moment to milliseconds). Read again rather than report dist/ absent.
    if (!(await swapUnderway(distDir))) return manifestTagOf(distDir);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

export interface HostSnapshots {
  /** The handler's dependencies for a request starting now: the latest snapshot loaded. */
  current(): HandlerDeps;
  /**
   * Loads dist/ again when its manifest is not the current snapshot's. Resolves to the new snapshot's
   * dependencies, or to undefined when dist/ is unchanged or cannot be loaded (reported to `logError`;
   * the current snapshot stays). Calls made while a load runs share it.
   */
  refresh(): Promise<HandlerDeps | undefined>;
  /** Stops watching dist/. */
  close(): void;
}

export interface SnapshotOptions {
  /** @default DEFAULT_RELOAD_POLL_MS */
  pollMs?: number;
  /** @default SWAP_WAIT_MS */
  swapWaitMs?: number;
  logError: (error: unknown) => void;
  /** Called with each manifest loaded after the first. */
  onReload?: (manifest: Manifest) => void;
}

/** Loads `distDir` (throwing as loadHost does when it cannot) and keeps the snapshot current; `depsOf` makes a snapshot's handler dependencies. */
export async function openHostSnapshots(
  distDir: string,
  depsOf: (loaded: LoadedHost) => HandlerDeps,
  options: SnapshotOptions,
): Promise<HostSnapshots> {
  let current: { tag: string; deps: HandlerDeps };
  let loading: Promise<HandlerDeps | undefined> | undefined;

  const load = async (): Promise<{ tag: string; deps: HandlerDeps; manifest: Manifest }> => {
    const own = { tag: "" };
    // A store that finds its file replaced hands over to the snapshot after it: the one already in, or the next.
    const onStale = async (): Promise<PrecomputedStore | undefined> =>
      current.tag !== own.tag ? current.deps.store : (await refresh())?.store;
    const loaded = await loadHost(distDir, { onStale });
    own.tag = loaded.manifestTag;
    return { tag: loaded.manifestTag, deps: depsOf(loaded), manifest: loaded.manifest };
  };

  const refresh = (): Promise<HandlerDeps | undefined> =>
    (loading ??= (async () => {
      try {
        // The manifest alone first: a file damaged in place must not cost a full load per request. A
        // file found missing inside a build's swap is the new build's to answer: a site page has no
        // other source (an API answer would be computed on the fly, a page would be a 404).
        const tag = await manifestTagAfterSwap(distDir, options.swapWaitMs ?? SWAP_WAIT_MS);
        if (tag === undefined || tag === current.tag) return undefined; // no output in place (yet): keep serving this one
        const next = await load();
        if (next.tag === current.tag) return undefined;
        current = next;
        options.onReload?.(next.manifest);
        return next.deps;
      } catch (error) {
        options.logError(error);
        return undefined;
      } finally {
        loading = undefined;
      }
    })());

  current = await load();
  const manifestFile = path.join(distDir, MANIFEST_FILE);
  // Polling the path, not watching the folder: a rebuild replaces the folder, which a watch would lose.
  const onChange = (now: Stats, before: Stats) => {
    if (now.ino !== 0 && (now.ino !== before.ino || now.mtimeMs !== before.mtimeMs || now.size !== before.size))
      void refresh();
  };
  watchFile(manifestFile, { persistent: false, interval: options.pollMs ?? DEFAULT_RELOAD_POLL_MS }, onChange);
  return {
    current: () => current.deps,
    refresh,
    close: () => unwatchFile(manifestFile, onChange),
  };
}
