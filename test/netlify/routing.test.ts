/**
 * Netlify routing of the sample build, proven with Netlify's own parsers and matcher: every URL ends at
 * the function or at a static file whose bytes and contract headers are the host's answer for exactly
 * that request. A single wrong static answer fails. That each precomputed file is the engine's live answer
 * for its URL is the property suite's check (test/reliability/two-paths-suite.ts, every file of the build);
 * here, that Netlify reaches that very file for that URL, with the headers the host sends it with.
 */
import fc from "fast-check";
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { variantPath, type Encoding } from "../../build/output-format/compress-body.ts";
import type { Manifest } from "../../build/output-format/manifest.ts";
import { MANIFEST_FILE } from "../../build/output-format/manifest.ts";
import type { EngineContext } from "../../build/query/endpoint.ts";
import { ENDPOINTS } from "../../build/query/endpoints.ts";
import { handleRequest, type HandlerDeps } from "../../build/serve/handle-request.ts";
import { underApiBase } from "../../build/serve/page-answers.ts";
import { createLiveCache, DEFAULT_LIVE_CACHE_MB } from "../../build/serve/live-cache.ts";
import { createPrecomputedStore, EMPTY_STORE } from "../../build/serve/precomputed-store.ts";
import type { HostResponse } from "../../build/serve/response-headers.ts";
import { sampleContext } from "../helpers/sample-host.ts";
import { requestArbitrary } from "../reliability/request-arbitraries.ts";
import { requestVocabulary } from "../reliability/request-vocabulary.ts";
import { loadNetlifyRouter, type NetlifyRouter } from "./netlify-router.ts";

const CONTRACT_HEADERS = [
  "Content-Type",
  "Access-Control-Allow-Origin",
  "Access-Control-Expose-Headers",
  "Cache-Control",
  "Link",
  "X-Total-Count",
];

let dist: string;
let router: NetlifyRouter;
let manifest: Manifest;
let context: EngineContext;
let engine: HandlerDeps;
let withSite: HandlerDeps;
/** Every response file of the manifest, with the canonical URL it answers. */
let precomputed: { file: string; url: string }[];
let precomputedUrls: string[];
let siteFiles: Set<string>;

beforeAll(async () => {
  dist = inject("sampleDist");
  router = await loadNetlifyRouter(path.resolve("netlify.toml"), dist);
  manifest = JSON.parse(readFileSync(path.join(dist, MANIFEST_FILE), "utf8")) as Manifest;
  ({ context } = await sampleContext());
  // With the host's live cache, as `npm start` runs: a request drawn again (the OpenAPI documents often are)
  // is not computed again; the cache's bytes are the computed ones (test/serve/live-cache.test.ts).
  engine = {
    context,
    endpoints: ENDPOINTS,
    store: EMPTY_STORE,
    liveCache: createLiveCache(DEFAULT_LIVE_CACHE_MB * 1024 * 1024),
  };
  withSite = { context, endpoints: ENDPOINTS, store: createPrecomputedStore(dist, manifest) };
  precomputed = Object.keys(manifest.files).map((file) => ({ file, url: urlOfFile(file) }));
  precomputedUrls = precomputed.map(({ url }) => url);
  siteFiles = new Set(Object.values(manifest.site).map((entry) => entry.file));
});

/** The URL a response file answers, read back from its name: `responses/<path>/<k=v,k=v>.json` is `<path>?k=v&k=v`. */
function urlOfFile(file: string): string {
  const match = /^responses(\/.+)\/([^/]+)\.(?:json|ndjson)$/.exec(file);
  if (match === null) throw new Error(`Unexpected response file ${file}`);
  const [, publicPath, stem] = match as unknown as [string, string, string];
  return stem === "index" ? publicPath : `${publicPath}?${stem.split(",").join("&")}`;
}

function bodyOf(response: HostResponse): Buffer {
  const body = response.body;
  if (body === undefined) return Buffer.alloc(0);
  return typeof body === "string"
    ? Buffer.from(body)
    : Buffer.isBuffer(body)
      ? body
      : Buffer.from([...(body as Iterable<string>)].join(""));
}

/**
 * Routes `url` and, when a file answers it, checks that file against the engine's answer for that exact
 * request (checkStaticAnswer). Returns the kind.
 */
async function checkRoute(url: string): Promise<"function" | "static"> {
  const route = await router.route(url);
  if (route.kind === "not_found") throw new Error(`${url}: Netlify would answer a plain 404`);
  if (route.kind === "function") return "function";
  await checkStaticAnswer(url, route.file, siteFiles.has(route.file) ? withSite : engine);
  return "static";
}

/**
 * Checks the static `file` Netlify serves for `url` against the host's answer to that exact request: status
 * 200, the same bytes, the contract's headers from Netlify's header rules. The host answers from the engine
 * alone (`engine`) or from the files as `npm start` does (`withSite`: for a site file, or for a response
 * file, which the property suite proves equal to the engine's answer).
 */
async function checkStaticAnswer(url: string, file: string, host: HandlerDeps): Promise<void> {
  const isSite = siteFiles.has(file);
  const expected = await handleRequest({ method: "GET", url, clientAddress: "192.0.2.1" }, host);
  const served = readFileSync(path.join(dist, file));
  if (expected.status !== 200 || !served.equals(bodyOf(expected)))
    throw new Error(`${url}: static ${file} differs from the host's answer (status ${expected.status})`);
  // A response file is matched on its path (the target of a rewrite); a site file is served at the request's path.
  const servedPaths = isSite
    ? [decodeURIComponent(new URL(url, "http://127.0.0.1").pathname), `/${file}`]
    : [`/${file}`];
  // Differences are collected and thrown at once, as the bytes above: an `expect` per header of tens of
  // thousands of URLs cost more than the routing itself (issue 29).
  const differences: string[] = [];
  for (const servedPath of servedPaths) {
    const rules = router.headerRules(servedPath);
    const contentTypeRules = rules.filter((values) => "Content-Type" in values).length;
    if (contentTypeRules !== 1) differences.push(`${servedPath}: ${contentTypeRules} Content-Type rules, not one`);
    const headers = Object.assign({}, ...rules) as Record<string, string>;
    for (const name of CONTRACT_HEADERS)
      if (headers[name] !== expected.headers[name])
        differences.push(
          `${servedPath}: ${name} ${JSON.stringify(headers[name])}, the host's ${JSON.stringify(expected.headers[name])}`,
        );
  }
  if (differences.length > 0)
    throw new Error(`${url}: the headers Netlify would send differ (${differences.join("; ")})`);
}

describe("Netlify routing of the sample build (netlify.toml + generated _redirects/_headers)", () => {
  it("parses without errors and ends with the catch-all rewrite to the function", () => {
    const redirects = readFileSync(path.join(dist, "_redirects"), "utf8").trim().split("\n");
    expect(redirects.at(-1)).toBe("/* /.netlify/functions/api 200");
    expect(router.rules).toBe(redirects.filter((line) => !line.startsWith("#")).length);
  });

  it("has the response, rule and header counts docs/netlify.md gives for the sample (they drifted once unnoticed)", () => {
    const rules = readFileSync(path.join(dist, "_redirects"), "utf8")
      .trim()
      .split("\n")
      .filter((line) => !line.startsWith("#"));
    const forced = rules.filter((line) => line.endsWith(" 200!"));
    const parameterless = rules.filter((line) => line.includes(" ^#|^$|#=:q ") && !forced.includes(line));
    const headerBlocks = readFileSync(path.join(dist, "_headers"), "utf8")
      .split("\n")
      .filter((line) => line.startsWith("/")).length;
    const figures = [
      precomputedUrls.length,
      precomputedUrls.length,
      rules.length,
      parameterless.length,
      rules.length - forced.length - parameterless.length - 1,
      forced.length,
      headerBlocks,
    ].map((count) => count.toLocaleString("en-US"));
    const stated =
      /([\d,]+) of ([\d,]+) precomputed responses \(100%\) reached statically, by ([\d,]+) rules in `_redirects` \(([\d,]+) of them for parameterless files: cards and default pages; ([\d,]+) for query files; ([\d,]+) forced; the catch-all\); ([\d,]+) `_headers` blocks\./.exec(
        readFileSync("docs/netlify.md", "utf8").replace(/\s+/g, " "),
      );
    expect(stated?.slice(1)).toEqual(figures);
  });

  it("every precomputed response is reached statically by its canonical URL: that very file, with the host's bytes and headers", async () => {
    const elsewhere: string[] = [];
    for (const { file, url } of precomputed) {
      const route = await router.route(url);
      if (route.kind !== "static" || route.file !== file) elsewhere.push(`${url}: ${JSON.stringify(route)}`);
      // The host answers from the files here; the property suite proves each file is the engine's live answer.
      else await checkStaticAnswer(url, file, withSite);
    }
    expect(precomputed.length).toBeGreaterThan(1000);
    expect(elsewhere).toEqual([]);
  }, 600_000); // one matcher run per file: about 1 ms each in Netlify's WebAssembly matcher

  it("thousands of re-spelled, extended and random requests end at the function or at the engine's exact answer", async () => {
    const vocabulary = requestVocabulary(context, ENDPOINTS);
    const noise = fc.constantFrom<(url: string) => string>(
      (url) => url,
      (url) => `${url}${url.includes("?") ? "&" : "?"}foo=1`, // an unknown parameter
      (url) => `${url}${url.includes("?") ? "&" : "?"}page=2`, // one more (or a repeated) known parameter
      (url) => `${url}${url.includes("?") ? "&" : "?"}q=lotto`,
      (url) => `${url}${url.includes("?") ? "&" : ""}`, // a trailing separator
      (url) => url.replace(/\?|$/, "/$&"), // a trailing slash
      (url) =>
        url.replace(/=([A-Za-z])/, (_, letter: string) => `=%${letter.charCodeAt(0).toString(16).toUpperCase()}`), // a percent-encoded letter
      (url) => url.replace(/^\/(api|resume)/, (_, word: string) => `/${word.toUpperCase()}`),
    );
    const request = fc
      .tuple(fc.oneof(...ENDPOINTS.map((endpoint) => requestArbitrary(endpoint, vocabulary))), noise)
      .map(([drawn, change]) => change(drawn.url));
    const kinds = { function: 0, static: 0 };
    await fc.assert(
      fc.asyncProperty(request, async (url) => {
        kinds[await checkRoute(url)] += 1;
      }),
      { numRuns: 3000, seed: 6 },
    );
    // Both ends are exercised: canonical spellings drawn from the key space go static, the rest to the function.
    expect(kinds.static).toBeGreaterThan(100);
    expect(kinds.function).toBeGreaterThan(1000);
  }, 600_000); // 118 s pinned to one busy core

  it.each([
    ["a wrong letter case of a value", "/api/dataset/v1/brands?country=gb"],
    ["UK for GB", "/api/dataset/v1/brands?country=UK"],
    ["an unknown parameter", "/api/dataset/v1/brands?foo=1"],
    ["a parameter name in capitals", "/api/dataset/v1/brands?PAGE=2"],
    ["a page past the end", "/api/dataset/v1/brands?page=9999"],
    ["an invalid value", "/api/dataset/v1/brands?page=abc"],
    ["an unknown slug", "/api/dataset/v1/games/no-such-game"],
    ["the response tree itself", "/responses/api/dataset/v1/brands/index.json"],
    ["the engine's data", "/_engine/dataset.json"],
    ["the routing file", "/_redirects"],
    ["an unknown path", "/nothing/here"],
  ])("%s goes to the function: %s", async (_, url) => {
    expect(await router.route(url)).toEqual({ kind: "function" });
  });

  it("the compressed variants of site files go to the function, which answers 404 as the Node host does", async () => {
    const variants = Object.values(manifest.site).flatMap((entry) =>
      Object.keys(entry.encodings ?? {}).map((encoding) => `/${variantPath(entry.file, encoding as Encoding)}`),
    );
    expect(variants).toEqual(
      expect.arrayContaining([
        "/index.html.br",
        "/index.html.gz",
        "/llms.txt.br",
        "/downloads/datapackage.json.gz",
        "/methodology/index.html.gz",
      ]),
    );
    for (const url of variants) {
      expect(await router.route(url), url).toEqual({ kind: "function" });
      expect((await handleRequest({ method: "GET", url, clientAddress: "192.0.2.1" }, withSite)).status, url).toBe(404);
    }
  });

  it("a page's file without its .html (/index, /methodology/index), which Netlify's lookup would serve as the page, goes to the function, which answers 404 as the Node host does", async () => {
    const pages = Object.values(manifest.site).filter((entry) => entry.file.endsWith(".html"));
    const urls = pages.flatMap((entry) => [
      `/${entry.file.slice(0, -".html".length)}`,
      `/${entry.file.slice(0, -".html".length)}/`,
    ]);
    expect(urls).toEqual(
      expect.arrayContaining([
        "/index",
        "/index/",
        "/methodology/index",
        "/downloads/index",
        "/api/dataset/v1/docs/index",
      ]),
    );
    for (const url of urls) {
      expect(await router.route(url), url).toEqual({ kind: "function" });
      expect((await handleRequest({ method: "GET", url, clientAddress: "192.0.2.1" }, withSite)).status, url).toBe(404);
    }
  });

  /** A site file's canonical address: a page at the root with its trailing slash (issue 28), the others as listed. */
  const canonicalOf = (urlPath: string, file: string): string =>
    urlPath !== "/" && file.endsWith("index.html") && underApiBase(urlPath) === false ? `${urlPath}/` : urlPath;

  /**
   * Netlify serves the site file `file` itself for `url` (no rule), with the host's bytes and headers: what
   * checkRoute checks, on the one routing the expected route was read from (routing twice doubled the cost).
   */
  const checkSiteFileAt = async (url: string, file: string): Promise<void> => {
    expect(await router.route(url), url).toEqual({ kind: "static", file, viaRule: false });
    await checkStaticAnswer(url, file, withSite);
  };

  it("site files are served at their canonical address, whatever the query string", async () => {
    for (const [key, entry] of Object.entries(manifest.site)) {
      const urlPath = canonicalOf(key, entry.file);
      for (const url of [urlPath, `${urlPath}?x=1`]) await checkSiteFileAt(url, entry.file);
    }
  });

  it("site files are served at a percent-encoded spelling of their path too: Netlify decodes the path before its lookup, as the Node host's router does", async () => {
    // The last character percent-encoded: `/llms.txt` is asked for as `/llms.tx%74`, `/methodology/` as `/methodology%2F`.
    for (const [key, entry] of Object.entries(manifest.site)) {
      if (key === "/") continue;
      const urlPath = canonicalOf(key, entry.file);
      const url = `${urlPath.slice(0, -1)}%${urlPath
        .charCodeAt(urlPath.length - 1)
        .toString(16)
        .toUpperCase()}`;
      await checkSiteFileAt(url, entry.file);
    }
    for (const url of ["/llms%2Etxt", "/%69ndex.html", "/downloads%2Fdatapackage.json", "/methodology%2F"])
      expect(await checkRoute(url), url).toBe("static");
  });

  it("a root page asked for without its trailing slash: the host answers 301 to the canonical address; Netlify's static lookup serves the same page, which names its canonical address", async () => {
    const pages = Object.entries(manifest.site).filter(([key, entry]) => canonicalOf(key, entry.file) !== key);
    expect(pages.map(([key]) => key)).toEqual(
      expect.arrayContaining(["/methodology", "/downloads", "/markets", "/markets/gb", "/brands", "/resumes"]),
    );
    for (const [key, entry] of pages) {
      const answer = await handleRequest({ method: "GET", url: key, clientAddress: "192.0.2.1" }, withSite);
      expect(answer.status, key).toBe(301);
      expect(answer.headers.Location, key).toBe(`${key}/`);
      // Netlify matches a rule path with or without its trailing slash, so a forced 301 rule would also
      // catch the canonical address and loop; its static lookup answers both spellings with the page.
      expect(await router.route(key), key).toEqual({ kind: "static", file: entry.file, viaRule: false });
      expect(readFileSync(path.join(dist, entry.file), "utf8"), key).toContain(
        `<link rel="canonical" href="${context.dataset.site.base_url}${key}/">`,
      );
    }
  });

  it("a file that is no page, asked for with a page's file name after it (/llms.txt/index.html), is no file on Netlify: the function's 404, as on the Node host", async () => {
    const files = Object.entries(manifest.site).filter(([, entry]) => !entry.file.endsWith("index.html"));
    expect(files.map(([urlPath]) => urlPath)).toEqual(
      expect.arrayContaining(["/llms.txt", "/downloads/datapackage.json"]),
    );
    for (const [urlPath] of files) {
      const url = `${urlPath}/index.html`;
      expect(await router.route(url), url).toEqual({ kind: "function" });
      const answer = await handleRequest({ method: "GET", url, clientAddress: "192.0.2.1" }, withSite);
      expect(answer.status, url).toBe(404);
      expect(JSON.parse(String(answer.body)), url).toMatchObject({ error: "not_found" });
    }
  });

  it("matching each path against its block of rules agrees with one matcher over every rule", async () => {
    const sample = [
      ...precomputedUrls.filter((_, i) => i % 997 === 0),
      "/api/dataset/v1/brands?page=2&x=1",
      "/api/dataset/v1/games/no-such-game",
      "/responses/api/dataset/v1/index.json",
      "//api/dataset/v1/brands",
      "/api/dataset/v1/brands/",
      // Queries the sharded matcher judges before matching (netlify-router.ts mayMatchQuery): exact, re-cased, reordered, extended.
      "/api/dataset/v1/index?country=GB&period=2025-06",
      "/api/dataset/v1/index?country=gb&period=2025-06",
      "/api/dataset/v1/index?period=2025-06&country=GB",
      "/api/dataset/v1/index?country=GB&period=2025-06&page=2",
      "/api/dataset/v1/index?country=%47B",
    ];
    for (const url of sample) expect(await router.routeWithFullMatcher(url), url).toEqual(await router.route(url));
  });
});
