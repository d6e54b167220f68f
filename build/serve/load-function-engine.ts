/**
 * What the Netlify function loads of a built folder (issue 32): the engine's dataset, each member read
 * from `_engine/dataset.json` and decoded the first time an answer needs it, and the resume search index,
 * read and checked the first time a `q` on resumes needs it. Unlike loadHost, it reads no manifest (the
 * CDN serves the precomputed files, so the function has no store) and copies no file for worker threads
 * (it has none): its cold start reads what its first answer uses, and little else.
 * @module
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { BuildError } from "../errors.ts";
import { readDatasetFileLazily } from "../output-format/dataset-file-ranges.ts";
import { DATASET_FILE, SEARCH_FILE } from "../output-format/manifest.ts";
import type { EngineContext } from "../query/endpoint.ts";
import { buildEngineIndex } from "../query/engine-index.ts";
import { buildCommandFor, defineOnFirstUse, loadSearchIndex } from "./load-host.ts";

/**
 * The engine context of `distDir` for the function; throws a BuildError that says to build when its
 * dataset cannot be read.
 */
export function loadFunctionEngine(distDir: string): EngineContext {
  const file = path.join(distDir, DATASET_FILE);
  let dataset;
  try {
    dataset = readDatasetFileLazily(file);
  } catch (error) {
    throw new BuildError(`Cannot read ${file}: run \`${buildCommandFor(distDir)}\` first.`, { cause: error });
  }
  const context: EngineContext = { dataset, index: buildEngineIndex(dataset), onDemand: true };
  defineOnFirstUse(context, "resumeSearch", () => loadSearchIndex(distDir, dataset, readSearchFile(distDir)));
  return context;
}

function readSearchFile(distDir: string): Buffer {
  const file = path.join(distDir, SEARCH_FILE);
  try {
    return readFileSync(file);
  } catch (error) {
    throw new BuildError(`Cannot read the search index ${file}: run \`${buildCommandFor(distDir)}\` first.`, {
      cause: error,
    });
  }
}
