/**
 * A rebuild of dist/ under a running host: every answer stays one build's bytes under that build's
 * headers (a body read from the new tree never goes out under the old manifest's Content-Length and
 * ETag), and the host takes the new build in by itself, without a restart.
 */
import { appendFile, cp, mkdtemp, readFile, rename, rm, writeFile } from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { MANIFEST_FILE, type Manifest } from "../../build/output-format/manifest.ts";
import { runBuild } from "../../build/run-build.ts";
import { etagOf } from "../../build/output-format/etag.ts";
import type { HandlerDeps } from "../../build/serve/handle-request.ts";
import { openHostSnapshots } from "../../build/serve/host-snapshots.ts";
import { startHost, type RunningHost } from "../../build/serve/start-host.ts";
import { copySeeds, SEEDS_MIN } from "../fixtures/seeds-invalid.ts";
import { SEEDS_MIN_BASE_URL } from "../helpers/global-setup.ts";
import { copySeedsMinBuild } from "../helpers/seeds-min-build.ts";

const CARD = "/api/dataset/v1/brands/alpha-casino";
const CARD_FILE = "responses/api/dataset/v1/brands/alpha-casino/index.json";
const LIST = "/api/dataset/v1/brands";
const NEW_NAME = "Alpha Casino Renamed After The First Build";

let cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

const build = (seedsDir: string, outDir: string) =>
  runBuild({ seedsDir, outDir, baseUrl: SEEDS_MIN_BASE_URL, maxFiles: 20_000, dryRun: false });

/** Renames the brand Alpha Casino in a seeds folder. */
async function renameBrand(seedsDir: string): Promise<void> {
  const brands = path.join(seedsDir, "brands", "brands.ndjson");
  await writeFile(brands, (await readFile(brands, "utf8")).replace('"name":"Alpha Casino"', `"name":"${NEW_NAME}"`));
}

/**
 * seeds-min as built (the run's, global setup) and built renamed (once for the file) (issue 29): a test's
 * first build and the builds it swaps in by hand are copies of them (modification times kept). Rebuilds
 * over a dist/ that a running host serves are real runs; a build that appears where dist/ was removed is
 * a copy renamed into place, all that a build does there (issue 29).
 */
let shared: string;
let built: { plain: string; renamed: string };
beforeAll(async () => {
  shared = await mkdtemp(path.join(os.tmpdir(), "host-reload-"));
  const seeds = path.join(shared, "seeds");
  await cp(SEEDS_MIN, seeds, { recursive: true });
  built = { plain: inject("seedsMinDist"), renamed: path.join(shared, "renamed", "dist") };
  await renameBrand(seeds);
  await build(seeds, built.renamed);
});
afterAll(async () => {
  await rm(shared, { recursive: true, force: true });
});

/** seeds-min built into a temporary dist/, and a function renaming one brand and building again. */
async function builtSite(): Promise<{
  dist: string;
  rebuildRenamed: () => Promise<void>;
  buildRenamedBeside: (same?: boolean) => Promise<string>;
}> {
  const seeds = await copySeeds();
  cleanups.push(seeds.cleanup);
  const dist = path.join(path.dirname(seeds.dir), "dist");
  await copySeedsMinBuild(dist); // built.plain, copied synchronously: a quarter of fs.cp's CPU (issue 29)
  return {
    dist,
    rebuildRenamed: async () => {
      await renameBrand(seeds.dir);
      await build(seeds.dir, dist);
    },
    /** The renamed build (or, `same`, the build again) written into a folder beside dist/ (returned), for a test to swap in by hand. */
    buildRenamedBeside: async (same = false) => {
      const next = path.join(path.dirname(dist), "next");
      await cp(same ? built.plain : built.renamed, next, { recursive: true, preserveTimestamps: true });
      return next;
    },
  };
}

async function serve(
  dist: string,
  reloadPollMs: number,
  swapWaitMs?: number,
): Promise<{ host: RunningHost; errors: unknown[]; reloads: Manifest[] }> {
  const errors: unknown[] = [];
  const reloads: Manifest[] = [];
  const host = await startHost(
    { port: 0, host: "127.0.0.1", dist, rateLimit: 0, trustProxy: false, reloadPollMs, swapWaitMs },
    (error) => errors.push(error),
    (manifest) => reloads.push(manifest),
  );
  cleanups.push(() => host.close(0));
  return { host, errors, reloads };
}

/** One GET with the bytes as sent (never decoded): their length and ETag are what is checked. */
function get(
  host: RunningHost,
  url: string,
  encoding = "identity",
): Promise<{ status: number; etag: string | undefined; length: number; text: string; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${host.url}${url}`, { headers: { "accept-encoding": encoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", reject);
      response.on("end", () => {
        const bytes = Buffer.concat(chunks);
        const text = (response.headers["content-encoding"] === "br" ? brotliDecompressSync(bytes) : bytes).toString(
          "utf8",
        );
        resolve({
          status: response.statusCode ?? 0,
          etag: response.headers.etag,
          length: Number(response.headers["content-length"]),
          text,
          bytes,
        });
      });
    });
    request.on("error", reject);
  });
}

const manifestOf = async (dist: string): Promise<Manifest> =>
  JSON.parse(await readFile(path.join(dist, MANIFEST_FILE), "utf8")) as Manifest;

async function eventually(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error("the host did not take the rebuild in");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("a host over a dist/ rebuilt under it", () => {
  it("answers a file it had not read yet from the new build, with that build's length and ETag, and then takes the whole build in", async () => {
    const site = await builtSite();
    // Polling off for the test's length: only reading a replaced file can reveal the rebuild.
    const { host, errors, reloads } = await serve(site.dist, 3_600_000);
    const listBefore = await get(host, LIST);
    expect(listBefore.text).toContain('"Alpha Casino"');
    await site.rebuildRenamed();
    const next = await manifestOf(site.dist);

    const card = await get(host, CARD);
    expect(card.status).toBe(200);
    expect(card.text).toContain(NEW_NAME);
    expect(card.length).toBe(card.bytes.length);
    expect(card.etag).toBe(etagOf(card.bytes));
    expect(card.etag).toBe(next.files[CARD_FILE]!.etag);
    // The list was in memory from the old build; the snapshot it belonged to has been replaced since.
    const listAfter = await get(host, LIST);
    expect(listAfter.text).toContain(NEW_NAME);
    expect(listAfter.etag).toBe(etagOf(listAfter.bytes));
    expect(listAfter.etag).not.toBe(listBefore.etag);
    expect(reloads).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  it("serves a compressed variant and a site page of the new build under their own ETags", async () => {
    const site = await builtSite();
    const { host, errors } = await serve(site.dist, 3_600_000);
    await site.rebuildRenamed();
    const next = await manifestOf(site.dist);
    const brotli = await get(host, CARD, "br");
    expect(brotli.text).toContain(NEW_NAME);
    expect(brotli.etag).toBe(next.files[CARD_FILE]!.encodings!.br!.etag);
    expect(brotli.etag).toBe(etagOf(brotli.bytes));
    expect(brotli.length).toBe(brotli.bytes.length);
    const page = await get(host, "/methodology/");
    expect(page.status).toBe(200);
    expect(page.text).toContain(NEW_NAME);
    expect(page.etag).toBe(etagOf(page.bytes));
    expect(errors).toEqual([]);
  });

  it("notices a rebuild by itself: answers in memory and answers computed on the fly come from the new build", async () => {
    const site = await builtSite();
    const { host, errors, reloads } = await serve(site.dist, 50);
    expect((await get(host, LIST)).text).toContain('"Alpha Casino"');
    // Free text: computed on the fly and kept in the live cache.
    const live = `${LIST}?q=alpha&per_page=7`;
    expect((await get(host, live)).text).toContain('"Alpha Casino"');
    await site.rebuildRenamed();
    await eventually(async () => (await get(host, LIST)).text.includes(NEW_NAME));
    const liveAfter = await get(host, live);
    expect(liveAfter.text).toContain(NEW_NAME);
    expect(liveAfter.etag).toBe(etagOf(liveAfter.bytes));
    expect(reloads).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  it.each([
    ["a new build", false],
    ["the same output again (a build whose code changed, not its bytes)", true],
  ])(
    "answers a page not read yet when asked inside a swap of %s, between its two renames, instead of a 404",
    async (_, same) => {
      const site = await builtSite();
      const next = await site.buildRenamedBeside(same);
      const nextManifest = await manifestOf(next);
      // A wait far longer than the host's 2 s: on a busy machine (the whole suite at once) the test's own
      // renames can take that long, and the wait, not its length, is what is tested.
      const { host, errors } = await serve(site.dist, 3_600_000, 60_000);
      // The state publish-atomically's commit() leaves between its renames: the old tree set aside by a
      // running build (this process stands for it), the new one not yet in place.
      await rename(site.dist, path.join(path.dirname(site.dist), `.dist-old-dist-${Date.now()}-${process.pid}`));
      const page = get(host, "/methodology/");
      await new Promise((resolve) => setTimeout(resolve, 300));
      await rename(next, site.dist);
      const answered = await page;
      expect(answered.status).toBe(200);
      expect(answered.text.includes(NEW_NAME)).toBe(!same);
      expect(answered.etag).toBe(nextManifest.site!["/methodology"]!.etag);
      expect(answered.etag).toBe(etagOf(answered.bytes));
      expect(errors).toEqual([]);
    },
  );

  it("keeps answering from the build it holds while dist/ is gone, with the same bytes, and takes the next build in", async () => {
    const site = await builtSite();
    const before = await manifestOf(site.dist);
    const { host, errors, reloads } = await serve(site.dist, 50);
    await rm(site.dist, { recursive: true });
    // Not in memory and no longer on disk: computed on the fly, the same bytes as the file had.
    const card = await get(host, CARD);
    expect(card.status).toBe(200);
    expect(card.etag).toBe(before.files[CARD_FILE]!.etag);
    expect(card.text).toContain('"Alpha Casino"');
    // The next build, put in place as a build's last step does where no dist/ is left: one rename of the
    // whole tree (the renamed build, copied beside it), not a build of its own (1.5 s of CPU, issue 29).
    await rename(await site.buildRenamedBeside(), site.dist);
    await eventually(async () => (await get(host, CARD)).text.includes(NEW_NAME));
    expect(reloads).toHaveLength(1);
    expect(errors).toEqual([]);
  });
});

describe("openHostSnapshots", () => {
  const depsOf = ({
    context,
    store,
  }: {
    context: HandlerDeps["context"];
    store: HandlerDeps["store"];
  }): HandlerDeps => ({ context, store, endpoints: [] });

  it("loads nothing again while dist/ is unchanged, and keeps its snapshot when the new one cannot be loaded", async () => {
    const site = await builtSite();
    const errors: unknown[] = [];
    const snapshots = await openHostSnapshots(site.dist, depsOf, {
      pollMs: 3_600_000,
      logError: (error) => errors.push(error),
    });
    cleanups.push(async () => snapshots.close());
    const first = snapshots.current();
    expect(await snapshots.refresh()).toBeUndefined();
    expect(snapshots.current()).toBe(first);
    // A half-written output: another manifest, an unreadable dataset.
    await writeFile(path.join(site.dist, "_engine", "dataset.json"), "{");
    await appendFile(path.join(site.dist, MANIFEST_FILE), " ");
    expect(await snapshots.refresh()).toBeUndefined();
    expect(snapshots.current()).toBe(first);
    expect(String(errors[0])).toMatch(/Cannot read .*dataset\.json/);
  });

  it("shares one load between the calls made while it runs", async () => {
    const site = await builtSite();
    const snapshots = await openHostSnapshots(site.dist, depsOf, {
      pollMs: 3_600_000,
      logError: (error) => expect.fail(String(error)),
    });
    cleanups.push(async () => snapshots.close());
    // No host runs here: the renamed build is swapped in whole, as a build's last rename does (issue 29).
    const next = await site.buildRenamedBeside();
    await rm(site.dist, { recursive: true });
    await rename(next, site.dist);
    const [one, two] = await Promise.all([snapshots.refresh(), snapshots.refresh()]);
    expect(one).toBeDefined();
    expect(two).toBe(one);
    expect(snapshots.current()).toBe(one);
    expect(snapshots.current().context.dataset.brands.find((brand) => brand.slug === "alpha-casino")?.name).toBe(
      NEW_NAME,
    );
  });
});
