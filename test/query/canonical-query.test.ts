import { describe, expect, it } from "vitest";
import { canonicalPairs, encodeQuery } from "../../build/query/canonical-query.ts";
import { brandsEndpoint } from "../../build/query/dataset/brands.ts";
import { trustScoresEndpoint } from "../../build/query/dataset/trust-scores.ts";
import type { Endpoint } from "../../build/query/endpoint.ts";
import { parseParams } from "../../build/query/parse-params.ts";
import { parseQueryString } from "../../build/query/parse-query-string.ts";

const canonical = (endpoint: Endpoint, query: string) =>
  encodeQuery(canonicalPairs(endpoint, parseParams(endpoint, parseQueryString(query)).params));

describe("canonicalPairs", () => {
  it.each([
    ["", ""],
    ["page=2&country=gb", "country=GB&page=2"], // sorted by name
    ["country=gb&page=2", "country=GB&page=2"],
    ["page=1", ""], // defaults dropped
    ["per_page=50&page=1&sort=name", ""],
    ["sort=name&order=asc", ""], // natural order dropped
    ["sort=trust_score&order=desc", "sort=trust_score"],
    ["sort=trust_score&order=asc", "order=asc&sort=trust_score"],
    ["order=desc", "order=desc"],
    ["limit=20", "per_page=20"], // the alias takes the target's name
    ["limit=50", ""],
    ["status=closed&status=active", "status=active,closed"], // lists sorted, commas left unencoded
    ["country=UK,de,gb", "country=DE,GB"],
    ["has_license=true", "has_license=1"],
    ["has_license=false", "has_license=0"],
    ["q=Alpha%20Casino", "q=Alpha%20Casino"], // text kept as typed (trimmed), percent-encoded
    ["q=a%26b%3Dc", "q=a%26b%3Dc"],
  ])("/brands?%s → %j", (query, expected) => {
    expect(canonical(brandsEndpoint, query)).toBe(expected);
  });

  it.each([
    ["order=desc", ""],
    ["sort=score&order=desc&page=1", ""],
    ["order=asc", "order=asc"],
    ["grade=b,A", "grade=a,b"],
  ])("/trust-scores?%s → %j", (query, expected) => {
    expect(canonical(trustScoresEndpoint, query)).toBe(expected);
  });

  it("gives every spelling of the same query one key", () => {
    const spellings = [
      "country=gb&status=active&page=2",
      "status=ACTIVE&page=2&country=UK",
      "page=2&country=GB&country=&status=active&sort=name&order=asc",
      "status=active&status=active&country=gb,uk&page=02&per_page=50",
    ];
    expect(new Set(spellings.map((query) => canonical(brandsEndpoint, query)))).toEqual(
      new Set(["country=GB&page=2&status=active"]),
    );
  });
});
