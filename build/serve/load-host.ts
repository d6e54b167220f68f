/**
 * Loads what the host needs from a built dist/: the engine's dataset and the manifest.
 * @module
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Dataset } from "../compute/dataset.ts";
import { DATASET_FILE, MANIFEST_FILE, type Manifest } from "../emit/plan-outputs.ts";
import { BuildError } from "../errors.ts";
import { buildEngineIndex } from "../query/engine-index.ts";
import type { EngineContext } from "../query/endpoint.ts";
import { createPrecomputedStore, type PrecomputedStore } from "./precomputed-store.ts";

/** Reads dist/'s engine files; throws a BuildError naming what is missing. */
export async function loadHost(distDir: string): Promise<{ context: EngineContext; store: PrecomputedStore; manifest: Manifest }> {
  const read = async (file: string): Promise<unknown> => {
    try {
      return JSON.parse(await readFile(path.join(distDir, file), "utf8"));
    } catch (error) {
      throw new BuildError(`Cannot read ${path.join(distDir, file)}: run \`npm run build\` first.`, { cause: error });
    }
  };
  const dataset = (await read(DATASET_FILE)) as Dataset;
  const manifest = (await read(MANIFEST_FILE)) as Manifest;
  return { context: { dataset, index: buildEngineIndex(dataset) }, store: createPrecomputedStore(distDir, manifest), manifest };
}
