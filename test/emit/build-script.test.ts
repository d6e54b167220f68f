/**
 * `npm run build`'s script (scripts/build.mjs): the build's command line from an esbuild bundle of its
 * sources (scripts/run-bundled.mjs). Its modules still find what lies beside their sources (the emit
 * threads' script, the chart renderer, the docs assets, the code the build fingerprints), so the output
 * is byte for byte the one the build run through tsx writes, and a failure is reported the same way.
 */
import { spawnSync } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createBuildCommand } from "../../build/cli.ts";
import { copySeeds, INVALID_SEEDS, SEEDS_MIN } from "../fixtures/seeds-invalid.ts";
import { hashTree } from "../fixtures/tree-hash.ts";
import { SEEDS_MIN_BASE_URL } from "../helpers/global-setup.ts";

let root: string;
// Inside the project: the bundle finds its packages from its own folder up.
const bundleDir = path.resolve("node_modules", ".cache", `build-script-test-${process.pid}`);

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "build-script-"));
  await rm(bundleDir, { recursive: true, force: true });
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
  await rm(bundleDir, { recursive: true, force: true });
});

function run(args: readonly string[]) {
  return spawnSync(process.execPath, args, { encoding: "utf8", env: { ...process.env, BUNDLE_CACHE_DIR: bundleDir } });
}

describe("scripts/build.mjs", () => {
  it("writes the same output as the build run through tsx, from a bundle it records", async () => {
    const options = ["--seeds", SEEDS_MIN, "--out", path.join(root, "bundled"), "--base-url", SEEDS_MIN_BASE_URL];
    const bundled = run(["scripts/build.mjs", ...options]);
    expect(bundled.stderr).toBe("");
    expect(bundled.status).toBe(0);

    const record = JSON.parse(await readFile(path.join(bundleDir, "build-bundle.json"), "utf8")) as {
      entry: string;
      bundle: string;
      inputs: Record<string, string>;
    };
    expect(record.entry).toBe("scripts/build.ts");
    expect(record.bundle).toMatch(/^build-[0-9a-f]{16}\.mjs$/);
    expect(Object.keys(record.inputs)).toEqual(
      expect.arrayContaining(["build/run-build.ts", "build/emit/emit-threads.ts", "build/publish/render-charts.ts"]),
    );

    // The build from its sources: the run's seeds-min build (global setup, the CLI's default file budget,
    // the same base URL), instead of a tsx build of its own (issue 29).
    const [bundledTree, sourcesTree] = await Promise.all([
      hashTree(path.join(root, "bundled")),
      hashTree(inject("seedsMinDist")),
    ]);
    expect(Object.keys(bundledTree).length).toBeGreaterThan(100);
    // Compressed variants (the emit threads), the methodology page's charts (the renderer) and the docs
    // assets are among them.
    expect(Object.keys(bundledTree).some((file) => file.endsWith(".br"))).toBe(true);
    expect(Object.keys(bundledTree).some((file) => file.includes("docs-page.css"))).toBe(true);
    expect(bundledTree).toEqual(sourcesTree);
    // The output's record of its inputs fingerprints the build's code as the build from its sources does:
    // a rebuild by either one over the other's output finds nothing to do. The CLI from its sources runs
    // in this process (as under tsx, its modules are the sources beside build/), not in a tsx child,
    // which would spend 1.85 s of CPU transpiling them (issue 29).
    const log: string[] = [];
    await createBuildCommand((line) => log.push(line)).parseAsync(options, { from: "user" });
    expect(log).toContainEqual(expect.stringMatching(new RegExp(`^Kept ${Object.keys(bundledTree).length} files`)));
  });

  it("fails on bad seeds as the build run through tsx does: exit 1, the located problem, no stack trace", async () => {
    const copy = await copySeeds(INVALID_SEEDS["duplicate-key"]!.mutations);
    try {
      const result = run(["scripts/build.mjs", "--seeds", copy.dir, "--out", path.join(root, "bad")]);
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('Duplicate key "aurora-reels"');
      expect(result.stderr).not.toMatch(/\n\s+at /);
    } finally {
      await copy.cleanup();
    }
  });
});
