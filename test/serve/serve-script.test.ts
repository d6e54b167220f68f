/**
 * scripts/serve.ts's own log, as `npm start` prints it (scripts/start.mjs, the host from its bundle): the
 * folder it names is the one it serves.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { runBuild } from "../../build/run-build.ts";
import { copySeeds } from "../fixtures/seeds-invalid.ts";
import { SEEDS_MIN_BASE_URL } from "../helpers/global-setup.ts";
import { startHostProcess, type HostProcess } from "../reliability/host-process.ts";

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe("scripts/serve.ts", () => {
  // It said "dist/ was rebuilt" whatever --dist named: a publisher serving /srv/site read of another folder.
  it("names the folder given with --dist when it takes in a rebuild of it", async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), "serve-script-"));
    cleanups.push(() => rm(root, { recursive: true, force: true }));
    const seeds = await copySeeds();
    cleanups.push(seeds.cleanup);
    const site = path.join(root, "site");
    const build = () =>
      runBuild({ seedsDir: seeds.dir, outDir: site, baseUrl: SEEDS_MIN_BASE_URL, maxFiles: 20_000, dryRun: false });
    // The first build is the run's seeds-min build (the same seeds and options), copied; the rebuild is real.
    await cp(inject("seedsMinDist"), site, { recursive: true, preserveTimestamps: true });
    const host: HostProcess = await startHostProcess(site, { viaStartScript: true });
    cleanups.push(() => host.kill());
    const brands = path.join(seeds.dir, "brands", "brands.ndjson");
    await writeFile(
      brands,
      (await readFile(brands, "utf8")).replace('"name":"Alpha Casino"', '"name":"Alpha Casino Renamed"'),
    );
    await build();
    expect(await host.waitFor(/was rebuilt/, 30_000)).toBe(
      `${site} was rebuilt: serving the new build (data as of 2025-01-01T00:00:00Z).`,
    );
  });
});
