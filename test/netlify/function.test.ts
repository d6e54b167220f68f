/**
 * The Netlify Function (scripts/functions/api.ts) over the sample build: the engine's answer for what no
 * static file answers, its declared rate limit, and the size of its bundle (code plus included files).
 */
import { build } from "esbuild";
import { readFileSync } from "node:fs";
import path from "node:path";
import { deflateRawSync } from "node:zlib";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { ENDPOINTS } from "../../build/query/endpoints.ts";
import { handleRequest } from "../../build/serve/handle-request.ts";
import { EMPTY_STORE } from "../../build/serve/precomputed-store.ts";
import { sampleContext } from "../helpers/sample-host.ts";

type FunctionModule = typeof import("../../scripts/functions/api.ts");
let fn: FunctionModule;

beforeAll(async () => {
  process.env.API_DIST = inject("sampleDist");
  fn = await import("../../scripts/functions/api.ts");
});

/** The function's included files, as netlify.toml lists them. */
function includedFiles(): string[] {
  const toml = readFileSync("netlify.toml", "utf8");
  const list = /included_files\s*=\s*\[([^\]]*)\]/.exec(toml)?.[1] ?? "";
  return [...list.matchAll(/"([^"]+)"/g)].map((match) => match[1]!);
}

describe("the Netlify Function", () => {
  it.each([
    "/api/dataset/v1/brands?country=GB&q=a",
    "/api/dataset/v1/brands?country=UK",
    "/api/dataset/v1/games/no-such-game",
    "/resume/api/v1/resumes?page=99999",
  ])("answers %s as the engine does", async (url) => {
    const response = await fn.default(new Request(`https://data.example.com${url}`), { ip: "192.0.2.9" });
    const { context } = await sampleContext();
    const expected = await handleRequest(
      { method: "GET", url, clientAddress: "192.0.2.9" },
      { context, endpoints: ENDPOINTS, store: EMPTY_STORE },
    );
    expect(response.status).toBe(expected.status);
    expect(await response.text()).toBe(String(expected.body));
    expect(response.headers.get("content-type")).toBe(expected.headers["Content-Type"]);
  });

  it.each([
    ["br", "/api/dataset/v1/brands?country=GB&q=a", "br"],
    ["gzip;q=1, br;q=0.5", "/resume/api/v1/resumes?q=seo", "gzip"],
    ["identity", "/resume/api/v1/resumes?q=seo", undefined],
  ])(
    "codes its answer for Accept-Encoding %s as the Node host does: the same bytes and ETag (%s)",
    async (acceptEncoding, url, coding) => {
      const response = await fn.default(
        new Request(`https://data.example.com${url}`, { headers: { "Accept-Encoding": acceptEncoding } }),
        { ip: "192.0.2.9" },
      );
      const { context } = await sampleContext();
      const expected = await handleRequest(
        { method: "GET", url, acceptEncoding, clientAddress: "192.0.2.9" },
        { context, endpoints: ENDPOINTS, store: EMPTY_STORE },
      );
      expect(response.status).toBe(200);
      expect(response.headers.get("content-encoding") ?? undefined).toBe(coding);
      expect(response.headers.get("etag")).toBe(expected.headers.ETag);
      expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.from(expected.body as string | Buffer))).toBe(
        true,
      );
    },
  );

  it("declares the contract's rate limit for Netlify to enforce: 120 a minute per client address and domain", () => {
    expect(fn.config).toEqual({ rateLimit: { windowLimit: 120, windowSize: 60, aggregateBy: ["ip", "domain"] } });
  });

  it("bundles the engine's compact data, not the precomputed tree: far under Netlify's 50 MB zipped", async () => {
    const files = includedFiles();
    expect(files.map((file) => path.basename(file)).sort()).toEqual(["dataset.json", "resume-search.json"]);
    const bundle = await build({
      entryPoints: ["scripts/functions/api.ts"],
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      write: false,
      logLevel: "silent",
    });
    const code = bundle.outputFiles[0]!.contents;
    const data = files.map((file) => readFileSync(path.join(inject("sampleDist"), file.replace(/^dist\//, ""))));
    const raw = code.length + data.reduce((sum, body) => sum + body.length, 0);
    const zipped =
      deflateRawSync(code, { level: 9 }).length +
      data.reduce((sum, body) => sum + deflateRawSync(body, { level: 9 }).length, 0);
    console.log(
      `Function bundle (sample build): ${(raw / 2 ** 20).toFixed(1)} MiB unzipped, ${(zipped / 2 ** 20).toFixed(1)} MiB zipped (code ${(code.length / 1024).toFixed(0)} KiB).`,
    );
    expect(zipped).toBeLessThan(50 * 1000 * 1000);
  });
});
