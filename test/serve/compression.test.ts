import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MANIFEST_FILE, type Manifest } from "../../build/output-format/manifest.ts";
import type { SiteProducer } from "../../build/output-format/site-files.ts";
import { ENDPOINTS } from "../../build/query/endpoints.ts";
import { etagOf } from "../../build/output-format/etag.ts";
import { handleRequest, type HandlerDeps, type HostRequest } from "../../build/serve/handle-request.ts";
import { createPrecomputedStore, EMPTY_STORE } from "../../build/serve/precomputed-store.ts";
import type { HostResponse } from "../../build/serve/response-headers.ts";
import { planAndWrite } from "../emit/compress-fixtures.ts";
import { sampleContext, useSampleHost } from "../helpers/sample-host.ts";

const BRANDS = "/api/dataset/v1/brands";
const BRANDS_FILE = "responses/api/dataset/v1/brands/index.json";
const decoders: Record<string, (body: Buffer) => Buffer> = {
  br: brotliDecompressSync,
  gzip: gunzipSync,
  identity: (body) => body,
};

let manifest: Manifest;
let files: HandlerDeps;
let live: HandlerDeps;
beforeAll(async () => {
  const { context, dist } = await sampleContext();
  manifest = JSON.parse(readFileSync(path.join(dist, MANIFEST_FILE), "utf8")) as Manifest;
  files = { context, endpoints: ENDPOINTS, store: createPrecomputedStore(dist, manifest) };
  live = { context, endpoints: ENDPOINTS, store: EMPTY_STORE };
});

const ask = (deps: HandlerDeps, url: string, extra: Partial<HostRequest> = {}) =>
  handleRequest({ method: "GET", url, clientAddress: "t", ...extra }, deps);
const bodyOf = (response: HostResponse): Buffer =>
  response.body === undefined
    ? Buffer.alloc(0)
    : Buffer.isBuffer(response.body)
      ? response.body
      : Buffer.from(
          typeof response.body === "string" ? response.body : [...(response.body as Iterable<string>)].join(""),
        );

describe("precomputed responses by Accept-Encoding (in process)", () => {
  it.each([
    [undefined, "identity"],
    ["identity", "identity"],
    ["gzip, deflate", "gzip"],
    ["gzip, deflate, br", "br"],
    ["br;q=0.1, gzip;q=0.9", "gzip"],
  ] as const)(
    "Accept-Encoding %j → %s, with Vary, the ETag and length of the bytes sent, decoding to the file",
    async (accept, coding) => {
      const identity = bodyOf(await ask(files, BRANDS));
      const response = await ask(files, BRANDS, accept === undefined ? {} : { acceptEncoding: accept });
      const body = bodyOf(response);
      expect(response.status).toBe(200);
      expect(response.headers["Content-Encoding"]).toBe(coding === "identity" ? undefined : coding);
      expect(response.headers.Vary).toBe("Accept-Encoding");
      expect(response.headers.ETag).toBe(etagOf(body));
      expect(response.headers["Content-Length"]).toBe(String(body.length));
      expect(decoders[coding]!(body).equals(identity)).toBe(true);
      const entry = manifest.files[BRANDS_FILE]!;
      expect(response.headers.ETag).toBe(coding === "identity" ? entry.etag : entry.encodings?.[coding]?.etag);
    },
  );

  it("answers 304 to the ETag of the coding chosen, and 200 to another coding's ETag", async () => {
    const gzip = await ask(files, BRANDS, { acceptEncoding: "gzip" });
    const identity = await ask(files, BRANDS);
    const again = await ask(files, BRANDS, { acceptEncoding: "gzip", ifNoneMatch: gzip.headers.ETag! });
    expect(again.status).toBe(304);
    expect(again.body).toBeUndefined();
    expect(again.headers).toMatchObject({
      ETag: gzip.headers.ETag,
      Vary: "Accept-Encoding",
      "Cache-Control": "public, max-age=300",
    });
    expect(again.headers["Content-Encoding"]).toBeUndefined();
    const other = await ask(files, BRANDS, { acceptEncoding: "gzip", ifNoneMatch: identity.headers.ETag! });
    expect(other.status).toBe(200);
    expect(other.headers["Content-Encoding"]).toBe("gzip");
    expect((await ask(files, BRANDS, { ifNoneMatch: gzip.headers.ETag! })).status).toBe(200);
  });

  it("answers HEAD with the chosen coding's headers and no body", async () => {
    const get = await ask(files, BRANDS, { acceptEncoding: "br" });
    const head = await ask(files, BRANDS, { acceptEncoding: "br", method: "HEAD" });
    expect(head.headers).toEqual(get.headers);
    expect(head.body).toBeUndefined();
  });

  it("picks the coding per request for a URL it has answered before", async () => {
    const codings = [];
    for (const accept of ["gzip", "br", "identity", "gzip"])
      codings.push(
        (await ask(files, `${BRANDS}?page=2`, { acceptEncoding: accept })).headers["Content-Encoding"] ?? "identity",
      );
    expect(codings).toEqual(["gzip", "br", "identity", "gzip"]);
  });

  it("sends a file under 1 KiB as it is, without Vary", async () => {
    const small = Object.entries(manifest.files).find(([, entry]) => entry.bytes < 1024);
    expect(small).toBeDefined();
    expect(small![1].encodings).toBeUndefined();
    const segments = small![0].split("/");
    const name = segments.pop()!.replace(/\.(json|ndjson)$/, "");
    const url = `/${segments.slice(1).join("/")}${name === "index" ? "" : `?${name.split(",").join("&")}`}`;
    const response = await ask(files, url, { acceptEncoding: "br, gzip" });
    expect(response.status).toBe(200);
    expect(response.headers["Content-Encoding"]).toBeUndefined();
    expect(response.headers.Vary).toBeUndefined();
    expect(response.headers.ETag).toBe(small![1].etag);
  });
});

describe("answers computed on the fly", () => {
  it.each([["gzip"], ["br"]])(
    "%s: the same bytes and ETag as the precomputed variant of the same response",
    async (coding) => {
      const precomputed = await ask(files, BRANDS, { acceptEncoding: coding });
      const computed = await ask(live, BRANDS, { acceptEncoding: coding });
      expect(computed.headers["Content-Encoding"]).toBe(coding);
      expect(bodyOf(computed).equals(bodyOf(precomputed))).toBe(true);
      expect(computed.headers.ETag).toBe(precomputed.headers.ETag);
      expect(computed.headers.Vary).toBe("Accept-Encoding");
    },
  );

  it("compresses a full-text search answer, and sends it as it is (with Vary) to a client that takes no coding", async () => {
    const url = "/resume/api/v1/resumes?q=seo&per_page=20";
    const plain = await ask(files, url);
    const gzip = await ask(files, url, { acceptEncoding: "gzip" });
    expect(plain.headers["Content-Encoding"]).toBeUndefined();
    expect(plain.headers.Vary).toBe("Accept-Encoding");
    expect(gzip.headers["Content-Encoding"]).toBe("gzip");
    expect(gunzipSync(bodyOf(gzip)).equals(bodyOf(plain))).toBe(true);
    expect(gzip.headers.ETag).toBe(etagOf(bodyOf(gzip)));
    expect(gzip.headers.ETag).not.toBe(plain.headers.ETag);
    expect((await ask(files, url, { acceptEncoding: "gzip", ifNoneMatch: gzip.headers.ETag! })).status).toBe(304);
  });

  it("streams an export as it is, without Vary, and sends errors as they are", async () => {
    const exported = await ask(files, "/resume/api/v1/resumes/export?seniority=senior,lead&per_page=200", {
      acceptEncoding: "gzip, br",
    });
    expect(exported.headers["Content-Type"]).toMatch(/^application\/x-ndjson/);
    expect(exported.headers["Content-Encoding"]).toBeUndefined();
    expect(exported.headers.Vary).toBeUndefined();
    const error = await ask(files, `${BRANDS}?page=0`, { acceptEncoding: "gzip, br" });
    expect(error.status).toBe(400);
    expect(error.headers["Content-Encoding"]).toBeUndefined();
    expect(error.headers.Vary).toBeUndefined();
  });
});

describe("site files by Accept-Encoding", () => {
  let dir: string | undefined;
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("serves the br variant of a page and the body as it is of a small file", async () => {
    const page = `<!doctype html><title>guide</title>\n${"<p>Every figure is computed from the seeds.</p>\n".repeat(60)}`;
    const guide: SiteProducer = () => [
      { urlPath: "/guide", file: "guide/index.html", contentType: "text/html; charset=utf-8", body: page },
      { urlPath: "/robots.txt", file: "robots.txt", contentType: "text/plain", body: "User-agent: *\n" },
    ];
    dir = await mkdtemp(path.join(os.tmpdir(), "compression-site-"));
    const plan = await planAndWrite(dir, files.context, ENDPOINTS, { maxFiles: 6, siteProducers: [guide] });
    const deps = { ...files, store: createPrecomputedStore(dir, plan.manifest) };
    const br = await ask(deps, "/guide/", { acceptEncoding: "gzip, br" });
    expect(br.headers).toMatchObject({
      "Content-Encoding": "br",
      Vary: "Accept-Encoding",
      "Content-Type": "text/html; charset=utf-8",
    });
    expect(brotliDecompressSync(bodyOf(br)).toString()).toBe(page);
    const robots = await ask(deps, "/robots.txt", { acceptEncoding: "gzip, br" });
    expect(robots.headers["Content-Encoding"]).toBeUndefined();
    expect(bodyOf(robots).toString()).toBe("User-agent: *\n");
  });
});

describe("over HTTP", () => {
  const host = useSampleHost({ socket: true });

  /** A GET whose body is left as sent (fetch would decode it). */
  const raw = (url: string, headers: Record<string, string>) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http
        .get(`${host.url}${url}`, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        })
        .on("error", reject);
    });

  it.each([
    ["br", "gzip, deflate, br"],
    ["gzip", "gzip"],
    ["identity", "identity"],
  ])(
    "sends %s for Accept-Encoding %j, with Vary, Content-Length and ETag of the bytes on the wire",
    async (coding, accept) => {
      const identity = await raw(BRANDS, { "accept-encoding": "identity" });
      const response = await raw(BRANDS, { "accept-encoding": accept });
      expect(response.status).toBe(200);
      expect(response.headers["content-encoding"]).toBe(coding === "identity" ? undefined : coding);
      expect(response.headers.vary).toBe("Accept-Encoding");
      expect(response.headers["content-length"]).toBe(String(response.body.length));
      expect(response.headers.etag).toBe(etagOf(response.body));
      expect(decoders[coding]!(response.body).equals(identity.body)).toBe(true);
      const again = await raw(BRANDS, { "accept-encoding": accept, "if-none-match": response.headers.etag! });
      expect(again.status).toBe(304);
      expect(again.headers.vary).toBe("Accept-Encoding");
      expect(again.body.length).toBe(0);
    },
  );
});
