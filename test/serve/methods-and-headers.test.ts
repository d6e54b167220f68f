import { describe, expect, it } from "vitest";
import { useSampleHost } from "../helpers/sample-host.ts";

const host = useSampleHost();

const EXPOSE = "ETag, Link, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After, X-Total-Count";
const JSON_TYPE = "application/json; charset=utf-8";

/** Headers that belong to the response, not to the connection or the clock. */
function contractHeaders(response: Response): Record<string, string> {
  const skip = new Set(["date", "connection", "keep-alive", "transfer-encoding"]);
  return Object.fromEntries([...response.headers.entries()].filter(([name]) => !skip.has(name)));
}

describe("methods (contract §1)", () => {
  it.each([
    ["/api/dataset/v1/"],
    ["/api/dataset/v1"],
    ["/api/dataset/v1/brands"],
    ["/api/dataset/v1/brands?q=amber"], // answered by the engine
    ["/api/dataset/v1/brands/amber-braika"],
    ["/api/dataset/v1/brands/amber-braika/trust-history"],
    ["/api/dataset/v1/trust-scores"],
    ["/api/dataset/v1/compare?brands=amber-braika,amber-comet"],
  ])("GET %s is 200", async (path) => {
    const response = await host.get(path);
    expect(response.status).toBe(200);
    await response.arrayBuffer();
  });

  it.each([
    ["/api/dataset/v1/brands?per_page=3"],
    ["/api/dataset/v1/brands?q=amber&per_page=3"],
    ["/api/dataset/v1/brands/amber-braika"],
    ["/api/dataset/v1/brands/no-such-brand"],
    ["/api/dataset/v1/brands?page=0"],
    ["/api/dataset/v1/nope"],
  ])("HEAD %s has the GET's status and headers, and no body", async (path) => {
    const get = await host.get(path);
    const getBody = await get.text();
    const head = await host.get(path, { method: "HEAD" });
    expect(head.status).toBe(get.status);
    expect(contractHeaders(head)).toEqual(contractHeaders(get));
    expect(head.headers.get("content-length")).toBe(String(Buffer.byteLength(getBody)));
    expect(await head.text()).toBe("");
  });

  it.each([["/api/dataset/v1/brands"], ["/anything/at/all"], ["/"], ["/api/dataset/v1/brands/no-such-brand"]])(
    "OPTIONS %s is a 204 CORS preflight",
    async (path) => {
      const response = await host.get(path, {
        method: "OPTIONS",
        headers: { Origin: "https://example.org", "Access-Control-Request-Method": "GET" },
      });
      expect(response.status).toBe(204);
      expect(response.headers.get("access-control-allow-origin")).toBe("*");
      expect(response.headers.get("access-control-allow-methods")).toBe("GET, HEAD, OPTIONS");
      expect(response.headers.get("access-control-expose-headers")).toBe(EXPOSE);
      // The request headers the host acts on, so that a browser may send them from another origin.
      expect(response.headers.get("access-control-allow-headers")).toBe("If-None-Match, If-Match");
      expect(await response.text()).toBe("");
    },
  );

  it.each([["POST"], ["PUT"], ["DELETE"], ["PATCH"]])("%s is 405 method_not_allowed with Allow", async (method) => {
    const response = await host.get("/api/dataset/v1/brands", { method, body: method === "DELETE" ? undefined : "{}" });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toMatchObject({ error: "method_not_allowed", status: 405 });
  });
});

describe("headers on every response, errors included (contract §1)", () => {
  it.each<[string, RequestInit, number]>([
    ["/api/dataset/v1/brands", {}, 200],
    ["/api/dataset/v1/brands/amber-braika", {}, 200],
    ["/api/dataset/v1/brands?status=nope", {}, 400],
    ["/api/dataset/v1/brands?nope=1", {}, 400],
    ["/api/dataset/v1/compare", {}, 400],
    ["/api/dataset/v1/brands/no-such-brand", {}, 404],
    ["/api/dataset/v1/nope", {}, 404],
    ["/api/dataset/v1/brands", { method: "POST" }, 405],
    ["/api/dataset/v1/brands%zz", {}, 400],
    [`/api/dataset/v1/brands?q=${"a".repeat(9000)}`, {}, 414],
    ["/api/dataset/v1/brands", { method: "OPTIONS" }, 204],
  ])("%s (%j) → %d with CORS and exposed headers", async (path, init, status) => {
    const response = await host.get(path, init);
    expect(response.status).toBe(status);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("access-control-expose-headers")).toBe(EXPOSE);
    if (status !== 204) expect(response.headers.get("content-type")).toBe(JSON_TYPE);
    await response.arrayBuffer();
  });

  it("keeps CORS on a 304", async () => {
    const first = await host.get("/api/dataset/v1/trust-scores");
    await first.arrayBuffer();
    const response = await host.get("/api/dataset/v1/trust-scores", {
      headers: { "If-None-Match": first.headers.get("etag")! },
    });
    expect(response.status).toBe(304);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("access-control-expose-headers")).toBe(EXPOSE);
  });
});
