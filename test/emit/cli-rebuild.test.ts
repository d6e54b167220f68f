/**
 * A rebuild through the real CLI (`npm run build`'s scripts/build.mjs) over its previous output: the previous tree is left to a detached
 * process to remove (remove-in-background.ts), which a preloaded module (spawn-log.mjs) records. The
 * previous output is a copy of the run's seeds-min build (same base URL and file budget, issue 29); the
 * rebuild under test is a real CLI run.
 */
import { spawnSync } from "node:child_process";
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runBuild } from "../../build/run-build.ts";
import { SEEDS_MIN } from "../fixtures/seeds-invalid.ts";
import { hashTree } from "../fixtures/tree-hash.ts";
import { SEEDS_MIN_BASE_URL as BASE_URL } from "../helpers/global-setup.ts";
import { copySeedsMinBuild } from "../helpers/seeds-min-build.ts";

const PRELOAD = path.resolve("test/emit/spawn-log.mjs");

let parent: string;
beforeAll(async () => {
  parent = await mkdtemp(path.join(os.tmpdir(), "cli-rebuild-"));
});
afterAll(async () => {
  await rm(parent, { recursive: true, force: true });
});

function cliBuild(seeds: string, out: string, spawnLog: string) {
  // `npm run build`'s own script (scripts/build.mjs: the CLI from its cached bundle), not tsx: the same
  // CLI without tsx's transpiling of every module at start, 1.4 s of CPU (issue 29).
  const args = ["--import", PRELOAD, "scripts/build.mjs", "--seeds", seeds, "--out", out, "--base-url", BASE_URL];
  return spawnSync(process.execPath, args, { encoding: "utf8", env: { ...process.env, SPAWN_LOG: spawnLog } });
}

describe("npm run build over a previous output", () => {
  it("swaps the new tree in and leaves the previous one to a detached process, which removes it", async () => {
    const seeds = path.join(parent, "seeds");
    await cp(SEEDS_MIN, seeds, { recursive: true });
    const out = path.join(parent, "dist");
    const spawnLog = path.join(parent, "spawned.ndjson");
    // The CLI's default file budget (20,000) and the same base URL: the output its first build writes.
    await copySeedsMinBuild(out, { withReport: true });
    const resumes = path.join(seeds, "resumes", "resumes.ndjson");
    await writeFile(resumes, (await readFile(resumes, "utf8")).replace('"title":"', '"title":"Changed: '));
    await writeFile(spawnLog, "");

    const rebuild = cliBuild(seeds, out, spawnLog);
    expect(rebuild.status, rebuild.stderr).toBe(0);

    const spawned = (await readFile(spawnLog, "utf8"))
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { command: string; args: string[]; detached: boolean });
    const removers = spawned.filter((child) => child.args[0] === "-e" && child.args[1]!.includes("rmSync"));
    expect(removers).toEqual([
      {
        command: process.execPath,
        args: ["-e", expect.any(String), expect.stringMatching(/\.dist-tmp-dist-[A-Za-z0-9]{6}$/)],
        detached: true,
      },
    ]);
    const tree = removers[0]!.args[2]!;
    expect(path.dirname(tree)).toBe(parent);
    // The test's timeout meets a removal that never ends.
    while ((await readdir(parent)).includes(path.basename(tree)))
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await readdir(parent)).sort()).toEqual(["build-report.json", "dist", "seeds", "spawned.ndjson"]);

    const fresh = path.join(parent, "fresh");
    await runBuild({ seedsDir: seeds, outDir: fresh, baseUrl: BASE_URL, maxFiles: 20_000, dryRun: false });
    expect(await hashTree(out)).toEqual(await hashTree(fresh));
  });
});
