/**
 * Hostile input: every endpoint fuzzed in-process and over real HTTP with malicious targets and headers.
 * Every answer is a contract error or a valid success, whatever the method, If-None-Match, If-Match and
 * Accept-Encoding: never a 500, never a hang, never a byte of a file outside dist/ (a canary planted next
 * to it), and the host keeps answering.
 * The seed is fixed under CI, drawn anew otherwise (test/helpers/fuzz-seed.ts); every failure names it.
 * Replay a failure with `FC_SEED=<seed> npx vitest run test/reliability/hostile-input.test.ts`;
 * search deeper with `FUZZ_RUNS=1000` (runs per endpoint, default 60).
 */
import { randomBytes } from "node:crypto";
import net from "node:net";
import { readFileSync } from "node:fs";
import { rm, writeFile } from "node:fs/promises";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MANIFEST_FILE, type Manifest } from "../../build/output-format/manifest.ts";
import { ENDPOINTS } from "../../build/query/endpoints.ts";
import { handleRequest, type HandlerDeps } from "../../build/serve/handle-request.ts";
import { createPrecomputedStore } from "../../build/serve/precomputed-store.ts";
import type { HostResponse } from "../../build/serve/response-headers.ts";
import { fuzzSeed } from "../helpers/fuzz-seed.ts";
import { sampleContext, useSampleHost } from "../helpers/sample-host.ts";
import { contractProblems, type AnyResponse } from "./contract-response.ts";
import {
  hostileHeaders,
  hostileMethod,
  hostileSiteTarget,
  hostileTarget,
  type FuzzHeaders,
} from "./hostile-arbitraries.ts";
import { requestVocabulary } from "./request-vocabulary.ts";
import { parseResponse, rawRequest, type RawRequest } from "./raw-http.ts";

const SEED = fuzzSeed();
const CANARY = `canary-${randomBytes(8).toString("hex")}`;
const host = useSampleHost({ socket: true });
const logged: unknown[] = [];
let deps: HandlerDeps;
let canaryFile = "";
/** Per endpoint id, real values of its path slots: fuzzed queries of a card reach the card, not only its 404. */
let slots: Map<string, Record<string, string[]>>;
/** The public paths of the build's site files: pages, assets, downloads. */
let sitePaths: string[] = [];

beforeAll(async () => {
  const { context, dist } = await sampleContext();
  const manifest = JSON.parse(readFileSync(path.join(dist, MANIFEST_FILE), "utf8")) as Manifest;
  deps = {
    context,
    endpoints: ENDPOINTS,
    store: createPrecomputedStore(dist, manifest),
    logError: (error) => logged.push(error),
  };
  slots = requestVocabulary(context, ENDPOINTS).slots;
  sitePaths = Object.keys(manifest.site ?? {});
  // Next to dist/, where a traversal would land: its content must never come back.
  canaryFile = path.join(path.dirname(dist), "canary.txt");
  await writeFile(canaryFile, `${CANARY}\n`);
});
afterAll(async () => {
  await rm(canaryFile, { force: true });
});

/** Rejects when a promise takes longer than `ms`: a hang fails the test rather than stalling it. */
function bounded<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`hang: ${what.slice(0, 200)}`)), ms)),
  ]);
}

async function inProcess(method: string, url: string, headers: FuzzHeaders = {}): Promise<AnyResponse> {
  const response: HostResponse = await bounded(
    handleRequest({ method, url, ...headers, clientAddress: "fuzz" }, deps),
    5_000,
    url,
  );
  const body =
    response.body === undefined
      ? ""
      : typeof response.body === "string" || Buffer.isBuffer(response.body)
        ? response.body
        : [...(response.body as Iterable<string>)].join("");
  return { status: response.status, headers: response.headers, body: Buffer.from(body) };
}

/** Fails with the target and the problems when an answer is not a contract answer, or holds the canary. */
function expectContractAnswer(response: AnyResponse, target: string, head = false, untagged = false): void {
  const problems = contractProblems(response, { head, untagged });
  if (response.body.includes(CANARY)) problems.push("the canary file next to dist/ was served");
  expect(problems, `${target.slice(0, 300)} (seed ${SEED})`).toEqual([]);
}

describe(`every endpoint, fuzzed in-process (seed ${SEED})`, () => {
  it.each(ENDPOINTS.map((endpoint) => [endpoint.id, endpoint] as const))("%s", async (_id, endpoint) => {
    await fc.assert(
      fc.asyncProperty(
        hostileTarget(endpoint, slots.get(endpoint.id)),
        hostileMethod,
        hostileHeaders,
        async (target, method, headers) => {
          const response = await inProcess(method, target, headers);
          // A 304 without an ETag is right when the 200 has none: `*` on an export computed on the fly.
          const plain =
            response.status === 304 && response.headers.ETag === undefined
              ? await inProcess(method, target)
              : undefined;
          const untagged = plain?.status === 200 && plain.headers.ETag === undefined;
          expectContractAnswer(
            response,
            `${method} ${target} ${JSON.stringify(headers)}`,
            method.toUpperCase() === "HEAD",
            untagged,
          );
        },
      ),
      { seed: SEED, numRuns: Number(process.env.FUZZ_RUNS ?? 60) },
    );
    expect(logged, `errors logged (seed ${SEED})`).toEqual([]); // a fault of ours would have been logged (and answered 500)
  });

  it("every site file (pages, assets, downloads), re-spelled and with hostile segments and queries", async () => {
    expect(sitePaths.length, "site files in the manifest").toBeGreaterThan(10);
    await fc.assert(
      fc.asyncProperty(hostileSiteTarget(sitePaths), hostileMethod, hostileHeaders, async (target, method, headers) => {
        const response = await inProcess(method, target, headers);
        expectContractAnswer(
          response,
          `${method} ${target} ${JSON.stringify(headers)}`,
          method.toUpperCase() === "HEAD",
        );
      }),
      { seed: SEED, numRuns: 4 * Number(process.env.FUZZ_RUNS ?? 60) },
    );
    expect(logged, `errors logged (seed ${SEED})`).toEqual([]);
  });

  it("answers an If-Match naming no current ETag with the 412 precondition_failed, a contract answer (the fuzz's counterexample)", async () => {
    const response = await inProcess("GET", "/api/dataset/v1/brands", { ifMatch: '"x"' });
    expectContractAnswer(response, 'If-Match: "x"');
    expect([response.status, JSON.parse(response.body.toString()).error]).toEqual([412, "precondition_failed"]);
  });

  it.each([
    ["a 100 KB value", 414, `/api/dataset/v1/brands?q=${"a".repeat(100_000)}`],
    ["a 100 KB name", 414, `/resume/api/v1/resumes?${"n".repeat(100_000)}=1`],
    ["a 100 KB path", 414, `/api/dataset/v1/brands/${"b".repeat(100_000)}`],
    ["a value just under the URL limit", 400, `/api/dataset/v1/brands?q=${"a".repeat(8_000)}`],
    ["800 repeats of a parameter", 200, `/resume/api/v1/resumes?${"role=seo&".repeat(800)}`],
    ["1,000 repeats of a parameter (over 8 KiB)", 414, `/resume/api/v1/resumes?${"role=seo&".repeat(1_000)}`],
    ["a list of 900 keys", 200, `/resume/api/v1/resumes?role=${"seo,".repeat(900)}`],
    [
      "a list of 1,750 repeats of one key (one distinct value)",
      200,
      `/resume/api/v1/resumes?role=${"seo,".repeat(1_750)}`,
    ],
    [
      "a list of 1,001 distinct keys (over the 1,000 allowed)",
      400,
      `/resume/api/v1/resumes?role=${Array.from({ length: 1_001 }, (_, i) => `r${i}`).join(",")}`,
    ],
  ])("%s → %i", async (_case, status, url) => {
    const response = await inProcess("GET", url);
    expectContractAnswer(response, url);
    expect(response.status).toBe(status);
  });
});

/** Targets aimed at the canary next to dist/ and at files outside it, plus encoding tricks, with the status each must get. */
const HTTP_CASES: [string, number][] = [
  ["/../canary.txt", 404],
  ["/%2e%2e/canary.txt", 404],
  ["/..%2fcanary.txt", 404],
  ["/api/dataset/v1/%2e%2e/%2e%2e/%2e%2e/canary.txt", 404],
  ["/api/dataset/v1/brands/..%2F..%2F..%2F..%2F..%2F..%2F..%2Fcanary.txt", 404],
  ["/responses/../../canary.txt", 404],
  ["/%252e%252e/%252e%252e/canary.txt", 404],
  ["/api/dataset/v1/brands/%ED%A0%80", 400],
  ["/api/dataset/v1/brands?q=%C3%28", 400],
  ["/api/dataset/v1/brands?q=%ED%A0%80", 400],
  ["/api/dataset/v1/brands?q=%", 400],
  ["/api/dataset/v1/brands?q=%00", 200],
  ["/api/dataset/v1/brands/%00", 404],
  ["/api/dataset/v1/brands?country=%252e%252e", 200],
  ["/api/dataset/v1/brands?page=1e3", 400],
  ["/api/dataset/v1/brands?page=NaN", 400],
  ["/api/dataset/v1/brands?page=-1", 400],
  ["/api/dataset/v1/brands?per_page=1.5", 400],
  ["/api/dataset/v1/brands?page=99999999999999999999", 400],
  ["/api/dataset/v1/brands?page=999999", 200],
  ["/api/dataset/v1/brands/__proto__", 404],
  ["/api/dataset/v1/brands?__proto__=1", 400],
  ["/api/dataset/v1/compare?brands=constructor,__proto__", 404],
  ["/resume/api/v1/resumes/1e3", 400],
  ["/resume/api/v1/resumes?since=2024-02-30", 400],
  ["/api/dataset/v1/brands\u0000", 400],
  ["/api/dataset/v1/brands?q=a b", 400],
  ["/api/dataset/v1/brands?q=<12 KB>", 414],
  ["/api/dataset/v1/brands?q=<100 KB>", 414],
];

/** Expands the `<n KB>` placeholders (kept short in test names). */
const expand = (target: string) => target.replace(/<(\d+) KB>/, (_, kb: string) => "a".repeat(Number(kb) * 1_000));

describe("over real HTTP", () => {
  const send = (request: RawRequest) => rawRequest(host.url, request, 10_000);

  it.each(HTTP_CASES)("%s → %i, a contract answer", async (target, status) => {
    const response = await send({ target: expand(target) });
    expectContractAnswer(response, target);
    expect(response.status).toBe(status);
  });

  it.each([
    ["a 20 KB header", [["X-Padding", "p".repeat(20_000)]], 431],
    ["300 headers", Array.from({ length: 300 }, (_, i) => [`X-H${i}`, "v"]), 200],
    ["a NUL byte in a header", [["X-Odd", "a\u0000b"]], 400],
    ["Accept-Encoding refusing every coding", [["Accept-Encoding", "identity;q=0, *;q=0"]], 200],
    ["Accept-Encoding with odd q-values", [["Accept-Encoding", "br;q=NaN, gzip;q=-1, deflate;q=2, ;q=, ,,,"]], 200],
    ["a 12 KB Accept-Encoding", [["Accept-Encoding", "x-coding, ".repeat(1_200)]], 200],
    [
      "two Accept-Encoding headers",
      [
        ["Accept-Encoding", "gzip"],
        ["Accept-Encoding", "br"],
      ],
      200,
    ],
  ] as [string, [string, string][], number][])("%s → %i", async (_case, headers, status) => {
    const response = await send({ target: "/api/dataset/v1/brands", headers });
    expectContractAnswer(response, _case);
    expect(response.status).toBe(status);
  });

  it.each([["FOO"], ["BREW"], ["M-SEARCH"]])(
    "answers the method %s, unknown to Node's parser, with the contract's 405",
    async (method) => {
      const response = await send({ method, target: "/api/dataset/v1/brands" });
      expectContractAnswer(response, method);
      expect([response.status, response.headers.allow, JSON.parse(response.body.toString()).error]).toEqual([
        405,
        "GET, HEAD, OPTIONS",
        "method_not_allowed",
      ]);
    },
  );

  it.each([["foo"], [""], ["200-ok"]])(
    "ignores an expectation other than 100-continue (Expect: %j) rather than answer Node's bare 417",
    async (expectation) => {
      const response = await send({ target: "/api/dataset/v1/countries", headers: [["Expect", expectation]] });
      expectContractAnswer(response, `Expect: ${expectation}`);
      expect(response.status).toBe(200);
    },
  );

  it.each([["/api/dataset/v1/"], ["127.0.0.1:443"]])(
    "answers CONNECT %s with the contract's 405 (Node hands CONNECT to no handler by default)",
    async (target) => {
      const response = await send({ method: "CONNECT", target });
      expectContractAnswer(response, `CONNECT ${target}`);
      expect([response.status, response.headers.allow, JSON.parse(response.body.toString()).error]).toEqual([
        405,
        "GET, HEAD, OPTIONS",
        "method_not_allowed",
      ]);
    },
  );

  it("answers a request that expects 100-continue for a body at once, and closes, since the body is never read", async () => {
    const response = await send({
      method: "POST",
      target: "/api/dataset/v1/countries",
      headers: [
        ["Expect", "100-continue"],
        ["Content-Length", "5"],
      ],
    });
    expectContractAnswer(response, "POST with Expect: 100-continue");
    expect([response.status, response.headers.connection]).toEqual([405, "close"]);
  });

  it("sends no interim 100 Continue inside a pipelined response (Node's own writes it into the queued response's bytes)", async () => {
    const plain = await send({ target: "/api/dataset/v1/countries" });
    const url = new URL(host.url);
    const bytes = await new Promise<Buffer>((resolve, reject) => {
      const chunks: Buffer[] = [];
      const socket = net.connect(Number(url.port), url.hostname, () =>
        socket.write(
          `GET /api/dataset/v1/regulators HTTP/1.1\r\nHost: ${url.host}\r\n\r\nGET /api/dataset/v1/countries HTTP/1.1\r\nHost: ${url.host}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n`,
        ),
      );
      socket
        .on("data", (chunk: Buffer) => chunks.push(chunk))
        .on("error", reject)
        .on("close", () => resolve(Buffer.concat(chunks)));
      setTimeout(() => socket.destroy(new Error("no answer within 10 s")), 10_000).unref();
    });
    expect(bytes.includes("100 Continue")).toBe(false);
    const first = parseResponse(bytes);
    const second = parseResponse(
      bytes.subarray(bytes.indexOf("\r\n\r\n") + 4 + Number(first.headers["content-length"])),
    );
    expect([first.status, second.status, second.headers.etag]).toEqual([200, 200, plain.headers.etag]);
    expect(second.body.equals(plain.body)).toBe(true);
  });

  it("takes a request target in absolute form (RFC 9112 §3.2.2) as its path and query", async () => {
    const origin = await send({ target: "/api/dataset/v1/brands?per_page=1" });
    const absolute = await send({ target: `${host.url}/api/dataset/v1/brands?per_page=1` });
    const unknown = await send({ target: `${host.url}/api/dataset/v1/brands?x=1` });
    const bare = await send({ target: `${host.url}` }); // no path: the root, the landing page
    expect([absolute.status, absolute.headers.etag]).toEqual([200, origin.headers.etag]);
    expect(absolute.body.equals(origin.body)).toBe(true);
    expect([unknown.status, bare.status, bare.headers["content-type"]]).toEqual([400, 200, "text/html; charset=utf-8"]);
    expectContractAnswer(absolute, "absolute form");
  });

  it("reads duplicate If-None-Match headers as one list", async () => {
    const first = await send({ target: "/api/dataset/v1/brands" });
    const etag = String(first.headers.etag);
    const matching = await send({
      target: "/api/dataset/v1/brands",
      headers: [
        ["If-None-Match", '"nope"'],
        ["If-None-Match", etag],
      ],
    });
    const missing = await send({
      target: "/api/dataset/v1/brands",
      headers: [
        ["If-None-Match", '"nope"'],
        ["If-None-Match", "garbage, W/"],
      ],
    });
    expect([matching.status, matching.headers.etag, missing.status]).toEqual([304, etag, 200]);
    expectContractAnswer(matching, "If-None-Match ×2");
  });

  it(`answers fuzzed targets, methods and headers of every endpoint (seed ${SEED}), then still serves`, async () => {
    const requests = ENDPOINTS.flatMap((endpoint) =>
      fc.sample(fc.tuple(hostileTarget(endpoint, slots.get(endpoint.id)), hostileMethod, hostileHeaders), {
        seed: SEED,
        numRuns: 6,
      }),
    );
    for (const [target, method, headers] of requests) {
      // On the wire a header line ends at CR or LF, and Node refuses NUL: those are tested on their own above.
      const lines = Object.entries({
        "If-None-Match": headers.ifNoneMatch,
        "If-Match": headers.ifMatch,
        "Accept-Encoding": headers.acceptEncoding,
      })
        .filter((line): line is [string, string] => line[1] !== undefined)
        .map(([name, value]): [string, string] => [name, value.replace(/[\r\n\0]/g, "")]);
      const response = await send({ method, target, headers: lines });
      expectContractAnswer(response, `${method} ${target} ${JSON.stringify(lines)}`, method === "HEAD"); // Node's parser knows HEAD in capitals only: "head" is a 405 with its body
    }
    const after = await host.get("/api/dataset/v1/");
    expect(after.status, `the host after the fuzzed targets (seed ${SEED})`).toBe(200);
    await after.arrayBuffer();
  });
});
