/**
 * Builds the committed sample once for the whole test run, into a temporary folder,
 * and hands its path to the tests (`inject("sampleDist")`).
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { runBuild } from "../../build/run-build.ts";

export const SAMPLE_BASE_URL = "http://127.0.0.1:8080";

let root: string | undefined;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  root = await mkdtemp(path.join(os.tmpdir(), "sample-dist-"));
  const outDir = path.join(root, "dist");
  await runBuild({ seedsDir: "seeds", outDir, baseUrl: SAMPLE_BASE_URL, maxFiles: 20_000, dryRun: false });
  project.provide("sampleDist", outDir);
  return async () => {
    if (root) await rm(root, { recursive: true, force: true });
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    sampleDist: string;
  }
}
