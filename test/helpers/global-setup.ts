/**
 * Builds the committed sample once for the whole test run, into a temporary folder, and hands its path to
 * the tests (`inject("sampleDist")`); and seeds-min, which many tests need as a previous output to rebuild
 * over or a tree to serve: they copy it (`inject("seedsMinDist")`, never written to) instead of building
 * it again each (issue 29).
 */
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { runBuild } from "../../build/run-build.ts";
import { SEEDS_MIN } from "../fixtures/seeds-invalid.ts";

export const SAMPLE_BASE_URL = "http://127.0.0.1:8080";

/** The base URL of the shared seeds-min build. */
export const SEEDS_MIN_BASE_URL = "https://data.example.com";

let root: string | undefined;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  root = await mkdtemp(path.join(os.tmpdir(), "sample-dist-"));
  const outDir = path.join(root, "dist");
  const seedsMinDist = path.join(root, "seeds-min", "dist");
  // Side by side (issue 29): each build's main thread waits on its emit threads at times (the final
  // writes, the downloads' gzip on libuv's pool), and the other build's work fills those gaps.
  await Promise.all([
    runBuild({ seedsDir: "seeds", outDir, baseUrl: SAMPLE_BASE_URL, maxFiles: 20_000, dryRun: false }),
    runBuild({
      seedsDir: SEEDS_MIN,
      outDir: seedsMinDist,
      baseUrl: SEEDS_MIN_BASE_URL,
      maxFiles: 20_000,
      dryRun: false,
    }),
  ]);
  project.provide("sampleDist", outDir);
  project.provide("seedsMinDist", seedsMinDist);
  const scratch = path.join(root, "scratch");
  await mkdir(scratch);
  project.provide("scratchRoot", scratch);
  return async () => {
    if (root) await rm(root, { recursive: true, force: true });
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    sampleDist: string;
    /** seeds-min built with SEEDS_MIN_BASE_URL and maxFiles 20,000: copy it, never write into it. */
    seedsMinDist: string;
    /**
     * A folder for what a worker builds once and keeps for the files it runs after (a shared module graph
     * outlives a file): removed with the rest at the end of the run.
     */
    scratchRoot: string;
  }
}
