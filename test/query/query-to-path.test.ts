import { describe, expect, it } from "vitest";
import { brandsEndpoint } from "../../build/query/dataset/brands.ts";
import type { Endpoint } from "../../build/query/endpoint.ts";
import { queryToPath, RESPONSES_DIR } from "../../build/query/query-to-path.ts";

const ndjsonEndpoint: Endpoint = { ...brandsEndpoint, id: "test.export", format: "ndjson" };
const BRANDS = "/api/dataset/v1/brands";

describe("queryToPath", () => {
  it.each<[string, [string, string][], string]>([
    [BRANDS, [], "responses/api/dataset/v1/brands/index.json"],
    [
      BRANDS,
      [
        ["country", "GB"],
        ["page", "2"],
      ],
      "responses/api/dataset/v1/brands/country=GB,page=2.json",
    ],
    [`${BRANDS}/alpha-casino`, [], "responses/api/dataset/v1/brands/alpha-casino/index.json"],
    ["/api/dataset/v1/", [], "responses/api/dataset/v1/index.json"],
    [
      BRANDS,
      [["since", "2025-01-15T00:00:00.000Z"]],
      "responses/api/dataset/v1/brands/since=2025-01-15T00:00:00.000Z.json",
    ],
  ])("%s %j → %s", (publicPath, pairs, file) => {
    expect(queryToPath(brandsEndpoint, publicPath, pairs)).toBe(file);
    expect(file.startsWith(`${RESPONSES_DIR}/`)).toBe(true);
  });

  it("names exports .ndjson", () => {
    expect(queryToPath(ndjsonEndpoint, "/resume/api/v1/resumes/export", [["page", "2"]])).toBe(
      "responses/resume/api/v1/resumes/export/page=2.ndjson",
    );
  });

  it.each<[string, string, [string, string][]]>([
    ["a value with a space", BRANDS, [["q", "alpha casino"]]],
    ["a value with a comma (a list)", BRANDS, [["status", "active,closed"]]],
    ["a value with a slash", BRANDS, [["q", "../../etc/passwd"]]],
    ["a value with a percent sign", BRANDS, [["q", "100%"]]],
    ["a non-ASCII value", BRANDS, [["q", "café"]]],
    ["an empty value", BRANDS, [["q", ""]]],
    ["a value with '='", BRANDS, [["q", "a=b"]]],
    ["a name with a space", BRANDS, [["a b", "1"]]],
    ["a '..' path segment", "/api/dataset/v1/brands/..", []],
    ["a '.' path segment", "/api/dataset/v1/./brands", []],
    ["an encoded path segment", "/api/dataset/v1/brands/a%2Fb", []],
    ["a path segment with a backslash", "/api/dataset/v1/brands/a\\b", []],
  ])("is undefined for %s (answered by the engine, never a file)", (_case, publicPath, pairs) => {
    expect(queryToPath(brandsEndpoint, publicPath, pairs)).toBeUndefined();
  });
});
