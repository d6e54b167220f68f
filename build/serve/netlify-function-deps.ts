/**
 * What the Netlify Function loads: the engine's compact data from dist/_engine (the dataset and the resume
 * search index, each part when first used: load-function-engine.ts), once per instance. Precomputed responses are not in the function bundle:
 * the CDN serves them, and the engine gives the same bytes for anything else.
 * @module
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { DATASET_FILE } from "../output-format/manifest.ts";
import type { Endpoint } from "../query/endpoint.ts";
import type { HandlerDeps } from "./handle-request.ts";
import { createLiveCache, DEFAULT_LIVE_CACHE_MB } from "./live-cache.ts";
import { loadFunctionEngine } from "./load-function-engine.ts";
import { EMPTY_STORE } from "./precomputed-store.ts";

/**
 * The built folder holding `_engine/`: `$API_DIST` if set, else `dist` under the working folder (where
 * Netlify puts `included_files`), else `dist` beside the project root of the calling module.
 */
export function findEngineDist(moduleUrl: string, env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): string {
  if (env.API_DIST) return path.resolve(cwd, env.API_DIST);
  const candidates = [path.resolve(cwd, "dist"), path.resolve(path.dirname(fileURLToPath(moduleUrl)), "../../dist")];
  return candidates.find((dir) => existsSync(path.join(dir, DATASET_FILE))) ?? candidates[0]!;
}

/**
 * Loads the handler's dependencies on first use and keeps them for the life of the instance; a failed
 * load is retried by the next request rather than remembered.
 */
export function loadFunctionDeps(distDir: () => string, endpoints: readonly Endpoint[]): () => Promise<HandlerDeps> {
  let loading: Promise<HandlerDeps> | undefined;
  return () => {
    // A promise, though the load is synchronous: a failure reaches the handler as a rejection, as before.
    loading ??= Promise.resolve()
      .then(() => loadFunctionEngine(distDir()))
      .then(
        (context) => ({
          context,
          endpoints,
          store: EMPTY_STORE,
          liveCache: createLiveCache(DEFAULT_LIVE_CACHE_MB * 1024 * 1024),
          logError: (error: unknown) => console.error(error),
        }),
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
    return loading;
  };
}
