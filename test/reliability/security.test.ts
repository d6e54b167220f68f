/**
 * Security audit findings, each pinned: work a request can make the host do is bounded, nothing not meant
 * to be public is served, and held connections cannot hold memory for ever. The broad fuzz of hostile
 * input is hostile-input.test.ts; this file keeps the specific cases found by the audit.
 */
import { readFileSync } from "node:fs";
import type { Server } from "node:http";
import net, { type AddressInfo } from "node:net";
import path from "node:path";
import { beforeAll, describe, it, type TestContext } from "vitest";
import { MANIFEST_FILE, type Manifest } from "../../build/output-format/manifest.ts";
import { siteKey } from "../../build/output-format/site-files.ts";
import type { Endpoint } from "../../build/query/endpoint.ts";
import { ENDPOINTS } from "../../build/query/endpoints.ts";
import { MAX_URL_BYTES } from "../../build/shared/host-errors.ts";
import { handleRequest, type HandlerDeps } from "../../build/serve/handle-request.ts";
import { createHostServer } from "../../build/serve/node-server.ts";
import { createPrecomputedStore, EMPTY_STORE } from "../../build/serve/precomputed-store.ts";
import { minContext } from "../fixtures/min-context.ts";
import { sampleContext } from "../helpers/sample-host.ts";
import { slowReader } from "./slow-clients.ts";
import { closeServer, listenOnLoopback } from "../helpers/loopback-server.ts";

let deps: HandlerDeps;
beforeAll(async () => {
  const { context, dist } = await sampleContext();
  const manifest = JSON.parse(readFileSync(path.join(dist, MANIFEST_FILE), "utf8")) as Manifest;
  deps = { context, endpoints: ENDPOINTS, store: createPrecomputedStore(dist, manifest) };
});

/** Rejects when a promise takes longer than `ms`: work that grows out of bounds fails the test rather than stalling it. */
function bounded<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`not answered within ${ms} ms: ${what}`)), ms)),
  ]);
}

// The two describe blocks run side by side, and the tests of the second too: their waits for the idle limit
// overlap. Each of those has a host of its own, since each watches the connections its host accepts.
describe.concurrent("CPU a request can cost", () => {
  // A run of slashes not at the end made the site lookup's /\/+$/ backtrack quadratically: some 100 ms
  // of CPU for one 8 KiB URL, so 400 of them took 40 s or more. Linear, they take well under a second
  // even on a busy machine: the bound below leaves that a wide margin and the quadratic none.
  const slashes = `${"/".repeat(MAX_URL_BYTES - 10)}x`;

  it("looks up a page under a long run of slashes in linear time, with the same key", async ({ expect }) => {
    expect(siteKey(`/methodology${"/".repeat(8_000)}`)).toBe("/methodology");
    const statuses = new Set<number>();
    const answerAll = async () => {
      for (let i = 0; i < 400; i++) {
        statuses.add((await handleRequest({ method: "GET", url: slashes, clientAddress: "audit" }, deps)).status);
        await new Promise(setImmediate); // lets the bound's timer fire: the work is synchronous
      }
    };
    await bounded(answerAll(), 15_000, "400 URLs of 8 KiB of slashes");
    expect([...statuses]).toEqual([404]);
  });
});

describe.concurrent("memory a connection can hold", () => {
  // A live answer far larger than the loopback socket buffers: a client that never reads holds it in the
  // host's memory. Before the idle limit, 90 such connections held 550 MB of 7 MB answers, for ever.
  const big: Endpoint = {
    id: "test.big",
    service: "dataset",
    path: "/big",
    summary: "A 3.9 MB answer, under the 4 MB limit of one answer (issue 32)",
    format: "json",
    params: [],
    run: () => ({ kind: "json", body: { data: "x".repeat(3_900_000) } }),
  };
  /** Short for the test, long enough that a busy machine pausing the steady reader does not look idle. */
  const IDLE_LIMIT_MS = 2_000;
  /** A host of the test's own on a free loopback port, stopped when the test ends. */
  async function startServer(onTestFinished: TestContext["onTestFinished"]): Promise<{ server: Server; base: string }> {
    const server = createHostServer(
      { context: await minContext(), endpoints: [big, ...ENDPOINTS], store: EMPTY_STORE },
      { trustProxy: false, idleTimeoutMs: IDLE_LIMIT_MS },
    );
    const base = await listenOnLoopback(server);
    onTestFinished(() => closeServer(server));
    return { server, base };
  }

  it("closes a connection on which the client reads nothing for the idle limit, and keeps serving", async ({
    expect,
    onTestFinished,
  }) => {
    const { server, base } = await startServer(onTestFinished);
    const { port } = server.address() as AddressInfo;
    // Watched from the host's side: a client that does not read does not see the connection end either.
    const closedByHost = new Promise<void>((resolve) =>
      server.once("connection", (accepted: net.Socket) => accepted.once("close", () => resolve())),
    );
    const socket = net.connect(port, "127.0.0.1");
    socket.pause(); // never reads: the answer stays queued in the host
    socket.on("error", () => {});
    socket.write("GET /api/dataset/v1/big HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    await bounded(closedByHost, 5 * IDLE_LIMIT_MS, "a connection never read");
    socket.destroy();
    const after = await fetch(`${base}/api/dataset/v1/`);
    expect(after.status).toBe(200);
    await after.arrayBuffer();
  });

  it("keeps a connection whose client reads slowly but steadily, past several idle limits", async ({
    expect,
    onTestFinished,
  }) => {
    const { server, base } = await startServer(onTestFinished);
    // 16 KB every 50 ms (about 1.6 MB of the 3.9 MB in the 5 s waited): the body goes out in slices, each
    // one's write a sign of life, so the limit counts time without progress, not the time the answer takes.
    let closedByHost = false;
    server.once("connection", (accepted: net.Socket) => accepted.once("close", () => (closedByHost = true)));
    const reader = await slowReader(base, "/api/dataset/v1/big", 16 * 1024, 50);
    await new Promise((resolve) => setTimeout(resolve, 2.5 * IDLE_LIMIT_MS));
    const received = reader.received();
    reader.stop();
    expect(closedByHost).toBe(false);
    expect(received).toBeGreaterThan(0);
  });
});
