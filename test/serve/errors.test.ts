import { describe, expect, it } from "vitest";
import { useSampleHost } from "../helpers/sample-host.ts";
import { exchange, parseRawResponse, requestRaw } from "./http-client.ts";

const host = useSampleHost({ socket: true });

/** Nothing of the machine or the code may leak into an error body. */
const LEAK = /\n\s+at |\bat [\w.<>]+ \(|node_modules|\/work\/|\/tmp\/|\.ts\b|\.js\b|Error:/;

/** Checks the contract's error shape and returns the body. */
function expectErrorBody(text: string, status: number, code: string): Record<string, unknown> {
  const body = JSON.parse(text) as Record<string, unknown>;
  expect(Object.keys(body).slice(0, 3)).toEqual(["error", "message", "status"]);
  expect(Object.keys(body).every((key) => ["error", "message", "status", "details"].includes(key))).toBe(true);
  expect(body).toMatchObject({ error: code, status });
  expect(typeof body.message).toBe("string");
  expect(text).not.toMatch(LEAK);
  expect(text.endsWith("}\n")).toBe(true);
  return body;
}

describe("the error table (contract §1, Errors)", () => {
  it.each<[string, number, string, Record<string, unknown> | undefined]>([
    [
      "/api/dataset/v1/brands?status=nope",
      400,
      "invalid_parameter",
      { parameter: "status", value: "nope", expected: "one or more of (comma-separated): active, dormant, closed" },
    ],
    [
      "/api/dataset/v1/brands?per_page=101",
      400,
      "invalid_parameter",
      { parameter: "per_page", value: "101", expected: "an integer from 1 to 100" },
    ],
    ["/api/dataset/v1/brands?limit=10&per_page=20", 400, "invalid_parameter", undefined],
    ["/api/dataset/v1/compare?brands=amber-braika", 400, "invalid_parameter", undefined],
    ["/api/dataset/v1/brands?ROLE=seo", 400, "unknown_parameter", undefined],
    ["/api/dataset/v1/brands/amber-braika?page=1", 400, "unknown_parameter", { parameter: "page", allowed: [] }],
    ["/api/dataset/v1/compare", 400, "missing_parameter", { parameter: "brands" }],
    ["/api/dataset/v1/brands/no-such-brand", 404, "brand_not_found", { slug: "no-such-brand" }],
    ["/api/dataset/v1/brands/no-such-brand/trust-history", 404, "brand_not_found", { slug: "no-such-brand" }],
    ["/api/dataset/v1/nope", 404, "not_found", undefined],
    ["/api/dataset/v2/brands", 404, "not_found", undefined],
    // "/" is the landing page (contract §4); a path outside both services and the site is not found.
    ["/nope", 404, "not_found", undefined],
    ["/api/dataset/v1/brands?q=%zz", 400, "bad_request", undefined],
    ["/api/dataset/v1/brands/%E0%A4%A", 400, "bad_request", undefined],
    [`/api/dataset/v1/brands?q=${"a".repeat(8200)}`, 414, "request_too_large", undefined],
  ])("%s → %d %s", async (path, status, code, details) => {
    const response = await requestRaw(host.url, { path });
    expect(response.status).toBe(status);
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(response.headers["access-control-allow-origin"]).toBe("*");
    const body = expectErrorBody(response.body, status, code);
    if (details !== undefined) expect(body.details).toEqual(details);
  });

  it("405 method_not_allowed", async () => {
    const response = await requestRaw(host.url, { method: "DELETE", path: "/api/dataset/v1/brands" });
    expect(response.status).toBe(405);
    expectErrorBody(response.body, 405, "method_not_allowed");
  });

  it.each<[string, number, string[]]>([
    [
      "a 20 KB URL in one piece",
      414,
      [`GET /api/dataset/v1/brands?q=${"a".repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`],
    ],
    [
      "a 20 KB URL split across writes",
      414,
      [`GET /api/dataset/v1/brands?q=${"a".repeat(10_000)}`, `${"a".repeat(10_000)} HTTP/1.1\r\nHost: x\r\n\r\n`],
    ],
    ["a 20 KB header", 431, [`GET /api/dataset/v1/ HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`]],
    [
      "a 20 KB header split across writes",
      431,
      [`GET /api/dataset/v1/ HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(10_000)}`, `${"a".repeat(10_000)}\r\n\r\n`],
    ],
    ["a garbage request line", 400, ["HELLO THERE\r\n\r\n"]],
    ["an HTTP/1.1 request without Host", 400, ["GET /api/dataset/v1/ HTTP/1.1\r\nConnection: close\r\n\r\n"]],
    // RFC 9112 §3.2: more than one Host line, or a Host that is not host[:port], is a 400 too (HTTP/1.0 included).
    [
      "two Host header lines",
      400,
      ["GET /api/dataset/v1/ HTTP/1.1\r\nHost: a.example\r\nHost: b.example\r\nConnection: close\r\n\r\n"],
    ],
    [
      "two Host header lines in HTTP/1.0",
      400,
      ["GET /api/dataset/v1/ HTTP/1.0\r\nHost: a.example\r\nHost: a.example\r\n\r\n"],
    ],
    ["a Host with a space", 400, ["GET /api/dataset/v1/ HTTP/1.1\r\nHost: a b\r\nConnection: close\r\n\r\n"]],
    ["a Host with a path", 400, ["GET /api/dataset/v1/ HTTP/1.1\r\nHost: a.example/x\r\nConnection: close\r\n\r\n"]],
    [
      "a Host with user info",
      400,
      ["GET /api/dataset/v1/ HTTP/1.1\r\nHost: user@a.example\r\nConnection: close\r\n\r\n"],
    ],
    ["a method the parser does not know", 405, ["FOO /api/dataset/v1/ HTTP/1.1\r\nHost: x\r\n\r\n"]],
    ["a header without a colon", 400, ["GET /api/dataset/v1/ HTTP/1.1\r\nHost x\r\n\r\n"]],
    ["a bad HTTP version", 400, ["GET /api/dataset/v1/ HTTP/9.Z\r\nHost: x\r\n\r\n"]],
  ])("the parser's refusals are still contract JSON with CORS: %s → %d", async (_case, status, chunks) => {
    const response = parseRawResponse(await exchange(host.url, chunks));
    expect(response.status).toBe(status);
    expect(response.headers["access-control-allow-origin"]).toBe("*");
    expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(Number(response.headers["content-length"])).toBe(Buffer.byteLength(response.body));
    expectErrorBody(
      response.body,
      status,
      status === 400 ? "bad_request" : status === 405 ? "method_not_allowed" : "request_too_large",
    );
  });

  it.each([
    [
      "an unknown method",
      "XYZ /api/dataset/v1/ HTTP/1.1\r\nHost: x\r\n\r\n",
      405,
      "method_not_allowed",
      "The method XYZ is not allowed",
    ],
    ["a garbage request line", "GARBAGE\r\n\r\n", 400, "bad_request", "could not be parsed as HTTP"],
  ])(
    "answers %s pipelined after a valid request as its own fault, not the valid request's",
    async (_case, second, status, code, message) => {
      const raw = await exchange(host.url, [`HEAD /resume/api/v1/stats HTTP/1.1\r\nHost: x\r\n\r\n${second}`]);
      const refusal = raw.slice(raw.lastIndexOf("HTTP/1.1 "));
      const response = parseRawResponse(refusal);
      expect(response.status).toBe(status);
      expectErrorBody(response.body, status, code);
      expect(response.body).toContain(message);
      expect(raw).not.toContain("The method HEAD");
    },
  );

  it.each([
    ["a precomputed page", "/api/dataset/v1/brands"],
    ["an answer computed on the fly", "/resume/api/v1/resumes?q=seo"],
    ["a streamed export", "/resume/api/v1/resumes/export"],
  ])(
    "answers %s pipelined before a refused request first, whole, then the refusal (RFC 9112 §9.3.2)",
    async (_case, path) => {
      const raw = await exchange(host.url, [`GET ${path} HTTP/1.1\r\nHost: x\r\n\r\nGARBAGE\r\n\r\n`]);
      const refusalAt = raw.lastIndexOf("HTTP/1.1 400 ");
      expect(refusalAt).toBeGreaterThan(0);
      const first = raw.slice(0, refusalAt);
      expect(first.startsWith("HTTP/1.1 200 ")).toBe(true);
      const head = parseRawResponse(first);
      if (head.headers["transfer-encoding"] === "chunked") expect(first.endsWith("\r\n0\r\n\r\n")).toBe(true);
      else expect(Buffer.byteLength(head.body)).toBe(Number(head.headers["content-length"]));
      expectErrorBody(parseRawResponse(raw.slice(refusalAt)).body, 400, "bad_request");
    },
  );

  it("answers a 20 KB header sent with http.request as 431", async () => {
    const response = await requestRaw(host.url, { path: "/api/dataset/v1/", headers: { "X-Big": "a".repeat(20_000) } });
    expect(response.status).toBe(431);
    expectErrorBody(response.body, 431, "request_too_large");
  });

  it.each([
    ["a.example"],
    ["a.example:8080"],
    ["127.0.0.1:1"],
    ["[::1]:8080"],
    ["[fe80::1%25eth0]"],
    ["xn--bcher-kva.example"],
    ["under_score.example"],
    [""],
  ])("takes Host: %s", async (value) => {
    const response = parseRawResponse(
      await exchange(host.url, [`HEAD /api/dataset/v1/ HTTP/1.1\r\nHost: ${value}\r\nConnection: close\r\n\r\n`]),
    );
    expect(response.status).toBe(200);
  });

  it("still serves after the parser refused a request", async () => {
    await exchange(host.url, ["HELLO THERE\r\n\r\n"]);
    expect((await host.get("/api/dataset/v1/")).status).toBe(200);
  });
});
