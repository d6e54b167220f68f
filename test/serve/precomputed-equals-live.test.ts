import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { MANIFEST_FILE, type Manifest } from "../../build/output-format/manifest.ts";
import type { EngineContext } from "../../build/query/endpoint.ts";
import { ENDPOINTS } from "../../build/query/endpoints.ts";
import { RESPONSES_DIR } from "../../build/query/query-to-path.ts";
import { handleRequest } from "../../build/serve/handle-request.ts";
import { createPrecomputedStore, EMPTY_STORE, type PrecomputedStore } from "../../build/serve/precomputed-store.ts";
import type { HostResponse } from "../../build/serve/response-headers.ts";
import { sampleContext } from "../helpers/sample-host.ts";

let context: EngineContext;
let manifest: Manifest;
let store: PrecomputedStore;
const served: string[] = [];

beforeAll(async () => {
  const sample = await sampleContext();
  context = sample.context;
  manifest = JSON.parse(readFileSync(path.join(sample.dist, MANIFEST_FILE), "utf8")) as Manifest;
  const real = createPrecomputedStore(sample.dist, manifest);
  // Records which files were served, to prove the precomputed side really came from disk.
  store = { has: (file) => real.has(file), get: async (file) => (served.push(file), real.get(file)), getSite: (path) => real.getSite(path) };
});

/** The request URL of a precomputed file: the inverse of queryToPath. */
function urlOf(file: string): string {
  const segments = file.split("/");
  const name = segments.pop()!;
  const publicPath = `/${segments.slice(1).join("/")}`;
  const stem = name.replace(/\.(json|ndjson)$/, "");
  return stem === "index" ? publicPath : `${publicPath}?${stem.split(",").join("&")}`;
}

const bytes = (response: HostResponse): string =>
  response.body === undefined ? "" : typeof response.body === "string" || Buffer.isBuffer(response.body) ? response.body.toString("utf8") : [...(response.body as Iterable<string>)].join("");

/** Every 20th file of the manifest, plus every default first page (an `index.*` file outside a slot path's many cards). */
function sampleFiles(): string[] {
  const files = Object.keys(manifest.files);
  return files.filter((file, i) => i % 20 === 0 || /^responses\/[^{}]*\/index\.(json|ndjson)$/.test(file) && !/\/(brands|games|providers|resumes)\/[^/]+\/(index|trust-history\/index)\.json$/.test(file));
}

describe("a precomputed response equals the engine's on-the-fly answer", () => {
  it("covers a real sample: every 20th file and every first page", () => {
    const files = sampleFiles();
    expect(files.length).toBeGreaterThan(Object.keys(manifest.files).length / 20);
    expect(files.every((file) => file.startsWith(`${RESPONSES_DIR}/`))).toBe(true);
    expect(files).toContain("responses/api/dataset/v1/brands/index.json");
    expect(files).toContain("responses/api/dataset/v1/trust-scores/index.json");
  });

  it("gives the same status, bytes and headers (ETag, Link, X-Total-Count, Content-Type) for each", async () => {
    const mismatches: string[] = [];
    for (const file of sampleFiles()) {
      const url = urlOf(file);
      served.length = 0;
      const precomputed = await handleRequest({ method: "GET", url, clientAddress: "test" }, { context, endpoints: ENDPOINTS, store });
      const live = await handleRequest({ method: "GET", url, clientAddress: "test" }, { context, endpoints: ENDPOINTS, store: EMPTY_STORE });
      if (served[0] !== file) mismatches.push(`${url}: not served from ${file} (served ${served.join(", ") || "nothing"})`);
      const streamed = live.headers["Content-Type"]?.startsWith("application/x-ndjson") === true;
      const compared = streamed ? ["Content-Type", "Link", "X-Total-Count"] : ["Content-Type", "ETag", "Link", "X-Total-Count", "Content-Length"];
      const pick = (response: HostResponse) => [response.status, ...compared.map((name) => response.headers[name])];
      if (JSON.stringify(pick(precomputed)) !== JSON.stringify(pick(live))) mismatches.push(`${url}: headers ${JSON.stringify(pick(precomputed))} ≠ ${JSON.stringify(pick(live))}`);
      if (bytes(precomputed) !== bytes(live)) mismatches.push(`${url}: bodies differ`);
    }
    expect(mismatches).toEqual([]);
  });
});
