import { describe, expect, it } from "vitest";
import {
  announcesBody,
  clientErrorOf,
  hostFieldProblem,
  refusedRequestText,
  refusedTarget,
  urlOverflowed,
  type ParserError,
} from "../../build/serve/parser-refusals.ts";

describe("urlOverflowed", () => {
  const long = "a".repeat(9_000);
  it.each<[string, string | undefined, boolean]>([
    ["no packet", undefined, false],
    ["a request line over 8 KiB, headers after it", `GET /x?q=${long} HTTP/1.1\r\nHost: x\r\n`, true],
    ["a request line over 8 KiB, not ended yet", `GET /x?q=${long}`, true],
    ["the tail of a request line split across chunks", `${long} HTTP/1.1\r\nHost: x\r\n\r\n`, true],
    ["a short request line and a huge header", `GET /x HTTP/1.1\r\nHost: x\r\nX-Big: ${long}\r\n`, false],
    ["the tail of a huge header", `${long}\r\n\r\n`, false],
    ["a chunk from the middle of a huge header", long, false],
  ])("%s → %s", (_case, text, expected) => {
    expect(urlOverflowed(text === undefined ? undefined : Buffer.from(text, "latin1"))).toBe(expected);
  });
});

describe("hostFieldProblem", () => {
  const request = (version: string, ...hosts: string[]) => {
    const [major, minor] = version.split(".").map(Number) as [number, number];
    return { httpVersionMajor: major, httpVersionMinor: minor, rawHeaders: hosts.flatMap((host) => ["Host", host]) };
  };
  it.each<[string, ReturnType<typeof request>, string | undefined]>([
    ["HTTP/1.1 with one host", request("1.1", "example.org"), undefined],
    ["a host and a port", request("1.1", "example.org:8080"), undefined],
    ["an IPv6 literal with a port", request("1.1", "[::1]:80"), undefined],
    ["an empty value (a target without authority)", request("1.1", ""), undefined],
    ["HTTP/1.0 without a Host", request("1.0"), undefined],
    ["HTTP/1.1 without a Host", request("1.1"), "An HTTP/1.1 request needs a Host header."],
    ["two Host lines", request("1.1", "a", "b"), "A request may carry only one Host header."],
    [
      "a Host in another letter case counts too",
      { httpVersionMajor: 1, httpVersionMinor: 1, rawHeaders: ["host", "a", "HOST", "a"] },
      "A request may carry only one Host header.",
    ],
    ["user info", request("1.1", "user@example.org"), "The Host header is not a valid host[:port]."],
    ["a path", request("1.1", "example.org/x"), "The Host header is not a valid host[:port]."],
    ["a space", request("1.1", "example .org"), "The Host header is not a valid host[:port]."],
  ])("%s", (_case, req, expected) => {
    expect(hostFieldProblem(req)).toBe(expected);
  });
});

describe("announcesBody", () => {
  it.each<[Record<string, string>, boolean]>([
    [{}, false],
    [{ "content-length": "0" }, false],
    [{ "content-length": "12" }, true],
    [{ "transfer-encoding": "chunked" }, true],
  ])("%j → %s", (headers, expected) => {
    expect(announcesBody(headers)).toBe(expected);
  });
});

describe("refusedRequestText and refusedTarget", () => {
  const packet = (text: string, bytesParsed: number): ParserError => ({
    rawPacket: Buffer.from(text, "latin1"),
    bytesParsed,
  });
  const pipelined = "GET /a HTTP/1.1\r\nHost: x\r\n\r\nGET /resume/api/v1/x y\r\n";
  it.each<[string, ParserError, string, string]>([
    ["no packet", {}, "", "/"],
    [
      "a lone request",
      packet("FOO /api/dataset/v1 HTTP/1.1\r\n", 3),
      "FOO /api/dataset/v1 HTTP/1.1\r\n",
      "/api/dataset/v1",
    ],
    // The parser stopped inside the second request: the first, complete, is not it.
    [
      "after a complete pipelined request",
      packet(pipelined, pipelined.length - 2),
      "GET /resume/api/v1/x y\r\n",
      "/resume/api/v1/x",
    ],
    ["garbage without a target", packet("HELLO\r\n", 5), "HELLO\r\n", "/"],
  ])("%s", (_case, error, text, target) => {
    expect(refusedRequestText(error)).toBe(text);
    expect(refusedTarget(refusedRequestText(error))).toBe(target);
  });
});

describe("clientErrorOf", () => {
  const long = "a".repeat(9_000);
  it.each<[string, ParserError, string, number, string, string]>([
    [
      "an unknown method in a well-formed line",
      { code: "HPE_INVALID_METHOD" },
      "FOO /x HTTP/1.1\r\n",
      405,
      "Method Not Allowed",
      "method_not_allowed",
    ],
    [
      "an unknown method in a line that is not HTTP",
      { code: "HPE_INVALID_METHOD" },
      "HELLO THERE\r\n",
      400,
      "Bad Request",
      "bad_request",
    ],
    [
      "a request that did not arrive in time",
      { code: "ERR_HTTP_REQUEST_TIMEOUT" },
      "",
      408,
      "Request Timeout",
      "request_timeout",
    ],
    ["any other parser error", { code: "HPE_INVALID_CONSTANT" }, "GET / HTTP/9\r\n", 400, "Bad Request", "bad_request"],
    [
      "a URL over the limit",
      { code: "HPE_HEADER_OVERFLOW", rawPacket: Buffer.from(`GET /${long}`) },
      "",
      414,
      "URI Too Long",
      "request_too_large",
    ],
    [
      "headers over the limit",
      { code: "HPE_HEADER_OVERFLOW", rawPacket: Buffer.from(`X: ${long}`) },
      "",
      431,
      "Request Header Fields Too Large",
      "request_too_large",
    ],
  ])("%s → %i", (_case, error, refused, status, reason, code) => {
    const [gotStatus, gotReason, httpError] = clientErrorOf(error, refused);
    expect([gotStatus, gotReason, httpError.status, httpError.code]).toEqual([status, reason, status, code]);
  });
});
