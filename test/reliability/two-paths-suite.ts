/**
 * Two paths, one answer: for requests drawn at random from the endpoint registry, the host answers
 * the same status, bytes and headers whether the precomputed files exist or not (in every
 * Accept-Encoding, and with the host's cache of live answers; the engine side computes in live workers,
 * as `npm start` does), and where the canonical query has a file, what it serves is that file. The
 * explicit cases at the end walk the files themselves: every file of the build is the query of its URL
 * and equals the engine's answer, and none is orphaned (the one suite of this promise, issue 29;
 * test/netlify/routing.test.ts proves that Netlify serves each file at that URL).
 * The seed is fixed under CI, drawn anew otherwise (test/helpers/fuzz-seed.ts); every failure names it.
 * Replay a failure with `FC_SEED=<seed> npx vitest run <the test file>`;
 * search deeper with `PROPERTY_SCALE=10`.
 * The suite runs on the sample (two-paths.property.test.ts) and on the exports fixture (issue 26,
 * two-paths-exports.property.test.ts).
 */ import { readFileSync } from "node:fs";
import path from "node:path";
import { isDeepStrictEqual } from "node:util";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MANIFEST_FILE, type Manifest } from "../../build/output-format/manifest.ts";
import type { Endpoint, EngineContext, KeySpaceEntry } from "../../build/query/endpoint.ts";
import { ENDPOINTS } from "../../build/query/endpoints.ts";
import { parseQueryString, type QueryPairs } from "../../build/query/parse-query-string.ts";
import { RESPONSES_DIR } from "../../build/query/query-to-path.ts";
import {
  JSON_TYPE,
  NDJSON_TYPE,
  renderAll,
  resolveForEndpoint,
  resolveQuery,
  resultHeaders,
  type ResolvedQuery,
  runResolved,
} from "../../build/query/run-query.ts";
import { etagOf } from "../../build/output-format/etag.ts";
import { handleRequest, type HandlerDeps } from "../../build/serve/handle-request.ts";
import { createLiveCache, DEFAULT_LIVE_CACHE_MB } from "../../build/serve/live-cache.ts";
import { startLiveEngine, type LiveEngine } from "../../build/serve/live-engine.ts";
import { loadHost } from "../../build/serve/load-host.ts";
import { createPrecomputedStore, EMPTY_STORE, type PrecomputedStore } from "../../build/serve/precomputed-store.ts";
import type { HostResponse } from "../../build/serve/response-headers.ts";
import { expectToBe, expectToEqual } from "../helpers/expect-equal.ts";
import { fuzzSeed } from "../helpers/fuzz-seed.ts";
import { requestArbitrary, type DrawnRequest } from "./request-arbitraries.ts";
import { requestVocabulary, type RequestVocabulary } from "./request-vocabulary.ts";

/** A build the suite runs on: its engine context and its dist/ folder. */
export type BuildUnderTest = () => Promise<{ context: EngineContext; dist: string }>;

/**
 * Registers the suite on one build. `minDatasetFiles`: fewer dataset files than this would mean the key
 * spaces were not walked (the sample has over 5,000, the exports fixture over 100).
 */
export function twoPathsSuite(load: BuildUnderTest, minDatasetFiles: number): void {
  const SEED = fuzzSeed();
  /** Runs per endpoint: more for endpoints with more parameters (about 2,000 in all; PROPERTY_SCALE multiplies them for a deeper search). */
  const runsFor = (params: number): number => Math.min(160, 40 + 14 * params) * Number(process.env.PROPERTY_SCALE ?? 1);

  let context: EngineContext;
  let dist: string;
  let manifest: Manifest;
  let store: PrecomputedStore;
  let vocabulary: RequestVocabulary;
  let filesDeps: HandlerDeps;
  let engineDeps: HandlerDeps;
  let cachedDeps: HandlerDeps;
  const served: string[] = [];
  let live: LiveEngine;

  beforeAll(async () => {
    ({ context, dist } = await load());
    manifest = JSON.parse(readFileSync(path.join(dist, MANIFEST_FILE), "utf8")) as Manifest;
    const real = createPrecomputedStore(dist, manifest);
    // Records what the store handed out, to prove that a file was served rather than recomputed.
    store = {
      has: (file) => real.has(file),
      get: async (file, coding) => (served.push(file), real.get(file, coding)),
      getSite: (rawPath, coding) => real.getSite(rawPath, coding),
    };
    // One handler per path, kept across requests: the files side remembers resolved URLs, and that shortcut is checked too.
    filesDeps = { context, endpoints: ENDPOINTS, store };
    // The engine side in a live worker (issue 30): its bytes must be those of the files too. One: the suite
    // asks one request at a time, so a second worker would load the build (0.7 s of CPU) and answer almost
    // nothing (issue 29).
    live = startLiveEngine({ workers: 1, maxQueued: 64, perClient: 64, budgetMs: 60_000 }, (error) =>
      console.error(error),
    )!;
    engineDeps = {
      context,
      endpoints: ENDPOINTS,
      store: EMPTY_STORE,
      live: live.forSnapshot((await loadHost(dist)).engineFiles),
    };
    // The engine as the host runs it, with its cache of live answers, kept across requests: a repeat of a
    // canonical query, however spelled and in whatever coding, comes from the cache and must be the fresh answer.
    cachedDeps = {
      context,
      endpoints: ENDPOINTS,
      store: EMPTY_STORE,
      liveCache: createLiveCache(DEFAULT_LIVE_CACHE_MB * 1024 * 1024),
    };
    vocabulary = requestVocabulary(context, ENDPOINTS);
  });

  afterAll(() => live?.close());

  /** Accept-Encoding values a client may send (undefined: none). */
  const ACCEPT_ENCODINGS = [
    undefined,
    "br",
    "gzip",
    "gzip, deflate, br",
    "br;q=0, gzip",
    "identity",
    "*",
    "gzip;q=0.5, br;q=0.9",
    "gzip, br;q=0.5",
    "x-gzip",
    "deflate",
    "*;q=0",
    "identity;q=0, *;q=0",
    "",
  ];

  /** The whole body as bytes (an NDJSON stream collected, from this thread or a worker). */
  async function bodyOf(response: HostResponse): Promise<Buffer> {
    const body = response.body;
    if (body === undefined) return Buffer.alloc(0);
    if (typeof body === "string" || Buffer.isBuffer(body)) return Buffer.from(body);
    const parts: Buffer[] = [];
    for await (const part of body) parts.push(Buffer.from(part));
    return Buffer.concat(parts);
  }

  const ask = async (url: string, deps: HandlerDeps, acceptEncoding?: string) => {
    const response = await handleRequest({ method: "GET", url, acceptEncoding, clientAddress: "property" }, deps);
    const wire = await bodyOf(response);
    const coding = response.headers["Content-Encoding"];
    return {
      response,
      wire,
      body: coding === "br" ? brotliDecompressSync(wire) : coding === "gzip" ? gunzipSync(wire) : wire,
    };
  };

  /** A request URL as the path and the decoded query pairs the engine resolves. */
  function splitUrl(url: string): [string, QueryPairs] {
    const at = url.indexOf("?");
    return [at < 0 ? url : url.slice(0, at), parseQueryString(at < 0 ? "" : url.slice(at + 1))];
  }

  /** The manifest file of the request's canonical query, when the build wrote one. */
  function fileOf(url: string): string | undefined {
    try {
      const resolved = resolveQuery(ENDPOINTS, ...splitUrl(url));
      return resolved.filePath !== undefined && Object.hasOwn(manifest.files, resolved.filePath)
        ? resolved.filePath
        : undefined;
    } catch {
      return undefined;
    }
  }

  /** Same status, bytes and headers with and without the files; where a file answers, its bytes. */
  async function checkRequest(request: DrawnRequest, coding: string | undefined): Promise<void> {
    served.length = 0;
    const viaFiles = { ...(await ask(request.url, filesDeps, coding)), served: [...served] };
    const viaEngine = await ask(request.url, engineDeps, coding);
    const label = `${request.url} with Accept-Encoding ${coding} (seed ${SEED})`;
    if (![200, 400, 404].includes(viaFiles.response.status))
      expect([200, 400, 404], label).toContain(viaFiles.response.status);
    expectToBe(viaFiles.response.status, viaEngine.response.status, label);
    expectToBe(viaFiles.body.equals(viaEngine.body), true, `${label}: bodies differ`);
    for (const name of ["Content-Type", "Link", "X-Total-Count", "Cache-Control"])
      expectToBe(viaFiles.response.headers[name], viaEngine.response.headers[name], `${label}: ${name}`);
    if (viaEngine.response.headers["Content-Type"]?.startsWith("application/x-ndjson")) {
      // A streamed export is sent as produced: no ETag, no coding; a precomputed one's ETag is that of its bytes on the wire.
      if (viaFiles.response.headers.ETag !== undefined)
        expectToBe(viaFiles.response.headers.ETag, etagOf(viaFiles.wire), `${label}: ETag`);
    } else {
      for (const name of ["ETag", "Content-Encoding", "Vary", "Content-Length"])
        expectToBe(viaFiles.response.headers[name], viaEngine.response.headers[name], `${label}: ${name}`);
      expectToBe(viaFiles.wire.equals(viaEngine.wire), true, `${label}: bytes on the wire differ`);
    }
    if (request.casedName)
      expect(JSON.parse(viaFiles.body.toString("utf8")), label).toMatchObject({
        error: "unknown_parameter",
        status: 400,
      });
    const file = fileOf(request.url);
    if (file !== undefined && viaFiles.response.status === 200) {
      expectToEqual(viaFiles.served, [file], `${label}: served from the file`);
      expectToBe(viaFiles.body.equals(readFileSync(path.join(dist, file))), true, `${label}: the bytes of ${file}`);
    }
    const cached = await ask(request.url, cachedDeps, coding);
    const headersOf = (response: HostResponse) => [
      response.status,
      ...["ETag", "Content-Encoding", "Vary", "Link", "X-Total-Count"].map((name) => response.headers[name]),
    ];
    expectToEqual(headersOf(cached.response), headersOf(viaEngine.response), `${label}: with the live cache`);
    expectToBe(cached.wire.equals(viaEngine.wire), true, `${label}: bytes with the live cache`);
    const again = await ask(request.url, filesDeps, coding); // the remembered-URL shortcut
    expectToEqual(
      [again.response.status, again.response.headers.ETag, again.wire.equals(viaFiles.wire)],
      [viaFiles.response.status, viaFiles.response.headers.ETag, true],
      `${label}: asked again`,
    );
    if (request.origin !== undefined && !request.casedName) {
      const origin = await ask(request.origin, filesDeps);
      expectToBe(viaFiles.body.equals(origin.body), true, `${label}: same answer as ${request.origin}`);
    }
  }

  describe(`the host's answer does not depend on whether a file exists (seed ${SEED})`, () => {
    it.each(ENDPOINTS.map((endpoint) => [endpoint.id, endpoint] as const))("%s", async (_id, endpoint) => {
      await fc.assert(
        fc.asyncProperty(
          requestArbitrary(endpoint, vocabulary),
          fc.constantFrom(...ACCEPT_ENCODINGS),
          (request, coding) => checkRequest(request, coding),
        ),
        { seed: SEED, numRuns: runsFor(endpoint.params.length) },
      );
    });

    it("drew from the key space: some drawn queries were served from files", async () => {
      const brands = ENDPOINTS.find((endpoint) => endpoint.id === "dataset.brands")!;
      const drawn = fc.sample(requestArbitrary(brands, vocabulary), { seed: SEED, numRuns: 200 });
      expect(
        drawn.filter((request) => fileOf(request.url) !== undefined).length,
        `drawn queries with a file (seed ${SEED})`,
      ).toBeGreaterThan(10);
      expect(
        drawn.filter((request) => request.casedName).length,
        `drawn queries with a parameter name in other letter case (seed ${SEED})`,
      ).toBeGreaterThan(0);
    });
  });

  /** The request URL of a precomputed file: the inverse of queryToPath. */
  function urlOf(file: string): string {
    const segments = file.split("/");
    const name = segments.pop()!;
    const publicPath = `/${segments.slice(1).join("/")}`;
    const stem = name.replace(/\.(json|ndjson)$/, "");
    return stem === "index" ? publicPath : `${publicPath}?${stem.split(",").join("&")}`;
  }

  /** Every 20th file of the manifest, plus every default first page (an `index.*` file outside a slot path's many cards). */
  function everyTwentiethFile(): string[] {
    const files = Object.keys(manifest.files);
    return files.filter(
      (file, i) =>
        i % 20 === 0 ||
        (/^responses\/[^{}]*\/index\.(json|ndjson)$/.test(file) &&
          !/\/(brands|games|providers|resumes)\/[^/]+\/(index|trust-history\/index)\.json$/.test(file)),
    );
  }

  /** A key-space entry (or the one query of an endpoint without a key space) and its resolved query. */
  type ResolvedEntry = { entry: Pick<KeySpaceEntry, "pathParams" | "pairs">; resolved: ResolvedQuery };
  /** Each endpoint's key space resolved: walked by two tests below, resolved once (issue 29). */
  const resolvedKeySpaces = new Map<Endpoint, ResolvedEntry[]>();
  function resolvedKeySpace(endpoint: Endpoint): ResolvedEntry[] {
    const known = resolvedKeySpaces.get(endpoint);
    if (known !== undefined) return known;
    const entries: Pick<KeySpaceEntry, "pathParams" | "pairs">[] = endpoint.keySpace
      ? [...endpoint.keySpace(context)]
      : [{ pathParams: {}, pairs: [] }];
    const resolved = entries.map((entry) => ({
      entry,
      resolved: resolveForEndpoint(endpoint, entry.pathParams, entry.pairs),
    }));
    resolvedKeySpaces.set(endpoint, resolved);
    return resolved;
  }

  describe("explicit cases: the files themselves", () => {
    it("covers the build: every 20th file and every first page", () => {
      const files = everyTwentiethFile();
      expect(files.length).toBeGreaterThan(Object.keys(manifest.files).length / 20);
      expect(files.every((file) => file.startsWith(`${RESPONSES_DIR}/`))).toBe(true);
      expect(files).toContain("responses/api/dataset/v1/brands/index.json");
      expect(files).toContain("responses/api/dataset/v1/trust-scores/index.json");
    });

    it("answers every 20th file and every first page at its URL from that file, as the engine would", async () => {
      for (const file of everyTwentiethFile()) {
        const url = urlOf(file);
        expectToBe(fileOf(url), file, url);
        await checkRequest({ url, pairs: [], casedName: false, origin: undefined }, undefined);
      }
    });

    it.each(ENDPOINTS.map((endpoint) => [endpoint.id, endpoint] as const))(
      "%s: every key-space file on disk is the query of its URL and equals the engine's answer, with the manifest's ETag, Link and X-Total-Count and its Content-Type",
      async (_id, endpoint) => {
        const entries = resolvedKeySpace(endpoint);
        // /compare has no key space worth a file; every resume endpoint has one.
        if (endpoint.service === "resumes") expect(entries.length).toBeGreaterThan(0);
        const mismatches: string[] = [];
        const seen = new Set<string>();
        for (const { entry, resolved } of entries) {
          const file = resolved.filePath;
          // The dataset's key spaces are cut to the file budget; the resume service's fit in its share whole
          // (an expect only where one would fail: thousands of entries).
          if (endpoint.service === "resumes") {
            if (file === undefined) expect(file, JSON.stringify(entry)).toBeDefined();
            if (manifest.files[file!] === undefined) expect(manifest.files[file!], file).toBeDefined();
          }
          if (file === undefined || manifest.files[file] === undefined || seen.has(file)) continue;
          seen.add(file);
          // The file's URL, as a client (and routing.test.ts) asks for it, is this very query: the same
          // run, so the live answer below is also the answer to that URL.
          const url = urlOf(file);
          const byUrl = resolveQuery(ENDPOINTS, ...splitUrl(url));
          if (
            byUrl.filePath !== file ||
            byUrl.endpoint !== endpoint ||
            !isDeepStrictEqual([byUrl.pathParams, byUrl.params], [resolved.pathParams, resolved.params])
          )
            mismatches.push(`${file}: its URL ${url} is another query`);
          const result = runResolved(context, resolved);
          const live = renderAll(resolved.endpoint, result);
          const headers = resultHeaders(resolved, result);
          const recorded = manifest.files[file]!;
          // Read synchronously: thousands of small files, each an open, a stat, a read and a close through
          // libuv's pool when read asynchronously (issue 29).
          if (live !== readFileSync(path.join(dist, file), "utf8")) mismatches.push(`${file}: bytes`);
          if (etagOf(live) !== recorded.etag || headers.link !== recorded.link || headers.totalCount !== recorded.total)
            mismatches.push(`${file}: ETag, Link or X-Total-Count`);
          // The type the host serves the file with (by its extension), which Netlify's header rules must give it too.
          if (headers.contentType !== (file.endsWith(".ndjson") ? NDJSON_TYPE : JSON_TYPE))
            mismatches.push(`${file}: Content-Type ${headers.contentType}`);
        }
        expect(mismatches).toEqual([]);
      },
    );

    it("reaches every file from a key space: none is stale or orphaned", () => {
      const files = Object.keys(manifest.files);
      const reached = new Set<string>();
      for (const endpoint of ENDPOINTS) {
        for (const { resolved } of resolvedKeySpace(endpoint)) {
          const file = resolved.filePath;
          if (file !== undefined && manifest.files[file] !== undefined) reached.add(file);
        }
      }
      expect(files.filter((file) => !reached.has(file))).toEqual([]);
      expect(reached.size).toBe(files.length);
      expect(files.filter((file) => file.startsWith("responses/api/dataset/")).length).toBeGreaterThan(minDatasetFiles);
    });
  });
}
