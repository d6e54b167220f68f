import { describe, expect, it } from "vitest";
import { clientAddress, hostRequestOf, type ParsedRequest } from "../../build/serve/node-request.ts";

const parsed = (headers: ParsedRequest["headers"], remoteAddress = "10.0.0.9"): ParsedRequest => ({
  method: "GET",
  url: "/x?a=%41",
  headers,
  socket: { remoteAddress },
});

describe("clientAddress", () => {
  it.each<[string, ParsedRequest, boolean, string]>([
    ["the socket's address without trust-proxy", parsed({ "x-forwarded-for": "1.1.1.1" }), false, "10.0.0.9"],
    [
      "the last X-Forwarded-For entry with trust-proxy",
      parsed({ "x-forwarded-for": "6.6.6.6, 1.1.1.1" }),
      true,
      "1.1.1.1",
    ],
    ["the socket's address when the header is empty", parsed({ "x-forwarded-for": "" }), true, "10.0.0.9"],
    ["unknown without a socket address", { headers: {}, socket: {} }, false, "unknown"],
  ])("%s", (_case, req, trustProxy, expected) => {
    expect(clientAddress(req, { trustProxy })).toBe(expected);
  });
});

describe("hostRequestOf", () => {
  it("keeps the target as received and joins repeated headers with commas", () => {
    const req = parsed({ "if-none-match": '"a"', "accept-encoding": "gzip", "if-match": "*" });
    expect(hostRequestOf(req, { trustProxy: false })).toEqual({
      method: "GET",
      url: "/x?a=%41",
      ifNoneMatch: '"a"',
      ifMatch: "*",
      acceptEncoding: "gzip",
      clientAddress: "10.0.0.9",
    });
    expect(
      hostRequestOf(
        { headers: { "if-none-match": ['"a"', '"b"'] as unknown as string }, socket: {} },
        { trustProxy: false },
      ),
    ).toMatchObject({ method: "GET", url: "/", ifNoneMatch: '"a", "b"' });
  });
});
