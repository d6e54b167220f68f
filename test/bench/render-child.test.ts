/**
 * The bench's render floor (scripts/bench/render-child.ts): the build's stages up to its plan, with
 * nothing written, timed stage by stage and making the files a build of the same seeds plans.
 */
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { runBuild } from "../../build/run-build.ts";
import { NETLIFY_FILE_COUNT } from "../../build/netlify/netlify-files.ts";

const SEEDS_MIN = "test/fixtures/seeds-min";

describe("render-child", () => {
  it("times load, compute, search and plan, and plans what a build of the same seeds plans", async () => {
    const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/bench/render-child.ts", SEEDS_MIN], {
      encoding: "utf8",
    });
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    const figures = JSON.parse(result.stdout.trim().split("\n").at(-1)!) as {
      stages: Record<string, number>;
      files: number;
    };
    expect(Object.keys(figures.stages)).toEqual(["load", "compute", "search", "pages", "plan"]);
    for (const ms of Object.values(figures.stages)) expect(ms).toBeGreaterThanOrEqual(0);
    // A dry run's count includes Netlify's routing files, which come after the plan.
    const dryRun = await runBuild({
      seedsDir: SEEDS_MIN,
      outDir: "/nonexistent/render-child-test",
      baseUrl: "http://127.0.0.1:8080",
      maxFiles: 20_000,
      dryRun: true,
    });
    expect(figures.files).toBe(dryRun.files - NETLIFY_FILE_COUNT);
    expect(figures.files).toBeGreaterThan(100);
  });
});
