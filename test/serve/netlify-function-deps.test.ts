/**
 * The Netlify Function's dependencies (build/serve/netlify-function-deps.ts): where it finds the built engine
 * data, and that a failed load is retried by the next request while a good one is kept.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, beforeEach, describe, expect, inject, it } from "vitest";
import { DATASET_FILE } from "../../build/output-format/manifest.ts";
import { findEngineDist, loadFunctionDeps } from "../../build/serve/netlify-function-deps.ts";
import { ENDPOINTS } from "../../build/query/endpoints.ts";

let root: string;

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "function-deps-"));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** A folder holding `_engine/dataset.json` (its content does not matter to findEngineDist). */
async function engineFolder(dir: string): Promise<string> {
  await mkdir(path.join(dir, path.dirname(DATASET_FILE)), { recursive: true });
  await writeFile(path.join(dir, DATASET_FILE), "{}");
  return dir;
}

describe("findEngineDist", () => {
  /** The function's module, two folders under the project root (scripts/functions/api.ts). */
  const moduleUrl = () => pathToFileURL(path.join(root, "project", "scripts", "functions", "api.mjs")).href;

  it("takes $API_DIST first, resolved against the working folder, whether or not it holds the data", async () => {
    await engineFolder(path.join(root, "work", "dist"));
    expect(findEngineDist(moduleUrl(), { API_DIST: "elsewhere/out" }, path.join(root, "work"))).toBe(
      path.join(root, "work", "elsewhere", "out"),
    );
    expect(findEngineDist(moduleUrl(), { API_DIST: "/abs/out" }, path.join(root, "work"))).toBe("/abs/out");
  });

  it("then dist/ under the working folder (where Netlify puts included_files) when it holds the data", async () => {
    await engineFolder(path.join(root, "work", "dist"));
    await engineFolder(path.join(root, "project", "dist"));
    expect(findEngineDist(moduleUrl(), {}, path.join(root, "work"))).toBe(path.join(root, "work", "dist"));
  });

  it("then dist/ beside the project root of the module (a local run from another folder)", async () => {
    await engineFolder(path.join(root, "project", "dist"));
    expect(findEngineDist(moduleUrl(), {}, path.join(root, "work"))).toBe(path.join(root, "project", "dist"));
  });

  it("with the data nowhere, names dist/ under the working folder (the load's error then says what is missing there)", () => {
    expect(findEngineDist(moduleUrl(), {}, path.join(root, "work"))).toBe(path.join(root, "work", "dist"));
  });
});

describe("loadFunctionDeps", () => {
  it("retries a failed load on the next request (a cold start that raced the deploy is not stuck failing)", async () => {
    let dist = path.join(root, "not-built-yet");
    let asked = 0;
    const deps = loadFunctionDeps(() => {
      asked += 1;
      return dist;
    }, ENDPOINTS);
    await expect(deps()).rejects.toThrow();
    dist = inject("sampleDist");
    const loaded = await deps();
    expect(loaded.endpoints).toBe(ENDPOINTS);
    expect(loaded.context.dataset.brands.length).toBeGreaterThan(0);
    expect(asked).toBe(2);
  });

  it("keeps a good load for the life of the instance: later requests get the same dependencies without reloading", async () => {
    let asked = 0;
    const deps = loadFunctionDeps(() => {
      asked += 1;
      return inject("sampleDist");
    }, ENDPOINTS);
    const [first, second] = await Promise.all([deps(), deps()]);
    expect(second).toBe(first);
    expect(await deps()).toBe(first);
    expect(asked).toBe(1);
  });
});
