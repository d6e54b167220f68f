/**
 * The rate limit over real HTTP, completing test/serve/rate-limit*.test.ts: exact at the default
 * boundary (120th passes, 121st is a 429), the window rolling on an injected clock, clients told apart
 * by their socket address (127.0.0.x on loopback), and X-Forwarded-For read only behind a trusted proxy.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENDPOINTS } from "../../build/query/endpoints.ts";
import { closeGracefully, createHostServer } from "../../build/serve/node-server.ts";
import { EMPTY_STORE } from "../../build/serve/precomputed-store.ts";
import { createRateLimiter } from "../../build/serve/rate-limiter.ts";
import { sampleContext, useSampleHost } from "../helpers/sample-host.ts";

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

const agents = new Map<string, http.Agent>();

/** GET from a given loopback source address (one keep-alive agent per address). */
function getFrom(
  baseUrl: string,
  path: string,
  localAddress: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const url = new URL(baseUrl);
  if (!agents.has(localAddress)) agents.set(localAddress, new http.Agent({ keepAlive: true, localAddress }));
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, path, headers, agent: agents.get(localAddress) },
      (res) => {
        let body = "";
        res.setEncoding("utf8").on("data", (text: string) => (body += text));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

afterAll(() => {
  for (const agent of agents.values()) agent.destroy();
});

describe("the default limit of 120 per minute", () => {
  const host = useSampleHost({ rateLimit: 120, socket: true });

  /** Sends the 120 requests a source address may make to the dataset service; returns each RateLimit-Remaining. */
  async function spendAllowance(localAddress: string): Promise<string[]> {
    const remaining: string[] = [];
    for (let i = 1; i <= 120; i += 1) {
      const answer = await getFrom(host.url, "/api/dataset/v1/brands", localAddress);
      expect(answer.status, `request ${i} from ${localAddress}`).toBe(200);
      remaining.push(String(answer.headers["ratelimit-remaining"]));
    }
    return remaining;
  }

  // Each test spends the allowance of its own source addresses: either may run first (--sequence.shuffle).
  it("lets the 120th request pass and answers the 121st with 429, Retry-After and details.retry_after", async () => {
    const remaining = await spendAllowance("127.0.0.2");
    expect(remaining.slice(0, 2)).toEqual(["119", "118"]);
    expect(remaining.at(-1)).toBe("0");
    const refused = await getFrom(host.url, "/api/dataset/v1/brands", "127.0.0.2");
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers["ratelimit-reset"]).toBe(String(retryAfter));
    expect(refused.headers["cache-control"]).toBe("no-store");
    expect(JSON.parse(refused.body)).toEqual({
      error: "rate_limited",
      message: expect.any(String),
      status: 429,
      details: { retry_after: retryAfter },
    });
  });

  it("counts each source address separately, and each service separately", async () => {
    await spendAllowance("127.0.0.7");
    const other = await getFrom(host.url, "/api/dataset/v1/brands", "127.0.0.3");
    expect([other.status, other.headers["ratelimit-remaining"]]).toEqual([200, "119"]);
    const otherService = await getFrom(host.url, "/resume/api/v1/", "127.0.0.7");
    expect([otherService.status, otherService.headers["ratelimit-remaining"]]).toEqual([200, "119"]);
    expect((await getFrom(host.url, "/api/dataset/v1/", "127.0.0.7")).status).toBe(429);
  });
});

/** A real server whose limiter runs on a clock the test moves. */
function serverOnClock(limit: number, trustProxy: boolean) {
  const clock = { now: 1_700_000_000_000 };
  let url = "";
  let server: http.Server | undefined;
  beforeAll(async () => {
    const { context } = await sampleContext();
    server = createHostServer(
      { context, endpoints: ENDPOINTS, store: EMPTY_STORE, rateLimiter: createRateLimiter(limit, () => clock.now) },
      { trustProxy },
    );
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    if (server) await closeGracefully(server, 0);
  });
  return { clock, url: () => url };
}

describe("a limit of 2 on an injected clock", () => {
  const host = serverOnClock(2, false);
  const status = async (at: number, from = "127.0.0.4") => {
    host.clock.now = 1_700_000_000_000 + at * 1000;
    const answer = await getFrom(host.url(), "/api/dataset/v1/", from);
    return answer.status === 429 ? `429 retry ${answer.headers["retry-after"]}` : String(answer.status);
  };

  it("rolls: a slot frees 60 s after the request that took it", async () => {
    expect([
      await status(0),
      await status(30),
      await status(31),
      await status(59),
      await status(60),
      await status(61),
      await status(90),
    ]).toEqual(["200", "200", "429 retry 29", "429 retry 1", "200", "429 retry 29", "200"]);
  });
});

describe("X-Forwarded-For", () => {
  const direct = serverOnClock(1, false);
  const proxied = serverOnClock(1, true);
  const send = (target: { url: () => string }, from: string, forwardedFor: string) =>
    getFrom(target.url(), "/api/dataset/v1/", from, { "X-Forwarded-For": forwardedFor }).then(
      (answer) => answer.status,
    );

  it("is ignored without trust-proxy: the socket address decides", async () => {
    expect([
      await send(direct, "127.0.0.5", "203.0.113.9"),
      await send(direct, "127.0.0.6", "203.0.113.9"),
      await send(direct, "127.0.0.5", "198.51.100.1"),
    ]).toEqual([200, 200, 429]);
  });

  it("decides with trust-proxy: one forwarded client over two sockets shares a count, two forwarded clients on one socket do not", async () => {
    // The last entry is the address the proxy saw; what comes before it is the client's own word.
    expect([
      await send(proxied, "127.0.0.5", "203.0.113.9"),
      await send(proxied, "127.0.0.6", "10.0.0.1, 203.0.113.9"),
      await send(proxied, "127.0.0.5", "198.51.100.1"),
    ]).toEqual([200, 429, 200]);
  });
});
