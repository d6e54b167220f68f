/**
 * The whole benchmark, phase by phase; every process it starts is stopped and every temporary folder
 * removed, whatever fails.
 * @module
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { MANIFEST_FILE, type Manifest } from "../../build/output-format/manifest.ts";
import { ENDPOINTS } from "../../build/query/endpoints.ts";
import { prepareContext } from "../../build/run-build.ts";
import { loadHost } from "../../build/serve/load-host.ts";
import type { HandlerDeps } from "../../build/serve/handle-request.ts";
import { EMPTY_STORE } from "../../build/serve/precomputed-store.ts";
import { sampleBuildFigures, scaleFigures } from "./build-figures.ts";
import {
  measureExportMemory,
  measureStartup,
  startHostProcess,
  startupSummary,
  type RunningHostProcess,
} from "./host-process.ts";
import { assertLive, assertSamePages, etagsOf, fallbackCases, series, type HttpSettings } from "./http-figures.ts";
import { ensureJsonServer, JSON_SERVER_VERSION, startJsonServer, writeJsonServerDb } from "./json-server.ts";
import { nginxMissing, startNginx } from "./nginx.ts";
import { functionFigures } from "./function-figures.ts";
import { freePort, HAS_TASKSET } from "./processes.ts";
import { hostRows, tableRows, type BenchResults, type Machine } from "./report.ts";
import { broadLiveQueries, mixedLoad } from "./mixed-load.ts";
import { indexBenchmarkLines, searchLatency, searchQuality } from "./search-figures.ts";
import { pageAndCardUrls } from "./urls.ts";
import { HAS_WRK } from "./wrk.ts";

export interface BenchOptions {
  quick: boolean;
  pin: boolean;
  /** Serve this already built folder and skip the build figures (to iterate on the host's). */
  dist?: string;
  /** Run only the mixed-load rows (issue 30), on `dist`. */
  mixedOnly?: boolean;
  log: (line: string) => void;
}

/** Settings of each mode: the quick one is indicative, the full one is the one to quote. */
function plan(quick: boolean) {
  return quick
    ? {
        scales: [1],
        buildRuns: 1,
        scaleRuns: 1,
        httpRuns: 1,
        seconds: 1,
        referenceMinSeconds: 2,
        startupRuns: 1,
        exportRounds: 1,
        urls: 200,
      }
    : {
        scales: [1, 4, 16],
        buildRuns: 3,
        scaleRuns: 3,
        httpRuns: 3,
        seconds: 5,
        referenceMinSeconds: 5,
        startupRuns: 5,
        exportRounds: 3,
        urls: 400,
      };
}

function machine(pin: boolean): Machine {
  const cpus = os.cpus();
  const wrk = HAS_WRK
    ? /wrk (\S+)/.exec(
        spawnSync("wrk", ["--version"]).stdout.toString() + spawnSync("wrk", ["--version"]).stderr.toString(),
      )?.[1]
    : undefined;
  const result: Machine = {
    cpu: cpus[0]?.model.trim() ?? "unknown",
    cpus: cpus.length,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    os: `${os.type()} ${os.release()}`,
    loadAverage: { before: os.loadavg()[0]! },
    pinned: pin,
  };
  if (wrk !== undefined) result.wrk = wrk;
  return result;
}

/** Runs every phase; returns the results with their table rows. */
export async function runBench(options: BenchOptions): Promise<BenchResults> {
  const settings = plan(options.quick);
  const pin = options.pin && HAS_TASKSET;
  const results: BenchResults = {
    date: new Date().toISOString(),
    quick: options.quick,
    machine: machine(pin),
    notes: [],
    http: [],
    fallback: [],
    rows: [],
  };
  if (options.pin && !HAS_TASKSET) results.notes.push("taskset is not installed: processes are not pinned");
  const root = mkdtempSync(path.join(os.tmpdir(), "bench-"));
  const stops: (() => Promise<void>)[] = [];
  try {
    if (options.mixedOnly === true) {
      if (options.dist === undefined) throw new Error("--mixed-only needs --dist: a built folder to serve");
      await mixedPhase(
        results,
        { dir: root, runs: settings.httpRuns, seconds: settings.seconds, ...(pin ? { wrkCpus: "1" } : {}) },
        options.dist,
        stops,
        options.log,
        pin,
      );
      results.machine.loadAverage.after = os.loadavg()[0]!;
      results.rows = tableRows(results);
      return results;
    }
    let dist = options.dist;
    if (dist === undefined) {
      options.log(`building the committed sample (${settings.buildRuns} run(s)), its write floor and rebuilds …`);
      const build = (results.build = await sampleBuildFigures(root, settings.buildRuns, options.log));
      options.log(`building scales ${settings.scales.join(", ")} …`);
      results.scales = await scaleFigures(root, settings.scales, settings.scaleRuns, build, options.log);
      dist = build.dist;
      options.log("the Netlify function over each scale's build …");
      results.functions = [];
      for (const scale of results.scales)
        results.functions.push({ scale: scale.scale, figures: await functionFigures(scale.dist ?? build.dist) });
    } else results.notes.push(`served ${dist} as given: no build figures`);
    options.log("host start and memory …");
    results.startup = {
      ...startupSummary(await measureStartup(dist, settings.startupRuns)),
      runs: settings.startupRuns,
    };
    options.log("search latency in process …");
    const { context } = await loadHost(dist);
    const liveDeps = { context, endpoints: ENDPOINTS, store: EMPTY_STORE };
    results.search = await searchLatency(liveDeps);
    results.searchQuality = searchQuality(context);
    const host = await startHostProcess(dist, pin ? "0" : undefined);
    stops.push(host.stop);
    if (!HAS_WRK)
      results.notes.push(
        "wrk is not installed (Debian: apt-get install -y wrk): no req/s figures (nginx and json-server rows skipped)",
      );
    else {
      const http: HttpSettings = {
        dir: root,
        runs: settings.httpRuns,
        seconds: settings.seconds,
        referenceMinSeconds: settings.referenceMinSeconds,
        ...(pin ? { wrkCpus: "1" } : {}),
      };
      const manifest = JSON.parse(readFileSync(path.join(dist, MANIFEST_FILE), "utf8")) as Manifest;
      await nginxPhase(results, http, { host, dist, manifest, count: settings.urls, stops, log: options.log });
      await fallbackPhase(results, http, { host, dist, manifest, deps: liveDeps, stops, log: options.log, pin });
      await mixedPhase(results, http, dist, stops, options.log, pin);
    }
    // Needs no wrk: plain downloads from this process.
    options.log("100 concurrent exports …");
    results.exportMemory = await measureExportMemory(host, EXPORT_PATH, 100, settings.exportRounds);
    if (!options.quick) {
      options.log("scripts/bench-search.ts …");
      results.searchIndexLines = await indexBenchmarkLines();
    }
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    rmSync(root, { recursive: true, force: true });
  }
  results.machine.loadAverage.after = os.loadavg()[0]!;
  results.rows = tableRows(results);
  return results;
}

/**
 * Precomputed pages and cards alone and under 4 connections of broad live queries, on a host with its
 * live cache off (every live query computed) and its default live workers (issue 30).
 */
async function mixedPhase(
  results: BenchResults,
  settings: { dir: string; runs: number; seconds: number; wrkCpus?: string },
  dist: string,
  stops: (() => Promise<void>)[],
  log: (line: string) => void,
  pin: boolean,
): Promise<void> {
  if (!HAS_WRK) return void results.notes.push("wrk is not installed: no mixed-load figures");
  const manifest = JSON.parse(readFileSync(path.join(dist, MANIFEST_FILE), "utf8")) as Manifest;
  const { context } = await loadHost(dist);
  const periods = [...new Set(context.dataset.index.map((value) => value.period))].sort();
  const live = broadLiveQueries(
    context.dataset.countries.map((country) => country.code),
    periods,
  );
  assertLive(live, manifest);
  const host = await startHostProcess(dist, pin ? "0" : undefined, ["--live-cache-mb", "0"]);
  stops.push(host.stop);
  log(`mixed load: ${live.length} broad live queries at 4 connections against pages and cards at 40 …`);
  results.mixedLoad = await mixedLoad(
    host.url,
    pageAndCardUrls(manifest, 400).map((entry) => entry.url),
    live,
    settings,
  );
}

/**
 * `npm run bench -- --search`: the resume search alone, on the committed sample loaded in memory (no
 * build, no servers): latency in process, prefix queries apart, and the labelled set's quality.
 */
export async function runSearchBench(seedsDir: string, log: (line: string) => void): Promise<BenchResults> {
  const results: BenchResults = {
    date: new Date().toISOString(),
    quick: true,
    machine: machine(false),
    notes: ["search only: the sample in memory, no build and no servers"],
    http: [],
    fallback: [],
    rows: [],
  };
  log("loading the sample and indexing it …");
  const { context } = await prepareContext(seedsDir, "http://localhost", (_stage, work) => Promise.resolve(work()));
  log("search latency in process and the labelled set …");
  results.search = await searchLatency({ context, endpoints: ENDPOINTS, store: EMPTY_STORE });
  results.searchQuality = searchQuality(context);
  results.machine.loadAverage.after = os.loadavg()[0]!;
  results.rows = hostRows(results);
  return results;
}

/** A large export computed on the fly (three roles: no precomputed file), 200 full resumes. */
const EXPORT_PATH = "/resume/api/v1/resumes/export?role=media_buyer,affiliate_manager,seo&per_page=200";

interface PhaseContext {
  host: RunningHostProcess;
  manifest: Manifest;
  stops: (() => Promise<void>)[];
  log: (line: string) => void;
}

/** The host against nginx on the same dist/: pages and cards, 304s, gzip. */
async function nginxPhase(
  results: BenchResults,
  settings: HttpSettings,
  phase: PhaseContext & { dist: string; count: number },
): Promise<void> {
  const missing = nginxMissing();
  if (missing !== undefined) return void results.notes.push(missing);
  const urls = pageAndCardUrls(phase.manifest, phase.count).map((entry) => entry.url);
  const dir = path.join(settings.dir, "nginx");
  mkdirSync(dir, { recursive: true });
  // Pinned like the host (CPU 0) when pinning, so that both servers have the same core.
  const nginx = await startNginx(
    dir,
    phase.dist,
    phase.manifest,
    await freePort(),
    urls[0]!,
    settings.wrkCpus === undefined ? undefined : "0",
  );
  phase.stops.push(nginx.stop);
  results.machine.nginx = nginx.version;
  const { host, log } = phase;
  log(`precomputed pages and cards (${urls.length} URLs): host vs nginx …`);
  const plain = urls.map((url) => ({ path: url }));
  results.http.push(
    await series(
      "precomputed pages and cards",
      settings,
      { url: host.url, requests: plain },
      { name: "nginx", url: nginx.url, requests: plain },
    ),
  );
  log("304s …");
  const ours = await etagsOf(host.url, urls);
  const theirs = await etagsOf(nginx.url, urls);
  const conditional = (tags: string[]) => urls.map((url, i) => ({ path: url, headers: { "If-None-Match": tags[i]! } }));
  results.http.push(
    await series(
      "304 Not Modified",
      settings,
      { url: host.url, requests: conditional(ours) },
      { name: "nginx", url: nginx.url, requests: conditional(theirs) },
    ),
  );
  log("gzip …");
  const gzip = urls.map((url) => ({ path: url, headers: { "Accept-Encoding": "gzip" } }));
  results.http.push(
    await series(
      "gzip pages and cards",
      settings,
      { url: host.url, requests: gzip },
      { name: "nginx gzip_static", url: nginx.url, requests: gzip },
    ),
  );
}

/** The host against json-server on the same brands and resumes. */
async function fallbackPhase(
  results: BenchResults,
  settings: HttpSettings,
  phase: PhaseContext & { dist: string; deps: HandlerDeps; pin: boolean },
): Promise<void> {
  const problem = await ensureJsonServer(phase.log);
  if (problem !== undefined) return void results.notes.push(problem);
  results.machine.jsonServer = JSON_SERVER_VERSION;
  const db = await writeJsonServerDb(settings.dir, phase.deps);
  results.fallbackData = { brands: db.brands, resumes: db.resumes };
  const server = await startJsonServer(db.file, await freePort(), phase.pin ? "0" : undefined);
  phase.stops.push(server.stop);
  // The same host with its live cache off, so the table also shows answers computed on every request.
  const uncached = await startHostProcess(phase.dist, phase.pin ? "0" : undefined, ["--live-cache-mb", "0"]);
  phase.stops.push(uncached.stop);
  for (const test of fallbackCases()) {
    if (test.live) assertLive(test.ours, phase.manifest);
    if (test.samePage) await assertSamePages(phase.host.url, test.ours, server.url, test.reference);
    phase.log(
      `${test.name}: host${test.live ? " (live cache on, then off)" : ""} vs json-server (${db.brands} brands, ${db.resumes} resumes) …`,
    );
    const ours = { url: phase.host.url, requests: test.ours.map((url) => ({ path: url })) };
    const reference = {
      name: "json-server",
      url: server.url,
      requests: test.reference.map((url) => ({ path: url })),
      timeoutSeconds: 60,
      minSeconds: settings.referenceMinSeconds ?? 5,
    };
    results.fallback.push(await series(test.name, settings, ours, reference, test.live ? uncached.url : undefined));
  }
}
