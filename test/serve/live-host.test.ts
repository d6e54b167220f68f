/**
 * The host with live workers (issue 30), over HTTP: a rebuild under live load swaps the workers' data
 * without dropping a request, and a stop lets queued live answers finish or answers them 503 within the
 * grace period, never cutting one.
 */
import { cp, readFile, writeFile } from "node:fs/promises";
import http from "node:http";
import path from "node:path";
import { afterEach, describe, expect, inject, it } from "vitest";
import { MANIFEST_FILE, type Manifest } from "../../build/output-format/manifest.ts";
import { ENDPOINTS } from "../../build/query/endpoints.ts";
import { parseQueryString } from "../../build/query/parse-query-string.ts";
import { resolveQuery } from "../../build/query/run-query.ts";
import { runBuild } from "../../build/run-build.ts";
import { startHost, type RunningHost } from "../../build/serve/start-host.ts";
import { copySeeds } from "../fixtures/seeds-invalid.ts";
import { SEEDS_MIN_BASE_URL } from "../helpers/global-setup.ts";
import { sampleContext } from "../helpers/sample-host.ts";

let cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

/** One GET, its status and whole body; a connection cut midway rejects. */
function get(url: string): Promise<{ status: number; body: string; retryAfter?: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": "identity" }, agent: false }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("error", reject);
        response.on("aborted", () => reject(new Error("connection cut")));
        response.on("end", () => {
          const body = Buffer.concat(chunks).toString("utf8");
          if (
            response.headers["content-length"] !== undefined &&
            Buffer.byteLength(body) !== Number(response.headers["content-length"])
          )
            return reject(new Error("body cut short"));
          resolve({
            status: response.statusCode ?? 0,
            body,
            retryAfter: response.headers["retry-after"] as string | undefined,
          });
        });
      })
      .on("error", reject);
  });
}

/** Whether a query is answered on the fly: its canonical query has no file in the build. */
async function isLive(dist: string, url: string): Promise<boolean> {
  const manifest = JSON.parse(await readFile(path.join(dist, MANIFEST_FILE), "utf8")) as Manifest;
  const at = url.indexOf("?");
  const resolved = resolveQuery(ENDPOINTS, url.slice(0, at), parseQueryString(url.slice(at + 1)));
  return resolved.filePath === undefined || !Object.hasOwn(manifest.files, resolved.filePath);
}

describe("a rebuild under live load", () => {
  it("answers every live query, from the build in place when it started, and the new build's data once it is in", async () => {
    const seeds = await copySeeds();
    cleanups.push(seeds.cleanup);
    const dist = path.join(path.dirname(seeds.dir), "dist");
    const build = () =>
      runBuild({ seedsDir: seeds.dir, outDir: dist, baseUrl: SEEDS_MIN_BASE_URL, maxFiles: 20_000, dryRun: false });
    // The build in place first is the run's seeds-min build (the same seeds and options), copied (issue 29).
    await cp(inject("seedsMinDist"), dist, { recursive: true, preserveTimestamps: true });
    const live = "/api/dataset/v1/brands?country=GB&status=active&per_page=7";
    expect(await isLive(dist, live)).toBe(true);
    const reloads: Manifest[] = [];
    const host: RunningHost = await startHost(
      {
        port: 0,
        host: "127.0.0.1",
        dist,
        rateLimit: 0,
        trustProxy: false,
        liveWorkers: 1,
        livePerClient: 4,
        reloadPollMs: 50,
      },
      () => {},
      (manifest) => reloads.push(manifest),
    );
    cleanups.push(() => host.close(0));
    expect((await get(`${host.url}${live}`)).body).toContain('"Alpha Casino"');

    // Live queries keep coming while the brand is renamed and dist/ rebuilt under the host.
    let loading = true;
    const answers: { status: number; body: string }[] = [];
    const load = (async () => {
      while (loading)
        answers.push(
          ...(await Promise.all([get(`${host.url}${live}`), get(`${host.url}/resume/api/v1/resumes?q=seo`)])),
        );
    })();
    const brands = path.join(seeds.dir, "brands", "brands.ndjson");
    await writeFile(
      brands,
      (await readFile(brands, "utf8")).replace('"name":"Alpha Casino"', '"name":"Alpha Casino Renamed"'),
    );
    await build();
    for (let waited = 0; reloads.length === 0 && waited < 30_000; waited += 50)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reloads).toHaveLength(1);
    loading = false;
    await load;

    expect(answers.length).toBeGreaterThan(0);
    expect(answers.map((answer) => answer.status).filter((status) => status !== 200)).toEqual([]);
    expect((await get(`${host.url}${live}`)).body).toContain('"Alpha Casino Renamed"');
  });
});

describe("a stop with live work queued", () => {
  it("finishes each queued live answer or answers it 503 with Retry-After before the grace period ends; none is cut", async () => {
    const { context } = await sampleContext();
    const countries = context.dataset.countries.map((country) => country.code);
    const host = await startHost(
      {
        port: 0,
        host: "127.0.0.1",
        dist: inject("sampleDist"),
        rateLimit: 0,
        trustProxy: false,
        liveWorkers: 1,
        livePerClient: 1,
        liveBudgetMs: 60_000,
      },
      () => {},
    );
    let closed = false;
    cleanups.push(async () => void (closed || (await host.close(0))));
    // Broad index queries (20 countries, a few MB each, under the 4 MB limit of one answer), each a distinct
    // live answer, all from one client: one computes, the others queue.
    const asked = countries
      .slice(0, 8)
      .map((_, i) =>
        get(`${host.url}/api/dataset/v1/index?country=${countries.slice(i, i + 20).join(",")}`).catch(
          (error: Error) => ({ status: 0, body: error.message, retryAfter: undefined }),
        ),
      );
    await new Promise((resolve) => setTimeout(resolve, 300));
    await host.close(1_500);
    closed = true;
    const answers = await Promise.all(asked);
    for (const answer of answers) {
      expect([200, 503], answer.body.slice(0, 200)).toContain(answer.status);
      if (answer.status === 503) {
        expect(answer.retryAfter).toBe("2");
        expect(JSON.parse(answer.body)).toMatchObject({ error: "service_unavailable", status: 503 });
      } else expect(Object.keys(JSON.parse(answer.body) as object)).toEqual(["meta", "data"]);
    }
  });
});
