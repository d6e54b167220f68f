/**
 * Issue 28: a site page at the root has one canonical address (trailing slash), the other spelling a 301
 * to it; an unknown page address asked for by a browser gets the HTML 404 page, an API path its JSON error.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { MANIFEST_FILE, type Manifest } from "../../build/output-format/manifest.ts";
import { ENDPOINTS } from "../../build/query/endpoints.ts";
import { handleRequest, type HandlerDeps } from "../../build/serve/handle-request.ts";
import { canonicalPageAddress, wantsHtmlNotFound } from "../../build/serve/page-answers.ts";
import { createPrecomputedStore } from "../../build/serve/precomputed-store.ts";
import { sampleContext } from "../helpers/sample-host.ts";

const BROWSER_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
let deps: HandlerDeps;

beforeAll(async () => {
  const dist = inject("sampleDist");
  const manifest = JSON.parse(readFileSync(path.join(dist, MANIFEST_FILE), "utf8")) as Manifest;
  const { context } = await sampleContext();
  deps = { context, endpoints: ENDPOINTS, store: createPrecomputedStore(dist, manifest) };
});

const get = (url: string, accept?: string) =>
  handleRequest({ method: "GET", url, clientAddress: "192.0.2.1", ...(accept === undefined ? {} : { accept }) }, deps);

describe("canonicalPageAddress", () => {
  it.each([
    ["/methodology", "/methodology", "", "methodology/index.html", "/methodology/"],
    ["/markets/gb", "/markets/gb", "x=1", "markets/gb/index.html", "/markets/gb/?x=1"],
    ["/methodology/", "/methodology/", "", "methodology/index.html", undefined],
    ["/methodology/index.html", "/methodology/index.html", "", "methodology/index.html", undefined],
    ["/llms.txt", "/llms.txt", "", "llms.txt", undefined],
    ["/api/dataset/v1/docs", "/api/dataset/v1/docs", "", "api/dataset/v1/docs/index.html", undefined],
    ["/methodolog%79", "/methodology", "", "methodology/index.html", "/methodolog%79/"],
  ])("%s?%s (file %s) → %s", (rawPath, decoded, query, file, expected) => {
    expect(canonicalPageAddress(rawPath, decoded, query, file)).toBe(expected);
  });
});

describe("wantsHtmlNotFound", () => {
  it.each([
    ["/nothing/here", BROWSER_ACCEPT, true],
    ["/nothing/here", "application/json", false],
    ["/nothing/here", undefined, false],
    ["/nothing/here", "*/*", false],
    ["/api/dataset/v1/nothing", BROWSER_ACCEPT, false],
    ["/resume/api/v1", BROWSER_ACCEPT, false],
    ["/resume/api/v1x", "TEXT/HTML", true],
  ])("%s with Accept %s → %s", (decoded, accept, expected) => {
    expect(wantsHtmlNotFound(decoded, accept)).toBe(expected);
  });
});

describe("handleRequest: page addresses (issue 28)", () => {
  it("answers 301 from a root page without its trailing slash to the canonical address, query kept", async () => {
    for (const [url, location] of [
      ["/methodology", "/methodology/"],
      ["/downloads?x=1", "/downloads/?x=1"],
    ]) {
      const answer = await get(url!, BROWSER_ACCEPT);
      expect(answer.status, url).toBe(301);
      expect(answer.headers.Location, url).toBe(location);
    }
  });

  it("serves the canonical address and leaves the docs pages under the API base paths at theirs", async () => {
    for (const url of ["/methodology/", "/downloads/", "/", "/api/dataset/v1/docs", "/resume/api/v1/docs"])
      expect((await get(url, BROWSER_ACCEPT)).status, url).toBe(200);
  });

  it("gives a browser the HTML 404 page, with links back, for an unknown page address", async () => {
    const answer = await get("/no-such-page/", BROWSER_ACCEPT);
    expect(answer.status).toBe(404);
    expect(answer.headers["Content-Type"]).toBe("text/html; charset=utf-8");
    expect(answer.headers["Cache-Control"]).toBe("no-store");
    const html = String(answer.body);
    expect(html).toContain("<h1>Page not found</h1>");
    for (const href of [
      'href="/"',
      'href="/markets/"',
      'href="/resumes/"',
      'href="/methodology/"',
      'href="/downloads/"',
    ])
      expect(html).toContain(href);
  });

  it("keeps the JSON error for an API path, and for a client that does not ask for HTML", async () => {
    for (const [url, accept] of [
      ["/api/dataset/v1/no-such-endpoint", BROWSER_ACCEPT],
      ["/no-such-page/", "application/json"],
      ["/no-such-page/", undefined],
    ] as const) {
      const answer = await get(url, accept);
      expect(answer.status, url).toBe(404);
      expect(JSON.parse(String(answer.body)), url).toMatchObject({ error: "not_found", status: 404 });
    }
  });
});
