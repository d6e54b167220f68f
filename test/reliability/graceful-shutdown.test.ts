/**
 * Graceful shutdown: SIGTERM to the real host process lets the responses in flight finish, refuses
 * new connections, and exits 0; in-process, the close is bounded and ends idle keep-alive connections.
 */
import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startHost, type RunningHost } from "../../build/serve/start-host.ts";
import { sampleContext } from "../helpers/sample-host.ts";
import { startHostProcess, type HostProcess } from "./host-process.ts";
import { holdResponse, tryConnect } from "./slow-clients.ts";
import { bigIndexPath } from "../helpers/big-index-answer.ts";

/** The index of as many countries as one answer holds: a live JSON answer of several MB, more than socket buffers hold. */
let bigPath = "";
const EXPORT_PATH = "/resume/api/v1/resumes/export?per_page=200&sort=experience";

/** The two host processes of the tests below, started side by side (each loads the sample: the waits overlap). */
let started: Promise<[HostProcess, HostProcess]>;
beforeAll(async () => {
  started = Promise.all([
    startHostProcess(inject("sampleDist")),
    startHostProcess(inject("sampleDist"), { viaNpm: true }),
  ]);
  started.catch(() => {}); // awaited by each describe's beforeAll, which reports a failure
  const { context } = await sampleContext();
  bigPath = bigIndexPath(context);
});
afterAll(async () => {
  // Whatever a failing describe did not stop.
  for (const host of await started.catch(() => [])) await host.kill();
});

/**
 * A raw socket that sends `times` pipelined GETs of `path` and reads nothing; `bytesWhenClosed` resolves,
 * once the host closed the connection, with every byte that had reached the client (headers included).
 */
function pipelinedNonReader(
  baseUrl: string,
  path: string,
  times: number,
): Promise<{ bytesWhenClosed: () => Promise<number> }> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    let bytes = 0;
    let closed = false;
    const whenClosed: (() => void)[] = [];
    const socket = net.connect(Number(url.port), url.hostname, () => {
      socket.pause();
      socket.on("data", (chunk: Buffer) => (bytes += chunk.length));
      socket.on("close", () => ((closed = true), whenClosed.forEach((done) => done())));
      socket.write(`GET ${path} HTTP/1.1\r\nHost: ${url.host}\r\n\r\n`.repeat(times));
      resolve({
        bytesWhenClosed: () =>
          new Promise<number>((done) => {
            if (closed) done(bytes);
            else whenClosed.push(() => done(bytes));
            socket.resume();
          }),
      });
    });
    // Before the connection, a failure to connect; after it, a cut connection may reset: the byte count tells.
    socket.on("error", (error) => (closed ? undefined : bytes === 0 ? reject(error) : undefined));
  });
}

/** Retries a connection until it is refused: the listening socket closes on the host's next turn of its loop. */
async function refusedWithin(url: string, ms: number): Promise<string> {
  let outcome = await tryConnect(url);
  for (let waited = 0; outcome !== "ECONNREFUSED" && waited < ms; waited += 20) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    outcome = await tryConnect(url);
  }
  return outcome;
}

describe("SIGTERM to the host process (scripts/serve.ts)", () => {
  let host: HostProcess;
  beforeAll(async () => {
    [host] = await started;
  });
  afterAll(async () => {
    await host?.kill();
  });

  it("finishes the responses in flight, refuses new connections, then exits 0", async () => {
    const big = await holdResponse(host.url, bigPath);
    const stream = await holdResponse(host.url, EXPORT_PATH);
    expect([big.status, stream.status]).toEqual([200, 200]);
    expect(stream.headers["content-type"]).toBe("application/x-ndjson; charset=utf-8");

    host.child.kill("SIGTERM");
    await host.waitFor(/^SIGTERM: no new connections/);
    expect(await refusedWithin(host.url, 2_000)).toBe("ECONNREFUSED");
    // Megabytes are still unread: the process is waiting for them, not gone.
    expect(host.child.exitCode).toBeNull();

    const [bigBody, streamBody] = await Promise.all([big.finish(), stream.finish()]);
    expect(bigBody.length).toBe(Number(big.headers["content-length"]));
    // Several MB: the largest /index served, just under the 4 MB limit of one answer (3.98 MB on the sample).
    expect(bigBody.length).toBeGreaterThan(3_000_000);
    expect(bigBody.length).toBeLessThanOrEqual(4_000_000);
    expect(Object.keys(JSON.parse(bigBody.toString("utf8")) as object)).toEqual(["meta", "data"]);
    const lines = streamBody.toString("utf8").split("\n");
    expect(lines.pop()).toBe(""); // ends with a newline: the last line is whole
    expect(lines).toHaveLength(Math.min(200, Number(stream.headers["x-total-count"])));
    for (const line of lines) expect(JSON.parse(line)).toHaveProperty("id");
    expect(await host.exited).toEqual({ code: 0, signal: null });
  });
});

describe("SIGTERM to `npm start`", () => {
  let host: HostProcess;
  beforeAll(async () => {
    [, host] = await started;
  });
  afterAll(async () => {
    await host?.kill();
  });

  it("reaches the host through npm: it stops gracefully, npm exits 0, and nothing is left listening", async () => {
    const held = await holdResponse(host.url, EXPORT_PATH);
    host.child.kill("SIGTERM"); // what a process manager sends to the command it started
    await host.waitFor(/^SIGTERM: no new connections/);
    expect((await held.finish()).toString("utf8").split("\n").length).toBeGreaterThan(1);
    expect(await host.exited).toEqual({ code: 0, signal: null });
    expect(await tryConnect(host.url)).toBe("ECONNREFUSED");
  });
});

describe("RunningHost.close (in-process)", () => {
  let host: RunningHost;
  beforeAll(async () => {
    host = await startHost(
      { port: 0, host: "127.0.0.1", dist: inject("sampleDist"), rateLimit: 0, trustProxy: false },
      () => {},
    );
  });
  afterAll(async () => {
    await host.close(0);
  });

  it("ends idle keep-alive connections at once and cuts a client that never reads once the grace period is over", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const idle = await new Promise<http.ClientRequest>((resolve) => {
      const req = http.get(`${host.url}/api/dataset/v1/`, { agent }, (res) =>
        res.resume().on("end", () => resolve(req)),
      );
    });
    const idleClosed = new Promise<void>((resolve) => idle.socket?.once("close", () => resolve()));
    // One big answer can fit in loopback socket buffers (several MB with autotuning), so the client that
    // never reads asks for it three times, pipelined: more than the buffers hold, so the host must cut it.
    const oneAnswer = (await (await fetch(`${host.url}${bigPath}`)).arrayBuffer()).byteLength;
    const stuck = await pipelinedNonReader(host.url, bigPath, 3);
    await host.close(300);
    await idleClosed;
    expect(await stuck.bytesWhenClosed()).toBeLessThan(3 * oneAnswer);
    expect(await tryConnect(host.url)).toBe("ECONNREFUSED");
    agent.destroy();
  });
});
