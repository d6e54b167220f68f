import { describe, expect, it } from "vitest";
import { urlOverflowed } from "../../build/serve/node-server.ts";

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
