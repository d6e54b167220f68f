/**
 * loadHost reads one build's files: when a build swaps dist/ while they are read, it starts over, and
 * gives up with a clear error when dist/ keeps changing. The swap is made inside readFile, between the
 * manifest and the dataset, so the race is hit every time.
 */
import { rename } from "node:fs/promises";
import * as fsPromises from "node:fs/promises";
import { cp, mkdtemp, readFile as readText, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { DATASET_FILE, MANIFEST_FILE, SEARCH_FILE } from "../../build/output-format/manifest.ts";
import { BuildError } from "../../build/errors.ts";
import { runBuild } from "../../build/run-build.ts";
import { etagOf } from "../../build/output-format/etag.ts";
import { buildCommandFor, loadHost } from "../../build/serve/load-host.ts";
import { parseSearchIndex, serializeSearchIndex } from "../../build/search/search-index-codec.ts";
import { copySeeds } from "../fixtures/seeds-invalid.ts";
import { SEEDS_MIN_BASE_URL } from "../helpers/global-setup.ts";

vi.mock("node:fs/promises", async (importOriginal) => {
  const actual = await importOriginal<typeof import("node:fs/promises")>();
  return { ...actual, readFile: vi.fn(actual.readFile) };
});

let root: string;
/** dist/ as built from seeds-min, and a second build of it with one brand renamed. */
let dist: string;
let other: string;
let cleanupSeeds: () => Promise<void>;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "load-host-"));
  dist = path.join(root, "dist");
  other = path.join(root, "other");
  const seeds = await copySeeds();
  cleanupSeeds = seeds.cleanup;
  // seeds-min as the global setup built it (a copy: the tests swap it), and the renamed copy built with the same options.
  await cp(inject("seedsMinDist"), dist, { recursive: true });
  const brands = path.join(seeds.dir, "brands", "brands.ndjson");
  await writeFile(
    brands,
    (await readText(brands, "utf8")).replace('"name":"Alpha Casino"', '"name":"Alpha Casino Swapped"'),
  );
  await runBuild({ seedsDir: seeds.dir, outDir: other, baseUrl: SEEDS_MIN_BASE_URL, maxFiles: 20_000, dryRun: false });
});
afterAll(async () => {
  await cleanupSeeds();
  await rm(root, { recursive: true, force: true });
});

const { readFile: actualReadFile } = await vi.importActual<typeof import("node:fs/promises")>("node:fs/promises");

/** True while dist/ holds the renamed build (an odd number of swaps so far). */
let swapped = false;
/** Swaps dist/ and the other build, as a rebuild's rename does. */
async function swap(): Promise<void> {
  const aside = path.join(root, "aside");
  await rename(dist, aside);
  await rename(other, dist);
  await rename(aside, other);
  swapped = !swapped;
}

// Every test starts with the first build in dist/: the one that swaps without end leaves either build
// there, and the tests may run in any order (--sequence.shuffle).
afterEach(async () => {
  vi.mocked(fsPromises.readFile).mockImplementation(actualReadFile);
  if (swapped) await swap();
});

/** Swaps dist/ and the other build just before each of the next `times` reads of the dataset. */
function swapBeforeDatasetReads(times: number): () => number {
  let swaps = 0;
  vi.mocked(fsPromises.readFile).mockImplementation((async (
    file: Parameters<typeof fsPromises.readFile>[0],
    options?: unknown,
  ) => {
    if (swaps < times && String(file).endsWith(DATASET_FILE)) {
      swaps += 1;
      await swap();
    }
    return (actualReadFile as (file: unknown, options?: unknown) => Promise<unknown>)(file, options);
  }) as typeof fsPromises.readFile);
  return () => swaps;
}

describe("loadHost while a build swaps dist/", () => {
  it("starts over and loads the build that is in place, whole", async () => {
    const swaps = swapBeforeDatasetReads(1);
    const loaded = await loadHost(dist);
    expect(swaps()).toBe(1);
    // The manifest read first was the first build's: what came back is all the build now in dist/, the renamed one.
    expect(loaded.manifestTag).toBe(etagOf(await readText(path.join(dist, MANIFEST_FILE))));
    expect(loaded.context.dataset.brands.find((brand) => brand.slug === "alpha-casino")?.name).toBe(
      "Alpha Casino Swapped",
    );
    expect(Object.keys(loaded.manifest.files).length).toBeGreaterThan(0);
  });

  it("gives up with a clear error when dist/ changes on every read", async () => {
    swapBeforeDatasetReads(Number.POSITIVE_INFINITY);
    const failed = loadHost(dist);
    await expect(failed).rejects.toBeInstanceOf(BuildError);
    await expect(failed).rejects.toThrow(/kept changing while it was being read/);
  });
});

describe("the resume search index", () => {
  it("is parsed and checked against the resumes when first read, not at load (issue 32)", async () => {
    const loaded = await loadHost(dist);
    expect(Object.getOwnPropertyDescriptor(loaded.context, "resumeSearch")?.get).toBeTypeOf("function");
    const index = parseSearchIndex(await readText(path.join(dist, SEARCH_FILE), "utf8"));
    expect(loaded.context.resumeSearch?.ids).toEqual(index.ids);
    expect(Object.getOwnPropertyDescriptor(loaded.context, "resumeSearch")?.value).toBe(loaded.context.resumeSearch);
  });

  it("that indexes other resumes is reported when first read, with the command to build again", async () => {
    const index = parseSearchIndex(await readText(path.join(dist, SEARCH_FILE), "utf8"));
    const copy = path.join(root, "mismatched");
    await fsPromises.cp(dist, copy, { recursive: true });
    await writeFile(
      path.join(copy, SEARCH_FILE),
      serializeSearchIndex({ ...index, ids: Uint32Array.from(index.ids).reverse() }),
    );
    const loaded = await loadHost(copy);
    expect(loaded.context.dataset.resumes.length).toBe(index.ids.length);
    expect(() => loaded.context.resumeSearch).toThrow(BuildError);
    expect(() => loaded.context.resumeSearch).toThrow(
      `The search index ${path.join(copy, SEARCH_FILE)} does not match the dataset beside it: run \`npm run build -- --out ${copy}\` again.`,
    );
  });
});

describe("a folder that holds no build", () => {
  it("says how to build that folder: the default build command for dist/, with --out for any other", async () => {
    const missing = path.join(os.tmpdir(), "no-such-build-folder");
    const failed = loadHost(missing);
    await expect(failed).rejects.toBeInstanceOf(BuildError);
    await expect(failed).rejects.toThrow(
      `Cannot read ${path.join(missing, MANIFEST_FILE)}: run \`npm run build -- --out ${missing}\` first.`,
    );
    expect(buildCommandFor("dist")).toBe("npm run build");
    expect(buildCommandFor(path.resolve("dist"))).toBe("npm run build");
    expect(buildCommandFor("public/site")).toBe("npm run build -- --out public/site");
    expect(buildCommandFor("my site")).toBe("npm run build -- --out 'my site'");
  });

  // A build refuses these three as its --out, so "run npm run build -- --out <it> first" led nowhere.
  it("says a file given as the folder is not one, rather than to build into it", async () => {
    const file = path.join(root, "a-file");
    await writeFile(file, "not a build");
    await expect(loadHost(file)).rejects.toThrow(
      `Cannot serve ${file}: it is a file, not a folder a build wrote. Point --dist at a build's output folder, such as dist.`,
    );
    const below = path.join(file, "site");
    await expect(loadHost(below)).rejects.toThrow(
      `Cannot serve ${below}: ${file} is a file, not a folder a build wrote. Point --dist at a build's output folder, such as dist.`,
    );
  });

  it("says a folder of other files (the seeds, a build that lost its manifest) is not a build's output", async () => {
    const foreign = path.join(root, "foreign");
    await fsPromises.mkdir(path.join(foreign, "brands"), { recursive: true });
    await writeFile(path.join(foreign, "brands", "brands.ndjson"), "{}\n");
    await expect(loadHost(foreign)).rejects.toThrow(
      `Cannot serve ${foreign}: it holds files but no ${MANIFEST_FILE}, so it is not a build's output (and a build will not replace it). Point --dist at a build's output folder, such as dist.`,
    );
  });
});
