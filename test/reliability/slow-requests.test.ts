/**
 * Clients that misbehave while sending, against a real host on loopback: headers trickled or never
 * finished (slowloris), a body announced and held back or malformed, connections opened and left idle, and the
 * edges of the connection a well-behaved client may still use (pipelining, half-close). The host's
 * request limits are shortened here; each test asserts how a connection ends, never how long it took.
 */
import type { Server } from "node:http";
import type { Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Endpoint } from "../../build/query/endpoint.ts";
import { ENDPOINTS } from "../../build/query/endpoints.ts";
import { createHostServer } from "../../build/serve/node-server.ts";
import { EMPTY_STORE } from "../../build/serve/precomputed-store.ts";
import { minContext } from "../fixtures/min-context.ts";
import { closeServer, listenOnLoopback } from "../helpers/loopback-server.ts";
import { contractProblems } from "./contract-response.ts";
import { parseResponses } from "./raw-http.ts";
import { openConnection } from "./slow-senders.ts";
import { slowReader } from "./slow-clients.ts";

/**
 * The request limits, short for the tests (most tests wait for one to run out; the waits overlap, the tests
 * run concurrently); the idle limit far longer, so that it is never what closes a connection here.
 */
const LIMITS = {
  headersTimeoutMs: 500,
  requestTimeoutMs: 500,
  connectionsCheckingIntervalMs: 100,
  idleTimeoutMs: 60_000,
};
/** Generous on a busy machine, and still far below the idle limit. */
const DEADLINE_MS = 15_000;

const big: Endpoint = {
  id: "test.big",
  service: "dataset",
  path: "/big",
  summary: "A 3.9 MB answer: far more than socket buffers hold, under the 4 MB limit of one answer (issue 32)",
  format: "json",
  params: [],
  run: () => ({ kind: "json", body: { data: "x".repeat(3_900_000) } }),
};

let server: Server;
let base = "";
beforeAll(async () => {
  server = createHostServer(
    { context: await minContext(), endpoints: [big, ...ENDPOINTS], store: EMPTY_STORE },
    { trustProxy: false, ...LIMITS },
  );
  base = await listenOnLoopback(server);
});
afterAll(() => closeServer(server));

const REQUEST = "GET /api/dataset/v1/ HTTP/1.1\r\nHost: x\r\n";

/**
 * What the host answers to each path the tests compare with, asked once before they start: a fetch while
 * they run would share the host's limits with them (a pooled connection left idle past the header limit
 * is answered 408).
 */
const bodies = new Map<string, string>();
beforeAll(async () => {
  for (const path of ["/api/dataset/v1/", "/resume/api/v1/", "/api/dataset/v1/nope"])
    bodies.set(path, await (await fetch(`${base}${path}`)).text());
});

function bodyOf(path: string): string {
  const body = bodies.get(path);
  if (body === undefined) throw new Error(`no body asked for ${path} before the tests`);
  return body;
}

// The describe blocks run side by side, and the tests within each: every wait for a limit overlaps the others.
// Only the test that watches every connection the host accepts runs alone, last.
describe.concurrent("a request that does not arrive in time", () => {
  it.for([
    // Each byte resets the idle limit: only the limit on the headers as a whole ends this.
    [
      "headers trickled a byte every 100 ms",
      (send: (text: string) => void, trickle: (text: string, everyMs: number) => void) =>
        trickle(`${REQUEST}X-Pad: ${"p".repeat(500)}\r\n\r\n`, 100),
    ],
    ["a request line and then nothing", (send: (text: string) => void) => send("GET /api/dataset/v1/ HTTP/1.1\r\n")],
    ["headers without their blank line", (send: (text: string) => void) => send(REQUEST)],
  ] as const)("%s: answered 408 as contract JSON, and closed", async ([, start], { expect }) => {
    const connection = await openConnection(base);
    start(connection.write, connection.trickle);
    const [answer, ...more] = parseResponses(await connection.closedByHost(DEADLINE_MS));
    expect(answer?.status).toBe(408);
    expect(contractProblems(answer!)).toEqual([]);
    expect(JSON.parse(answer!.body.toString("utf8"))).toMatchObject({ error: "request_timeout", status: 408 });
    expect(answer!.headers.connection).toBe("close");
    expect(more).toEqual([]);
  });

  it("answers 408 to the second request of a connection trickling its headers, after the first's answer", async ({
    expect,
  }) => {
    const connection = await openConnection(base);
    connection.write(`${REQUEST}\r\n`);
    connection.trickle(`${REQUEST}X-Pad: ${"p".repeat(500)}\r\n\r\n`, 100);
    const answers = parseResponses(await connection.closedByHost(DEADLINE_MS));
    expect(answers.map((answer) => answer.status)).toEqual([200, 408]);
    expect(contractProblems(answers[1]!)).toEqual([]);
  });
});

describe.concurrent("a GET announcing a body it does not send in full", () => {
  it.for([
    ["Content-Length: 1000000, nothing sent", "Content-Length: 1000000\r\n\r\n", ""],
    ["Content-Length: 1000000, a byte every 100 ms", "Content-Length: 1000000\r\n\r\n", "x".repeat(1_000)],
    ["chunked, never finished", "Transfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n", "5\r\nhello\r\n".repeat(100)],
  ] as const)("%s: answered once, then closed with nothing more", async ([, head, trickled], { expect }) => {
    const connection = await openConnection(base);
    connection.write(`${REQUEST}${head}`);
    connection.trickle(trickled, 100);
    const answers = parseResponses(await connection.closedByHost(DEADLINE_MS));
    // A second answer would be read by the client as the answer to its next request.
    expect(answers.map((answer) => answer.status)).toEqual([200]);
    expect(answers[0]!.body.toString("utf8")).toBe(bodyOf("/api/dataset/v1/"));
  });

  it("sends a large answer whole before closing, when the body's time runs out while it is queued", async ({
    expect,
  }) => {
    const connection = await openConnection(base);
    connection.pause();
    connection.write("GET /api/dataset/v1/big HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\n");
    await new Promise((resolve) =>
      setTimeout(resolve, 4 * (LIMITS.requestTimeoutMs + LIMITS.connectionsCheckingIntervalMs)),
    );
    connection.resume();
    const answers = parseResponses(await connection.closedByHost(DEADLINE_MS));
    expect(answers.map((answer) => answer.status)).toEqual([200]);
    expect(answers[0]!.body.length).toBeGreaterThan(3_900_000);
  });
});

describe.concurrent("a GET whose body turns out malformed after its headers", () => {
  it.for([
    ["a chunk size that is not hex", "Transfer-Encoding: chunked\r\n\r\nZZZ\r\n"],
    ["a chunk longer than its size", "Transfer-Encoding: chunked\r\n\r\n2\r\nhello\r\n0\r\n\r\n"],
  ] as const)("%s: answered once, then closed with nothing more", async ([, head], { expect }) => {
    const connection = await openConnection(base);
    connection.write(`${REQUEST}${head}`);
    const answers = parseResponses(await connection.closedByHost(DEADLINE_MS));
    // The request was answered at its headers: a 400 after it would be read as the answer to the client's next request.
    expect(answers.map((answer) => answer.status)).toEqual([200]);
    expect(answers[0]!.body.toString("utf8")).toBe(bodyOf("/api/dataset/v1/"));
  });
});

describe.concurrent("clients that behave, at the edges of the connection", () => {
  it("answers three GETs pipelined in one write in order, each whole", async ({ expect }) => {
    const paths = ["/api/dataset/v1/", "/resume/api/v1/", "/api/dataset/v1/nope"];
    const connection = await openConnection(base);
    connection.write(
      paths
        .map(
          (path, i) =>
            `GET ${path} HTTP/1.1\r\nHost: x\r\n${i === paths.length - 1 ? "Connection: close\r\n" : ""}\r\n`,
        )
        .join(""),
    );
    const answers = parseResponses(await connection.closedByHost(DEADLINE_MS));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 404]);
    expect(answers.map((answer) => answer.body.toString("utf8"))).toEqual(paths.map(bodyOf));
  });

  it("answers a client that half-closes after its request, whole", async ({ expect }) => {
    const connection = await openConnection(base);
    connection.write(`${REQUEST}\r\n`);
    connection.halfClose();
    const answers = parseResponses(await connection.closedByHost(DEADLINE_MS));
    expect(answers.map((answer) => answer.status)).toEqual([200]);
    expect(answers[0]!.body.toString("utf8")).toBe(bodyOf("/api/dataset/v1/"));
  });

  it("answers headers over 16 KiB, sent a line at a time, 431 as contract JSON", async ({ expect }) => {
    const connection = await openConnection(base);
    connection.write(REQUEST);
    for (let i = 0; i < 20; i++) connection.write(`X-Line-${i}: ${"l".repeat(1_000)}\r\n`);
    const [answer, ...more] = parseResponses(await connection.closedByHost(DEADLINE_MS));
    expect(answer?.status).toBe(431);
    expect(contractProblems(answer!)).toEqual([]);
    expect(more).toEqual([]);
  });

  it("does not cut a large answer read slowly for longer than the request limits", async ({ expect }) => {
    // The request limits cover receiving the request only: a GET is received whole with its headers.
    // 32 KB every 50 ms: about 2.3 MB in the 3.6 s waited, so the 3.9 MB answer is still being read.
    const reader = await slowReader(base, "/api/dataset/v1/big", 32 * 1024, 50);
    await new Promise((resolve) =>
      setTimeout(resolve, 6 * (LIMITS.requestTimeoutMs + LIMITS.connectionsCheckingIntervalMs)),
    );
    const open = reader.open();
    const received = reader.received();
    reader.stop();
    expect(open).toBe(true);
    expect(received).toBeGreaterThan(0);
  });
});

describe("connections opened and left silent", () => {
  it("closes 200 connections opened and left silent, and answers others meanwhile", async () => {
    // Watched from the host's side too: the host, not the client, must be the one to close them.
    const closedOnHost: Promise<void>[] = [];
    const accepted = new Promise<void>((resolve) => {
      const onConnection = (socket: Socket) => {
        closedOnHost.push(new Promise((closed) => socket.once("close", () => closed())));
        if (closedOnHost.length < 200) return;
        server.off("connection", onConnection);
        resolve();
      };
      server.on("connection", onConnection);
    });
    const connections = await Promise.all(Array.from({ length: 200 }, () => openConnection(base)));
    await accepted;
    expect((await fetch(`${base}/api/dataset/v1/`)).status).toBe(200);
    const answers = await Promise.all(connections.map((connection) => connection.closedByHost(DEADLINE_MS)));
    await Promise.all(closedOnHost);
    expect(
      new Set(
        answers.map((bytes) =>
          parseResponses(bytes)
            .map((answer) => answer.status)
            .join(),
        ),
      ),
    ).toEqual(new Set(["408"]));
  });
});
