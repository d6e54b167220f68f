import { describe, expect, it } from "vitest";
import { HttpError } from "../../build/errors.ts";
import type { Endpoint } from "../../build/query/endpoint.ts";
import { endpointPath, matchRoute, notFound } from "../../build/query/routes.ts";

const endpoint = (id: string, path: string, service: Endpoint["service"] = "dataset"): Endpoint => ({
  id,
  service,
  path,
  summary: id,
  format: "json",
  params: [],
  run: () => ({ kind: "json", body: null }),
});
const ENDPOINTS = [
  endpoint("discovery", "/"),
  endpoint("brands", "/brands"),
  endpoint("brand", "/brands/{slug}"),
  endpoint("history", "/brands/{slug}/trust-history"),
  endpoint("export", "/resumes/export", "resumes"),
  endpoint("resume", "/resumes/{id}", "resumes"),
];

describe("matchRoute", () => {
  it.each<[string, string, Record<string, string>]>([
    ["/api/dataset/v1/", "discovery", {}],
    ["/api/dataset/v1", "discovery", {}], // the base path without trailing slash
    ["/api/dataset/v1/brands", "brands", {}],
    ["/api/dataset/v1/brands/", "brands", {}],
    ["/api/dataset/v1/brands/alpha-casino", "brand", { slug: "alpha-casino" }],
    ["/api/dataset/v1/brands/alpha-casino/trust-history", "history", { slug: "alpha-casino" }],
    ["/api/dataset/v1/brands/caf%C3%A9", "brand", { slug: "café" }], // segments are decoded
    ["/api/dataset/v1/brands/x%2Ftrust-history", "history", { slug: "x" }], // decoded before splitting, as a CDN router does
    ["/api/dataset/v1/brands/..", "brand", { slug: ".." }],
    ["/api/dataset/v1/brands/a+b", "brand", { slug: "a+b" }], // '+' is a space in queries only
    ["/api/dataset/v1/brands/a%2Bb%20c", "brand", { slug: "a+b c" }],
    ["/resume/api/v1/resumes/export", "export", {}], // a static segment wins over a slot
    ["/resume/api/v1/resumes/17", "resume", { id: "17" }],
  ])("%s → %s %j", (path, id, pathParams) => {
    const match = matchRoute(ENDPOINTS, path);
    expect(match?.endpoint.id).toBe(id);
    expect(match?.pathParams).toEqual(pathParams);
  });

  it.each([
    ["/"],
    ["/api"],
    ["/api/dataset/v2/brands"],
    ["/api/dataset/v1/brand"],
    ["/api/dataset/v1/BRANDS"], // paths are case-sensitive
    ["/api/dataset/v1/brands/a/b"],
    ["/api/dataset/v1/brands/a%2Fb"], // an encoded slash is a slash
    ["/api/dataset/v1/../../etc/passwd"],
    ["/resume/api/v1/brands"], // another service's path
  ])("matches nothing at %s", (path) => {
    expect(matchRoute(ENDPOINTS, path)).toBeUndefined();
  });

  it.each([["/api/dataset/v1/brands/%zz"], ["/api/dataset/v1/brands/%E0%A4%A"], ["/api/dataset/v1/%"]])(
    "refuses the malformed encoding of %s with 400 bad_request",
    (path) => {
      expect(() => matchRoute(ENDPOINTS, path)).toThrow(HttpError);
      try {
        matchRoute(ENDPOINTS, path);
      } catch (error) {
        expect((error as HttpError).toBody()).toMatchObject({ error: "bad_request", status: 400 });
      }
    },
  );
});

describe("endpointPath", () => {
  it.each<[string, Record<string, string>, string]>([
    ["discovery", {}, "/api/dataset/v1/"],
    ["brands", {}, "/api/dataset/v1/brands"],
    ["brand", { slug: "alpha-casino" }, "/api/dataset/v1/brands/alpha-casino"],
    ["history", { slug: "a/b c" }, "/api/dataset/v1/brands/a%2Fb%20c/trust-history"],
    ["resume", { id: "17" }, "/resume/api/v1/resumes/17"],
  ])("%s %j → %s", (id, pathParams, path) => {
    expect(endpointPath(ENDPOINTS.find((entry) => entry.id === id)!, pathParams)).toBe(path);
  });
});

describe("notFound", () => {
  it("is a 404 not_found without details", () => {
    expect(notFound().toBody()).toEqual({ error: "not_found", message: expect.any(String), status: 404 });
  });
});
