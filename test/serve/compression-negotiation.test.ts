import { describe, expect, it } from "vitest";
import { chooseEncoding, parseAcceptEncoding } from "../../build/serve/choose-encoding.ts";

const BOTH = ["br", "gzip"] as const;

describe("chooseEncoding", () => {
  it.each([
    // No header: no stated preference, the body as it is (as static hosts do).
    [undefined, BOTH, "identity"],
    ["", BOTH, "identity"],
    ["gzip, deflate, br", BOTH, "br"],
    ["gzip, deflate", BOTH, "gzip"],
    ["br", BOTH, "br"],
    ["BR", BOTH, "br"],
    ["x-gzip", BOTH, "gzip"],
    ["gzip;q=1.0, br;q=1", BOTH, "br"], // equal q: br first
    ["br;q=0.5, gzip", BOTH, "gzip"],
    ["br;q=0.5, gzip;q=0.8", BOTH, "gzip"],
    ["br ; q=0.9 , gzip ; q=0.8", BOTH, "br"],
    ["gzip;q=0, br;q=0", BOTH, "identity"],
    ["br;q=0", BOTH, "identity"],
    ["*", BOTH, "br"],
    ["*;q=0.5, br;q=0", BOTH, "gzip"],
    ["identity", BOTH, "identity"],
    ["identity;q=1, gzip;q=0.5", BOTH, "identity"],
    ["identity;q=0.5, gzip;q=0.5", BOTH, "gzip"], // equal q: a coding before the body as it is
    ["identity;q=0", BOTH, "identity"], // refuses identity but accepts nothing else: sent as it is
    ["identity;q=0, gzip", BOTH, "gzip"],
    ["*;q=0", BOTH, "identity"],
    ["deflate, compress", BOTH, "identity"],
    ["gzip;q=2, br", BOTH, "br"], // a malformed q-value drops its member
    ["gzip;q=abc", BOTH, "identity"],
    ["gzip, br", ["gzip"], "gzip"], // only what is stored can be chosen
    ["br", ["gzip"], "identity"],
    ["gzip, br", [], "identity"],
  ] as const)("%j with %j stored → %s", (header, available, expected) => {
    expect(chooseEncoding(header, available)).toBe(expected);
  });

  it("answers the same for a header it has seen before (parsed once)", () => {
    expect(chooseEncoding("gzip;q=0.3, br;q=0.2", BOTH)).toBe("gzip");
    expect(chooseEncoding("gzip;q=0.3, br;q=0.2", BOTH)).toBe("gzip");
    expect(chooseEncoding("gzip;q=0.3, br;q=0.2", ["br"])).toBe("br");
  });
});

describe("parseAcceptEncoding", () => {
  it("reads names case-insensitively, q-values as numbers, keeps the highest of a repeated name", () => {
    expect(Object.fromEntries(parseAcceptEncoding("GZIP;Q=0.5, br, gzip;q=0.7, ,identity;q=0, *;q=0.001"))).toEqual({
      gzip: 0.7,
      br: 1,
      identity: 0,
      "*": 0.001,
    });
  });
});
