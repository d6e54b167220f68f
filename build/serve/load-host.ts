/**
 * Loads what the host needs from a built dist/: the engine's dataset, the resume search index and the manifest.
 * @module
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Dataset } from "../compute/dataset.ts";
import { parseDatasetFile } from "../output-format/dataset-file.ts";
import { outputObstacle } from "../output-format/output-folder.ts";
import { DATASET_FILE, MANIFEST_FILE, SEARCH_FILE, type Manifest } from "../output-format/manifest.ts";
import { BuildError, npmCommandFor } from "../errors.ts";
import { buildEngineIndex } from "../query/engine-index.ts";
import type { EngineContext } from "../query/endpoint.ts";
import { searchIndexMatches } from "../query/resumes/resume-search.ts";
import { parseSearchIndex } from "../search/search-index-codec.ts";
import type { SearchIndex } from "../search/search-index.ts";
import { etagOf } from "../output-format/etag.ts";
import type { SharedEngineFiles } from "./live-protocol.ts";
import { createPrecomputedStore, type PrecomputedStore, type StoreOptions } from "./precomputed-store.ts";

/** What the host serves from one built dist/: one snapshot of the data. */
export interface LoadedHost {
  context: EngineContext;
  store: PrecomputedStore;
  manifest: Manifest;
  /** The ETag of the manifest's bytes: two loads with the same tag serve the same output. */
  manifestTag: string;
  /** The dataset and search index files as read, in memory the live workers share (live-pool.ts). */
  engineFiles: SharedEngineFiles;
}

/** A build replacing dist/ while it is read, as many times as this, is reported rather than waited out. */
const MAX_ATTEMPTS = 3;

/**
 * Reads dist/'s engine files, all of one build: a rebuild swaps dist/ whole, so the manifest is read
 * before and after the rest and the reading starts over when it changed. Throws a BuildError naming
 * what is missing. `storeOptions` go to its store.
 */
export async function loadHost(distDir: string, storeOptions?: StoreOptions): Promise<LoadedHost> {
  const manifestFile = path.join(distDir, MANIFEST_FILE);
  for (let attempt = 1; ; attempt++) {
    const { text: manifestText, manifest } = await readEngineFile(distDir, manifestFile, (bytes) => {
      const text = bytes.toString("utf8");
      return { text, manifest: JSON.parse(text) as Manifest };
    }).catch(async (error: unknown) => {
      throw (await notABuild(distDir)) ?? error;
    });
    const sameBuild = async () => (await readFile(manifestFile, "utf8").catch(() => undefined)) === manifestText;
    let dataset: Dataset;
    let searchBytes: Buffer<SharedArrayBuffer>;
    let engineFiles: SharedEngineFiles;
    try {
      let datasetBytes: Buffer<SharedArrayBuffer> | undefined;
      dataset = await readEngineFile(distDir, path.join(distDir, DATASET_FILE), (bytes) =>
        parseDatasetFile((datasetBytes = shared(bytes))),
      );
      searchBytes = await readSearchFile(distDir);
      engineFiles = { dataset: datasetBytes!.buffer, search: searchBytes.buffer };
    } catch (error) {
      if (attempt < MAX_ATTEMPTS && !(await sameBuild())) continue;
      throw error;
    }
    if (!(await sameBuild())) {
      if (attempt < MAX_ATTEMPTS) continue;
      throw new BuildError(`${distDir} kept changing while it was being read: load it again once the build is done.`);
    }
    const context: EngineContext = { dataset, index: buildEngineIndex(dataset), onDemand: true };
    defineOnFirstUse(context, "resumeSearch", () => loadSearchIndex(distDir, dataset, searchBytes));
    return {
      context,
      store: createPrecomputedStore(distDir, manifest, storeOptions),
      manifest,
      manifestTag: etagOf(manifestText),
      engineFiles,
    };
  }
}

/**
 * The engine's dataset of a built folder, each resource decoded the first time it is used (issue 32): all
 * the host's loading needs of `_engine/dataset.json`, small enough to be called from a worker thread too.
 * Throws a BuildError that says to build when the file cannot be read.
 */
export function loadEngineDataset(distDir: string): Promise<Dataset> {
  return readEngineFile(distDir, path.join(distDir, DATASET_FILE), parseDatasetFile);
}

/**
 * Why `distDir` can hold no build, where a build would refuse it as its --out too (outputObstacle): a
 * file, a folder below a file, a folder of other files. Saying to build there, as for a missing or empty
 * folder, led nowhere.
 */
async function notABuild(distDir: string): Promise<BuildError | undefined> {
  const advice = "Point --dist at a build's output folder, such as dist.";
  // Unreadable: the error the host met first says more.
  const obstacle = await outputObstacle(distDir, MANIFEST_FILE).catch(() => undefined);
  if (obstacle === undefined) return undefined;
  if (obstacle.kind === "foreign")
    return new BuildError(
      `Cannot serve ${distDir}: it holds files but no ${MANIFEST_FILE}, so it is not a build's output (and a build will not replace it). ${advice}`,
    );
  return new BuildError(
    `Cannot serve ${distDir}: ${obstacle.path === path.normalize(distDir) ? "it" : obstacle.path} is a file, not a folder a build wrote. ${advice}`,
  );
}

/** The command that builds `distDir` (`dist`, build/cli.ts's default, needs no --out). */
export function buildCommandFor(distDir: string): string {
  return npmCommandFor("build", distDir, "dist");
}

/** An engine file read and parsed by `parse`; a BuildError that says to build (again) when it cannot be. */
async function readEngineFile<T>(distDir: string, file: string, parse: (bytes: Buffer) => T): Promise<T> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    throw new BuildError(`Cannot read ${file}: run \`${buildCommandFor(distDir)}\` first.`, { cause: error });
  }
  try {
    return parse(bytes);
  } catch (error) {
    throw new BuildError(`Cannot read ${file}: run \`${buildCommandFor(distDir)}\` again.`, { cause: error });
  }
}

/** Bytes copied into memory other threads can share (each file is read once, whatever the live workers). */
function shared(bytes: Buffer): Buffer<SharedArrayBuffer> {
  const copy = Buffer.from(new SharedArrayBuffer(bytes.length));
  bytes.copy(copy);
  return copy;
}

async function readSearchFile(distDir: string): Promise<Buffer<SharedArrayBuffer>> {
  const file = path.join(distDir, SEARCH_FILE);
  try {
    return shared(await readFile(file));
  } catch (error) {
    throw new BuildError(`Cannot read the search index ${file}: run \`${buildCommandFor(distDir)}\` first.`, {
      cause: error,
    });
  }
}

/**
 * Makes `context[key]` by `make` when it is first read, then keeps it (issue 32): parsing the resume search
 * index and checking it against the resumes decodes every resume, about 0.75 s of CPU of a cold start at
 * scale 16 that an answer without `q` on resumes never needs. The index and the dataset come from one build
 * (the manifest is read before and after them), so a mismatch, reported then, is a damaged dist/.
 */
export function defineOnFirstUse<K extends keyof EngineContext>(
  context: EngineContext,
  key: K,
  make: () => EngineContext[K],
): void {
  Object.defineProperty(context, key, {
    enumerable: true,
    configurable: true,
    get() {
      const value = make();
      Object.defineProperty(context, key, { value, enumerable: true, writable: true, configurable: true });
      return value;
    },
  });
}

/** Parses the resume search index and checks it indexes this dataset's resumes, in this order. */
export function loadSearchIndex(distDir: string, dataset: Dataset, bytes: Buffer): SearchIndex {
  const file = path.join(distDir, SEARCH_FILE);
  let index: SearchIndex;
  try {
    index = parseSearchIndex(bytes.toString("utf8"));
  } catch (error) {
    throw new BuildError(`Cannot read the search index ${file}: run \`${buildCommandFor(distDir)}\` first.`, {
      cause: error,
    });
  }
  if (!searchIndexMatches(index, dataset.resumes, dataset.searchSynonyms ?? []))
    throw new BuildError(
      `The search index ${file} does not match the dataset beside it: run \`${buildCommandFor(distDir)}\` again.`,
    );
  return index;
}

/** The manifestTag of the output now in dist/ (its manifest read, not parsed), or undefined when it cannot be read. */
export async function manifestTagOf(distDir: string): Promise<string | undefined> {
  const text = await readFile(path.join(distDir, MANIFEST_FILE)).catch(() => undefined);
  return text === undefined ? undefined : etagOf(text);
}
