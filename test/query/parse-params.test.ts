import { describe, expect, it } from "vitest";
import { HttpError } from "../../build/errors.ts";
import { brandsEndpoint } from "../../build/query/dataset/brands.ts";
import { compareEndpoint } from "../../build/query/dataset/compare.ts";
import type { Endpoint } from "../../build/query/endpoint.ts";
import { parseParams } from "../../build/query/parse-params.ts";
import { parseQueryString } from "../../build/query/parse-query-string.ts";
import { probeEndpoint } from "./probe-endpoint.ts";

/** Parses a raw query string for an endpoint. */
const parse = (endpoint: Endpoint, query: string) => parseParams(endpoint, parseQueryString(query));

/** The contract body of the HttpError thrown while parsing. */
function errorOf(endpoint: Endpoint, query: string) {
  try {
    parse(endpoint, query);
  } catch (error) {
    if (error instanceof HttpError) return error.toBody();
    throw error;
  }
  throw new Error(`accepted ${query}`);
}

describe("parseParams", () => {
  it.each<[string, Record<string, unknown>]>([
    ["", {}],
    ["status=", {}], // empty = absent
    ["status=&country=&q=", {}],
    ["status=active&status=", { status: ["active"] }], // an empty repeat adds nothing
    ["page=&page=2", { page: 2 }], // also to a single value: the empty one is absent, not an empty item before a comma
    ["has_license=0&has_license=", { has_license: false }],
    ["status=,", {}], // a list with no item is as empty as an empty value
    ["status=%20,%20,&country=,,", {}],
    ["sort=%20&order=%20%20", {}], // a single vocabulary value is trimmed too: only spaces is empty
    ["sort=%20trust_score%20", { sort: "trust_score" }],
    ["q=" + "%20".repeat(201), {}], // only spaces is empty at any length, not a text over the limit
    ["status=active,", { status: ["active"] }],
    ["status=active&status=closed", { status: ["active", "closed"] }], // repeated = comma-joined
    ["status=closed,active", { status: ["active", "closed"] }],
    ["status=ACTIVE", { status: ["active"] }], // key values are case-insensitive
    ["country=uk", { country: ["GB"] }],
    ["country=gb,UK&country=de", { country: ["DE", "GB"] }],
    ["country=xx", { country: ["XX"] }], // open vocabulary: any value, matches nothing
    ["has_license=1", { has_license: true }],
    ["has_license=true", { has_license: true }],
    ["has_license=0", { has_license: false }],
    ["has_license=false", { has_license: false }],
    ["q=Alpha%20%20Casino", { q: "Alpha Casino" }],
    ["sort=trust_score", { sort: "trust_score" }],
    ["sort=trust_score&order=desc", { sort: "trust_score" }], // the natural order is dropped
    ["sort=trust_score&order=asc", { sort: "trust_score", order: "asc" }],
    ["order=asc", {}], // name sorts ascending by nature
    ["order=desc", { order: "desc" }],
    ["page=2&per_page=100", { page: 2, per_page: 100 }],
    ["limit=20", { per_page: 20 }], // limit is an alias of per_page
    ["limit=20&per_page=20", { per_page: 20 }],
  ])("/brands?%s → %j", (query, params) => {
    expect(parse(brandsEndpoint, query).params).toEqual(params);
  });

  it("lists the names the client sent with a value", () => {
    expect([...parse(brandsEndpoint, "status=active&q=&page=2").present].sort()).toEqual(["page", "status"]);
  });

  it.each([
    ["ROLE=seo", "ROLE"], // names are case-sensitive
    ["Status=active", "Status"],
    ["STATUS=active", "STATUS"],
    ["foo=1", "foo"],
    ["foo=", "foo"],
    ["grade=a", "grade"], // a parameter of another endpoint
    ["status=active&utm_source=x", "utm_source"],
  ])("/brands?%s → 400 unknown_parameter naming %s and the allowed names", (query, parameter) => {
    expect(errorOf(brandsEndpoint, query)).toEqual({
      error: "unknown_parameter",
      message: expect.stringContaining(`'${parameter}'`),
      status: 400,
      details: {
        parameter,
        allowed: ["status", "has_license", "country", "q", "sort", "order", "page", "per_page", "limit"],
      },
    });
  });

  it("truncates a very long unknown name in the message and details", () => {
    const body = errorOf(brandsEndpoint, `${"x".repeat(500)}=1`);
    expect((body.details as { parameter: string }).parameter).toHaveLength(101);
  });

  it.each([
    ["status=open", "status", "open"],
    ["status=active,open", "status", "active,open"],
    ["has_license=yes", "has_license", "yes"],
    ["has_license=2", "has_license", "2"],
    ["sort=price", "sort", "price"],
    ["order=up", "order", "up"],
    ["page=0", "page", "0"],
    ["page=-1", "page", "-1"],
    ["page=abc", "page", "abc"],
    ["page=1.5", "page", "1.5"],
    ["page=%20", "page", " "], // numbers are not trimmed: a space is a malformed number, not an empty value
    ["has_license=%20", "has_license", " "],
    ["page=1&page=2", "page", "1,2"], // repeated single value
    ["per_page=0", "per_page", "0"],
    ["per_page=101", "per_page", "101"],
    ["limit=101", "limit", "101"],
    ["limit=0", "limit", "0"],
    ["q=" + "a".repeat(201), "q", "a".repeat(100) + "…"],
  ])("/brands?%s → 400 invalid_parameter with parameter, value and expected", (query, parameter, value) => {
    const body = errorOf(brandsEndpoint, query);
    expect(body).toMatchObject({ error: "invalid_parameter", status: 400, details: { parameter, value } });
    expect(typeof (body.details as { expected: unknown }).expected).toBe("string");
    expect(body.message).toContain(`'${parameter}'`);
  });

  it.each([["limit=20&per_page=30"], ["per_page=30&limit=20"], ["limit=50&per_page=10"]])(
    "/brands?%s: limit and per_page that disagree → 400",
    (query) => {
      const limit = /limit=(\d+)/.exec(query)![1];
      expect(errorOf(brandsEndpoint, query)).toMatchObject({
        error: "invalid_parameter",
        status: 400,
        details: { parameter: "limit", value: limit },
      }); // the value as text, as in every error
    },
  );

  it.each<[string, Record<string, unknown>]>([
    ["min=0", { min: 0 }],
    ["min=10", { min: 10 }],
    ["period=2024-02", { period: "2024-02" }],
    ["since=2024-02-29", { since: "2024-02-29T00:00:00.000Z" }],
    ["since=2024-02-29T12:00:00%2B01:00", { since: "2024-02-29T11:00:00.000Z" }],
    ["code=ukgc", { code: "UKGC" }],
    ["slugs=b,a", { slugs: ["b", "a"] }],
    ["kind=slot", { kind: "slot" }],
  ])("probe?%s → %j", (query, params) => {
    expect(parse(probeEndpoint, query).params).toEqual(params);
  });

  it.each([
    ["min=11"],
    ["min=-1"],
    ["period=2024-13"],
    ["period=24-01"],
    ["since=2025-02-30"], // a rolled-over date
    ["since=2025-04-31T00:00:00Z"],
    ["since=2025-01-01T10"], // an hour alone (reduced precision) is not taken
    ["slugs=a,a"],
    ["brand=a,b"],
  ])("probe?%s → 400 invalid_parameter", (query) => {
    expect(errorOf(probeEndpoint, query)).toMatchObject({ error: "invalid_parameter", status: 400 });
  });

  it("treats a text value of only spaces as absent", () => {
    const parsed = parse(brandsEndpoint, "q=%20%20&status=active");
    expect(parsed.params).toEqual({ status: ["active"] });
    expect(parsed.present.has("q")).toBe(false);
  });

  it.each([
    ["", "missing_parameter"],
    ["brands=", "missing_parameter"],
    ["brands=a", "invalid_parameter"],
    ["brands=a,b,c,d,e,f", "invalid_parameter"],
    ["brands=a,b,a", "invalid_parameter"],
  ])("/compare?%s → 400 %s", (query, code) => {
    expect(errorOf(compareEndpoint, query)).toMatchObject({
      error: code,
      status: 400,
      details: { parameter: "brands" },
    });
  });
});
