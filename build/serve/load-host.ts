/**
 * Loads what the host needs from a built dist/: the engine's dataset, the resume search index and the manifest.
 * @module
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Dataset } from "../compute/dataset.ts";
import { DATASET_FILE, MANIFEST_FILE, SEARCH_FILE, type Manifest } from "../emit/plan-outputs.ts";
import { BuildError } from "../errors.ts";
import { buildEngineIndex } from "../query/engine-index.ts";
import type { EngineContext } from "../query/endpoint.ts";
import { searchIndexMatches } from "../query/resumes/resume-search.ts";
import { parseSearchIndex } from "../search/search-index-codec.ts";
import type { SearchIndex } from "../search/search-index.ts";
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
  const resumeSearch = await loadSearchIndex(distDir, dataset);
  return { context: { dataset, index: buildEngineIndex(dataset), resumeSearch }, store: createPrecomputedStore(distDir, manifest), manifest };
}

/** Loads the resume search index and checks it indexes this dataset's resumes, in this order. */
async function loadSearchIndex(distDir: string, dataset: Dataset): Promise<SearchIndex> {
  const file = path.join(distDir, SEARCH_FILE);
  let index: SearchIndex;
  try {
    index = parseSearchIndex(await readFile(file, "utf8"));
  } catch (error) {
    throw new BuildError(`Cannot read the search index ${file}: run \`npm run build\` first.`, { cause: error });
  }
  if (!searchIndexMatches(index, dataset.resumes)) throw new BuildError(`The search index ${file} does not match the dataset beside it: run \`npm run build\` again.`);
  return index;
}
