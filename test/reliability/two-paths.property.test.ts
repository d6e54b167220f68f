/**
 * Two paths, one answer: for requests drawn at random from the endpoint registry, the host answers
 * the same status, bytes and headers whether the precomputed files exist or not, and where the
 * canonical query has a file, what it serves is that file.
 * Replay a failure with `FC_SEED=<seed> npx vitest run test/reliability/two-paths.property.test.ts`;
 * search deeper with `PROPERTY_SCALE=10`.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { MANIFEST_FILE, type Manifest } from "../../build/emit/plan-outputs.ts";
import type { EngineContext } from "../../build/query/endpoint.ts";
import { ENDPOINTS } from "../../build/query/endpoints.ts";
import { parseQueryString } from "../../build/query/parse-query-string.ts";
import { resolveQuery } from "../../build/query/run-query.ts";
import { etagOf } from "../../build/serve/etag.ts";
import { handleRequest } from "../../build/serve/handle-request.ts";
import { createPrecomputedStore, EMPTY_STORE, type PrecomputedStore } from "../../build/serve/precomputed-store.ts";
import type { HostResponse } from "../../build/serve/response-headers.ts";
import { sampleContext } from "../helpers/sample-host.ts";
import { requestArbitrary, type DrawnRequest } from "./request-arbitraries.ts";
import { requestVocabulary, type RequestVocabulary } from "./request-vocabulary.ts";

const SEED = process.env.FC_SEED === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(process.env.FC_SEED);
/** Runs per endpoint: more for endpoints with more parameters (about 2,000 in all; PROPERTY_SCALE multiplies them for a deeper search). */
const runsFor = (params: number): number => Math.min(160, 40 + 14 * params) * Number(process.env.PROPERTY_SCALE ?? 1);

let context: EngineContext;
let dist: string;
let manifest: Manifest;
let store: PrecomputedStore;
let vocabulary: RequestVocabulary;
const served: string[] = [];

beforeAll(async () => {
  ({ context, dist } = await sampleContext());
  manifest = JSON.parse(readFileSync(path.join(dist, MANIFEST_FILE), "utf8")) as Manifest;
  const real = createPrecomputedStore(dist, manifest);
  // Records what the store handed out, to prove that a file was served rather than recomputed.
  store = { has: (file) => real.has(file), get: async (file) => (served.push(file), real.get(file)), getSite: (rawPath) => real.getSite(rawPath) };
  vocabulary = requestVocabulary(context, ENDPOINTS);
});

/** The whole body as bytes (an NDJSON stream collected). */
function bodyOf(response: HostResponse): Buffer {
  const body = response.body;
  if (body === undefined) return Buffer.alloc(0);
  if (typeof body === "string" || Buffer.isBuffer(body)) return Buffer.from(body);
  return Buffer.from([...body].join(""));
}

const ask = async (url: string, chosen: PrecomputedStore) => {
  const response = await handleRequest({ method: "GET", url, clientAddress: "property" }, { context, endpoints: ENDPOINTS, store: chosen });
  return { response, body: bodyOf(response) };
};

/** The manifest file of the request's canonical query, when the build wrote one. */
function fileOf(url: string): string | undefined {
  const at = url.indexOf("?");
  try {
    const resolved = resolveQuery(ENDPOINTS, at < 0 ? url : url.slice(0, at), parseQueryString(at < 0 ? "" : url.slice(at + 1)));
    return resolved.filePath !== undefined && Object.hasOwn(manifest.files, resolved.filePath) ? resolved.filePath : undefined;
  } catch {
    return undefined;
  }
}

async function checkRequest(request: DrawnRequest): Promise<void> {
  served.length = 0;
  const files = await ask(request.url, store);
  const viaFiles = { ...files, served: [...served] };
  const viaEngine = await ask(request.url, EMPTY_STORE);
  const label = `${request.url} (seed ${SEED})`;
  expect([200, 400, 404], label).toContain(viaFiles.response.status);
  expect(viaFiles.response.status, label).toBe(viaEngine.response.status);
  expect(viaFiles.body.equals(viaEngine.body), `${label}: bodies differ`).toBe(true);
  for (const name of ["Content-Type", "Link", "X-Total-Count", "Cache-Control"]) expect(viaFiles.response.headers[name], `${label}: ${name}`).toBe(viaEngine.response.headers[name]);
  // A streamed export carries no ETag; a precomputed one carries the ETag of the very bytes streamed.
  const engineTag = viaEngine.response.headers.ETag ?? (viaEngine.response.status === 200 ? etagOf(viaEngine.body) : undefined);
  expect(viaFiles.response.headers.ETag ?? engineTag, `${label}: ETag`).toBe(engineTag);
  if (request.casedName) expect(JSON.parse(viaFiles.body.toString("utf8")), label).toMatchObject({ error: "unknown_parameter", status: 400 });
  const file = fileOf(request.url);
  if (file !== undefined && viaFiles.response.status === 200) {
    expect(viaFiles.served, `${label}: served from the file`).toEqual([file]);
    expect(viaFiles.body.equals(readFileSync(path.join(dist, file))), `${label}: the bytes of ${file}`).toBe(true);
  }
  if (request.origin !== undefined && !request.casedName) {
    const origin = await ask(request.origin, store);
    expect(viaFiles.body.equals(origin.body), `${label}: same answer as ${request.origin}`).toBe(true);
  }
}

describe(`the host's answer does not depend on whether a file exists (seed ${SEED})`, () => {
  it.each(ENDPOINTS.map((endpoint) => [endpoint.id, endpoint] as const))("%s", async (_id, endpoint) => {
    await fc.assert(
      fc.asyncProperty(requestArbitrary(endpoint, vocabulary), (request) => checkRequest(request)),
      { seed: SEED, numRuns: runsFor(endpoint.params.length) },
    );
  });

  it("drew from the key space: some drawn queries were served from files", async () => {
    const brands = ENDPOINTS.find((endpoint) => endpoint.id === "dataset.brands")!;
    const drawn = fc.sample(requestArbitrary(brands, vocabulary), { seed: SEED, numRuns: 200 });
    expect(drawn.filter((request) => fileOf(request.url) !== undefined).length).toBeGreaterThan(10);
    expect(drawn.filter((request) => request.casedName).length).toBeGreaterThan(0);
  });
});
