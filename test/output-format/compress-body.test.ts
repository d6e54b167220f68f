import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  COMPRESS_MIN_BYTES,
  compressBodySync,
  compressibleType,
  variantPath,
  wantsVariants,
} from "../../build/output-format/compress-body.ts";
import { jsonBody } from "../emit/compress-fixtures.ts";

describe("compressibleType", () => {
  it.each([
    ["application/json; charset=utf-8", true],
    ["application/x-ndjson; charset=utf-8", true],
    ["text/html; charset=utf-8", true],
    ["text/plain", true],
    ["application/javascript", true],
    ["application/schema+json", true],
    ["image/svg+xml", true],
    ["Application/JSON; Charset=UTF-8", true], // type names are case-insensitive (RFC 9110 §8.3.1)
    ["application/json-archive", false], // a name that only starts like a compressible one
    ["application/gzip", false],
    ["image/png", false],
    ["font/woff2", false],
    ["application/octet-stream", false],
  ])("%s → %s", (type, expected) => {
    expect(compressibleType(type)).toBe(expected);
  });
});

describe("compressBodySync", () => {
  const body = jsonBody(5000);

  it.each([
    ["gzip", gunzipSync],
    ["br", brotliDecompressSync],
  ] as const)(
    "%s: the same bytes every time, from a string or its bytes, and they decode to the body",
    (encoding, decode) => {
      const inline = compressBodySync(encoding, body);
      expect(compressBodySync(encoding, body).equals(inline)).toBe(true);
      expect(compressBodySync(encoding, Buffer.from(body)).equals(inline)).toBe(true);
      expect(decode(inline).toString("utf8")).toBe(body);
      expect(inline.length).toBeLessThan(Buffer.byteLength(body) / 3);
    },
  );

  it("pins the gzip header's OS byte to Unix (3), so the bytes do not depend on the platform", () => {
    expect(compressBodySync("gzip", body)[9]).toBe(3);
  });
});

describe("variantPath", () => {
  it("names a variant by its coding's suffix", () => {
    expect(variantPath("responses/a/index.json", "br")).toBe("responses/a/index.json.br");
    expect(variantPath("llms.txt", "gzip")).toBe("llms.txt.gz");
  });
});

describe("wantsVariants", () => {
  it("asks for variants of a compressible body from COMPRESS_MIN_BYTES on, never of an archive", () => {
    expect(wantsVariants("application/json; charset=utf-8", COMPRESS_MIN_BYTES)).toBe(true);
    expect(wantsVariants("application/json; charset=utf-8", COMPRESS_MIN_BYTES - 1)).toBe(false);
    expect(wantsVariants("application/gzip", 100_000)).toBe(false);
  });
});
