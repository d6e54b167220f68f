import { describe, expect, it } from "vitest";
import { useSampleHost } from "../helpers/sample-host.ts";
import { rawRequest } from "../reliability/raw-http.ts";

describe("the rate limit over HTTP (contract §1, Rate limit)", () => {
  const host = useSampleHost({ rateLimit: 5, socket: true });

  it("counts 5 requests, then answers 429 rate_limited with Retry-After and details.retry_after; the other service has its own count", async () => {
    const statuses: [number, string | null, string | null][] = [];
    for (let i = 0; i < 5; i += 1) {
      const response = await host.get("/api/dataset/v1/brands", { headers: { "X-Forwarded-For": `198.51.100.${i}` } });
      statuses.push([
        response.status,
        response.headers.get("ratelimit-limit"),
        response.headers.get("ratelimit-remaining"),
      ]);
      expect(Number(response.headers.get("ratelimit-reset"))).toBeGreaterThanOrEqual(1);
      await response.arrayBuffer();
    }
    // X-Forwarded-For is ignored without trust-proxy: all five came from one client.
    expect(statuses).toEqual([
      [200, "5", "4"],
      [200, "5", "3"],
      [200, "5", "2"],
      [200, "5", "1"],
      [200, "5", "0"],
    ]);
    const limited = await host.get("/api/dataset/v1/brands/amber-braika");
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.headers.get("ratelimit-remaining")).toBe("0");
    expect(limited.headers.get("cache-control")).toBe("no-store");
    expect(limited.headers.get("access-control-allow-origin")).toBe("*");
    expect(await limited.json()).toEqual({
      error: "rate_limited",
      message: expect.any(String),
      status: 429,
      details: { retry_after: retryAfter },
    });

    const otherService = await host.get("/resume/api/v1/");
    expect(otherService.status).toBe(200);
    expect(otherService.headers.get("ratelimit-remaining")).toBe("4");
    await otherService.arrayBuffer();

    // Requests the HTTP parser refuses carry the headers too: the standing with the service they name, not spent.
    const tooLarge = await rawRequest(host.url, {
      target: "/resume/api/v1/",
      headers: [["X-Big", "a".repeat(20_000)]],
    });
    const unknownMethod = await rawRequest(host.url, { method: "FOO", target: "/api/dataset/v1/brands" });
    const headers = (response: typeof tooLarge) => [
      response.status,
      response.headers["ratelimit-limit"],
      response.headers["ratelimit-remaining"],
    ];
    expect([headers(tooLarge), headers(unknownMethod)]).toEqual([
      [431, "5", "4"],
      [405, "5", "0"],
    ]);
    expect(Number(unknownMethod.headers["ratelimit-reset"])).toBeGreaterThanOrEqual(1);
    // A URL over 8 KiB that the parser still reads is refused by the host the same way: 414, not spent.
    const longUrl = await host.get(`/resume/api/v1/resumes?q=${"a".repeat(9_000)}`);
    expect([longUrl.status, longUrl.headers.get("ratelimit-remaining")]).toEqual([414, "4"]);
    await longUrl.arrayBuffer();
    const after = await host.get("/resume/api/v1/");
    expect([after.status, after.headers.get("ratelimit-remaining")]).toEqual([200, "3"]);
    await after.arrayBuffer();
  });
});

describe("the rate limit behind a trusted proxy", () => {
  const host = useSampleHost({ rateLimit: 2, trustProxy: true, socket: true });

  const send = async (forwardedFor: string) => {
    const response = await host.get("/api/dataset/v1/", { headers: { "X-Forwarded-For": forwardedFor } });
    await response.arrayBuffer();
    return response.status;
  };

  it("counts each X-Forwarded-For client separately, by the last address: the one the proxy appended", async () => {
    expect([await send("203.0.113.1"), await send("10.0.0.1, 203.0.113.1"), await send("203.0.113.1")]).toEqual([
      200, 200, 429,
    ]);
    expect(await send("203.0.113.1, 203.0.113.2")).toBe(200);
  });

  it("does not let a client escape the limit by writing addresses of its own before the proxy's", async () => {
    // What nginx's $proxy_add_x_forwarded_for passes on: the client's header, then the address nginx saw.
    const statuses = [];
    for (const forged of ["198.51.100.1", "198.51.100.2", "198.51.100.3"])
      statuses.push(await send(`${forged}, 203.0.113.9`));
    expect(statuses).toEqual([200, 200, 429]);
  });
});

describe("the rate limit turned off (0)", () => {
  const host = useSampleHost({ rateLimit: 0, socket: true });

  it("sends no RateLimit headers and never answers 429", async () => {
    for (let i = 0; i < 10; i += 1) {
      const response = await host.get("/api/dataset/v1/");
      expect(response.status).toBe(200);
      expect(response.headers.get("ratelimit-limit")).toBeNull();
      await response.arrayBuffer();
    }
  });
});
