/**
 * A build's swap that ends while the host is checking for it: the host read no manifest (dist/ absent,
 * between the swap's two renames), and the new output is in place by the time it asks whether a swap
 * is underway. The host must read the new output, not report dist/ absent and answer a page of the new
 * build 404. Under the whole suite on a busy machine this happened to the swap test in host-reload.test.ts
 * about one time in six; here the moment is made certain by putting the new output in place from inside
 * the host's own check.
 */
import { cp, mkdtemp, readFile, rename, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, expect, inject, it, vi } from "vitest";
import { MANIFEST_FILE, type Manifest } from "../../build/output-format/manifest.ts";
import { runBuild } from "../../build/run-build.ts";
import { etagOf } from "../../build/output-format/etag.ts";
import { startHost, type RunningHost } from "../../build/serve/start-host.ts";
import { copySeeds } from "../fixtures/seeds-invalid.ts";
import { SEEDS_MIN_BASE_URL } from "../helpers/global-setup.ts";

/** Set by the test: run once, first thing, the next time the host checks for a swap underway. */
const swapEnds = vi.hoisted(() => ({ now: undefined as (() => Promise<void>) | undefined }));
vi.mock("../../build/output-format/output-folder.ts", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../build/output-format/output-folder.ts")>();
  return {
    ...original,
    swapUnderway: async (outDir: string) => {
      const end = swapEnds.now;
      swapEnds.now = undefined;
      await end?.();
      return original.swapUnderway(outDir);
    },
  };
});

let cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

it("answers a page of the new build when the swap ends between the host's read of dist/ and its check for a swap", async () => {
  const root = await mkdtemp(path.join(os.tmpdir(), "host-swap-race-"));
  cleanups.push(() => rm(root, { recursive: true, force: true }));
  const renamed = await copySeeds([
    {
      file: "brands/brands.ndjson",
      change: (text) => text.replace('"name":"Alpha Casino"', '"name":"Alpha Casino Renamed"'),
    },
  ]);
  cleanups.push(renamed.cleanup);
  const dist = path.join(root, "dist");
  const next = path.join(root, "next");
  // seeds-min as the global setup built it (a copy: the test moves it), and a build of the renamed copy with the same options.
  await cp(inject("seedsMinDist"), dist, { recursive: true });
  await runBuild({ baseUrl: SEEDS_MIN_BASE_URL, maxFiles: 20_000, dryRun: false, seedsDir: renamed.dir, outDir: next });
  const nextManifest = JSON.parse(await readFile(path.join(next, MANIFEST_FILE), "utf8")) as Manifest;

  const host: RunningHost = await startHost(
    { port: 0, host: "127.0.0.1", dist, rateLimit: 0, trustProxy: false, reloadPollMs: 3_600_000 },
    (error) => expect.fail(String(error)),
  );
  cleanups.push(() => host.close(0));
  // The first rename of a swap, by a running build (this process stands for it); the second comes from inside the host's check.
  await rename(dist, path.join(root, `.dist-old-dist-${Date.now()}-${process.pid}`));
  swapEnds.now = () => rename(next, dist);
  const response = await fetch(`${host.url}/methodology/`, { headers: { "accept-encoding": "identity" } });
  const bytes = Buffer.from(await response.arrayBuffer());
  expect(swapEnds.now).toBeUndefined(); // the check ran, and the swap ended inside it
  expect(response.status).toBe(200);
  expect(bytes.toString("utf8")).toContain("Alpha Casino Renamed");
  expect(response.headers.get("etag")).toBe(nextManifest.site!["/methodology"]!.etag);
  expect(response.headers.get("etag")).toBe(etagOf(bytes));
});
