/**
 * The site as a person sees it: Debian's headless Chromium, driven by playwright-core, opens the
 * landing page on the sample host, follows its links to the methodology page and both docs pages,
 * and checks the charts are drawn, with no console error and no failed request. Screenshots go to
 * test-output/screenshots/ (git-ignored). A breadth-first crawl from `/` then visits every page of
 * the site the links reach, in the same browser, and checks every link on them, that each page has
 * one main element and a skip link that moves the focus past the navigation, and that axe-core finds no
 * accessibility fault on it. The same browser, in a context of its own, then runs the suite of the pages
 * for people at two widths (portal-browser.ts): one Chromium and one host per run (issue 29).
 *
 * Without Chromium the test fails in CI (`.ci/run` installs it) and is skipped elsewhere with a message.
 */
import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ARGS,
  axeViolations,
  CHROMIUM,
  trackRequests,
  watch,
  type Problems,
  type Settle,
} from "../helpers/chromium.ts";
import { SAMPLE_BASE_URL } from "../helpers/global-setup.ts";
import { useSampleHost, type SampleHost } from "../helpers/sample-host.ts";
import { describePortalPages } from "./portal-browser.ts";

const SCREENSHOTS = path.resolve("test-output/screenshots");
const missing = !existsSync(CHROMIUM);
const inCi = Boolean(process.env.CI);

if (missing && !inCi)
  console.warn(
    `[browser.test] SKIPPED: no Chromium at ${CHROMIUM}. Install Debian's with 'apt-get install -y chromium' (or set CHROMIUM_PATH) to run the browser test.`,
  );

/** The API reference pages: Swagger UI renders them, and adds its own h1 (the API's title) under the page's. */
const REFERENCE_PAGES = ["/api/dataset/v1/docs", "/resume/api/v1/docs"];
/** Swagger UI's h1, the one a reference page may have besides its own. */
const SWAGGER_TITLE = "#swagger-ui .info h1.title";
/**
 * axe-core's rules turned off on the API reference pages, for faults in Swagger UI's own markup that
 * our stylesheet and docs-init.js cannot mend (they mend its contrast, its unnamed servers select and its
 * content outside landmarks). Never on our own pages.
 * - nested-interactive: each operation's summary is a <button> holding a link to the operation (its
 *   deep link), a control inside a control; turning deepLinking off would drop those links altogether.
 */
const REFERENCE_AXE_EXCEPTIONS = ["nested-interactive"];

/** Bounds of the crawl (today: about 15 pages, 980 other addresses of the site, most of them market and brand pages). */
const MAX_PAGES = 25;
const MAX_ADDRESSES = 1500;
/**
 * A market or brand page (`/markets/gb/`, `/brands/<slug>/`), the resume search with a resume open
 * (`/resumes/?id=…`), or a download's data dictionary (`/downloads/dictionary/<table>/`): every one linked
 * is checked to answer 200 with HTML, but only the first of each kind is visited (875 pages of one template
 * each, one page in many states, one dictionary page per download); the portal browser test visits more
 * market and brand pages at two widths, and test/publish/exports-fixture-site.test.ts reads every dictionary.
 */
const DETAIL_PAGE = /^\/(markets|brands)\/[^/]+\/$|^\/(resumes)\/\?|^\/downloads\/(dictionary)\/[^/]+\/$/;

/** Every link of the site to another origin (not fetched): a new one must show up here as a change. */
const EXTERNAL_LINKS = [
  "https://creativecommons.org/licenses/by/4.0/",
  "https://data.example.com/",
  "https://data.example.com/resume/",
  "mailto:data@example.com",
];

/**
 * Links (`page: href`) to the build's --base-url, which the sample host does not serve (it runs on another
 * port, as after `npm run build` then `PORT=9000 npm start`): for a user of that host they would lead
 * nowhere. The site's own links are root-relative (build/publish/site-links.ts), and on the API reference
 * pages docs-init.js points the OpenAPI document's links to the published site (its externalDocs) here.
 */

/**
 * HEAD requests the crawl keeps in flight at once: one after another, the 900 addresses of a round waited on
 * each round trip in turn; a few at a time keep the host and the test both busy, and each answer is
 * still read in the round's sorted order.
 */
const HEAD_REQUESTS_AT_ONCE = 8;

/** `work` for each item, at most `limit` at once; the results in the items' order. */
async function inParallel<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const at = next++;
      results[at] = await work(items[at]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** What a breadth-first crawl of the site found. */
interface Crawl {
  /** The HTML pages visited, in visiting order. */
  pages: string[];
  /** The other addresses of the site that the pages link, each fetched once from Node. */
  files: string[];
  /** Links to other origins, sorted. */
  external: string[];
  /** `page: href` of every link to the build's base URL. */
  baseUrl: string[];
  /** Everything wrong, each naming its page or its link and the pages that carry it. */
  failures: string[];
  /** Market and brand pages checked to answer HTML without a visit. */
  checked: number;
}

/** Opens one page of the crawl and checks it; returns the absolute targets of its links. */
async function visitPage(
  page: Page,
  problems: Problems,
  settle: Settle,
  url: string,
  address: string,
  failures: string[],
): Promise<string[]> {
  const fail = (what: string) => failures.push(`page ${address}: ${what}`);
  const before = { console: problems.console.length, failed: problems.failed.length };
  const response = await page.goto(url);
  if (response?.status() !== 200) fail(`answered ${response?.status() ?? "nothing"}, not 200`);
  const reference = REFERENCE_PAGES.includes(address);
  if ((await page.locator("#swagger-ui").count()) > 0 !== reference)
    fail(
      reference
        ? "is an API reference page without Swagger UI"
        : "has Swagger UI, yet is not one of the API reference pages",
    );
  if (reference) {
    // Swagger UI fetches the OpenAPI document and renders it after the load: wait for its operations
    // (listed collapsed; the crawl reads the links of the page as a reader first sees it).
    const rendered = await page
      .locator("#swagger-ui .opblock")
      .first()
      .waitFor({ timeout: 30_000 })
      .then(
        () => true,
        () => false,
      );
    if (!rendered) fail("Swagger UI rendered no operation");
  }
  await settle();

  if ((await page.title()).trim() === "") fail("has no <title>");
  const lang = await page.locator("html").getAttribute("lang");
  if (!lang) fail("has no <html lang>");
  const headings = await page
    .locator("h1")
    .evaluateAll(
      (nodes, swagger) =>
        nodes.map((node) => ({ text: (node.textContent ?? "").trim(), swagger: node.matches(swagger) })),
      SWAGGER_TITLE,
    );
  const own = headings.filter((heading) => !heading.swagger);
  const swagger = headings.filter((heading) => heading.swagger);
  if (own.length !== 1 || own[0]!.text === "")
    fail(
      `has ${own.length} h1 of its own (${JSON.stringify(own.map((heading) => heading.text))}), not exactly one with text`,
    );
  if (swagger.length !== (reference ? 1 : 0))
    fail(
      `has ${swagger.length} h1 from Swagger UI, ${reference ? "not exactly the API's title" : "yet is not an API reference page"}`,
    );
  // One main element (on the reference pages Swagger UI's own), and a skip link, the first stop of the
  // keyboard, that moves the focus past the navigation to the content.
  const mains = await page.locator("main").count();
  if (mains !== 1) fail(`has ${mains} main elements, not exactly one`);
  await page.keyboard.press("Tab");
  // (Expressions, not functions: the test is type-checked without the DOM's types.)
  const skip = await page.evaluate<string | null>(
    `document.activeElement.matches("a.skip[href^='#']") ? document.activeElement.getAttribute("href") : null`,
  );
  if (skip === null) fail("has no skip link as its first focusable element");
  else {
    await page.keyboard.press("Enter");
    const landed = await page.evaluate<boolean>(`document.activeElement.closest(${JSON.stringify(skip)}) !== null`);
    if (!landed) fail(`its skip link does not move the focus to ${skip}`);
  }
  const noAlt = await page
    .locator("img:not([alt])")
    .evaluateAll((nodes) => nodes.map((node) => String(node.getAttribute("src"))));
  for (const src of noAlt) fail(`<img src="${src}"> has no alt`);

  for (const violation of await axeViolations(page, reference ? REFERENCE_AXE_EXCEPTIONS : [])) fail(violation);

  for (const problem of problems.console.slice(before.console)) fail(`console error: ${problem}`);
  for (const problem of problems.failed.slice(before.failed)) fail(`failed request: ${problem}`);
  // The resolved targets (`a.href`), so relative links count as their page reads them.
  return page.locator("a[href]").evaluateAll((nodes) => nodes.map((node) => String((node as { href?: unknown }).href)));
}

/**
 * Crawls the site breadth-first from `/` in the browser: each round visits the new pages in sorted
 * order; the addresses their links name are then each fetched once from Node (HEAD, redirects not
 * followed), and those answering HTML are the next round's pages.
 */
async function crawlSite(context: BrowserContext, host: SampleHost): Promise<Crawl> {
  const origin = new URL(host.url).origin;
  const baseOrigin = new URL(SAMPLE_BASE_URL).origin;
  const page = await context.newPage();
  const problems = watch(page);
  const settle = trackRequests(page);
  const crawl: Crawl = { pages: [], files: [], external: [], baseUrl: [], failures: [], checked: 0 };
  const visitedKinds = new Set<string>();
  const external = new Set<string>();
  const baseUrl = new Set<string>();
  /** Each address of the site found so far, with the pages that link it. */
  const linkedFrom = new Map<string, Set<string>>([["/", new Set(["(start)"])]]);
  const answered = new Map<string, string>();
  let round = ["/"];
  try {
    while (round.length > 0) {
      const found: string[] = [];
      for (const address of round) {
        if (crawl.pages.length === MAX_PAGES)
          throw new Error(
            `the crawl passed ${MAX_PAGES} pages: raise MAX_PAGES if the site grew (pages so far: ${crawl.pages.join(", ")})`,
          );
        crawl.pages.push(address);
        for (const href of await visitPage(page, problems, settle, `${origin}${address}`, address, crawl.failures)) {
          const target = new URL(href);
          if (target.origin !== origin) {
            if (target.origin === baseOrigin) baseUrl.add(`${address}: ${href}`);
            else external.add(href);
            continue;
          }
          const path = `${target.pathname}${target.search}`;
          if (!linkedFrom.has(path)) {
            linkedFrom.set(path, new Set());
            found.push(path);
          }
          linkedFrom.get(path)!.add(address);
        }
      }
      if (linkedFrom.size > MAX_ADDRESSES)
        throw new Error(
          `the crawl passed ${MAX_ADDRESSES} addresses of the site: raise MAX_ADDRESSES if the site grew`,
        );
      round = [];
      const sorted = found.sort();
      const responses = await inParallel(sorted, HEAD_REQUESTS_AT_ONCE, (path) =>
        host.get(path, { method: "HEAD", redirect: "manual" }),
      );
      for (const [at, path] of sorted.entries()) {
        const response = responses[at]!;
        if (response.status !== 200)
          answered.set(
            path,
            `answered ${response.status}${response.headers.has("location") ? ` (to ${response.headers.get("location")})` : ""}, not 200`,
          );
        else if ((response.headers.get("content-type") ?? "").startsWith("text/html")) {
          const match = DETAIL_PAGE.exec(path);
          const kind = match === null ? undefined : (match[1] ?? match[2] ?? match[3]);
          if (kind === undefined || !visitedKinds.has(kind)) round.push(path);
          else crawl.checked += 1;
          if (kind !== undefined) visitedKinds.add(kind);
        } else crawl.files.push(path);
      }
    }
  } finally {
    await page.close();
  }
  for (const [path, what] of answered)
    crawl.failures.push(`link ${path} (on ${[...linkedFrom.get(path)!].sort().join(", ")}) ${what}`);
  crawl.files.sort();
  crawl.external = [...external].sort();
  crawl.baseUrl = [...baseUrl].sort();
  return crawl;
}

describe.skipIf(missing && !inCi)("headless Chromium on the sample host", () => {
  // One Chromium and one host for both suites of the file (issue 29): each suite has a context of its own.
  const host = useSampleHost({ socket: true });
  let chromiumBrowser: Browser | undefined;

  beforeAll(async () => {
    if (missing)
      throw new Error(
        `Chromium is missing at ${CHROMIUM}, and CI must run the browser test: .ci/run installs it with apt-get install chromium.`,
      );
    await mkdir(SCREENSHOTS, { recursive: true });
    chromiumBrowser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
  });

  afterAll(async () => {
    await chromiumBrowser?.close();
  });

  describe("the site in headless Chromium", () => {
    let browser: BrowserContext | undefined;
    let page: Page;
    let problems: Problems;
    let settle: Settle;

    beforeAll(async () => {
      browser = await chromiumBrowser!.newContext({ viewport: { width: 1280, height: 900 } });
      await browser.grantPermissions(["clipboard-read", "clipboard-write"], { origin: host.url });
      page = await browser.newPage();
      problems = watch(page);
      settle = trackRequests(page);
    });

    afterAll(async () => {
      await browser?.close();
    });

    async function follow(href: string, screenshot: string): Promise<void> {
      await page.goto(`${host.url}/`);
      await Promise.all([
        page.waitForURL((url) => url.pathname === href),
        page.locator(`main a[href="${href}"]`).first().click(),
      ]);
      await settle();
      await page.screenshot({ path: path.join(SCREENSHOTS, screenshot), fullPage: true });
    }

    it("opens the landing page with both datasets and the attribution snippet; the downloads page lists every download", async () => {
      const response = await page.goto(`${host.url}/`);
      expect(response?.status()).toBe(200);
      await expect(page.locator("h1").textContent()).resolves.toContain("Open Demand Dataset");
      await expect(page.locator("main").innerText()).resolves.toContain("casino and betting brands");
      await expect(page.locator("code#attribution-dataset").textContent()).resolves.toContain(
        "https://data.example.com/",
      );
      await page.screenshot({ path: path.join(SCREENSHOTS, "landing.png"), fullPage: true });
      await page.goto(`${host.url}/downloads/`);
      const resources = ((await (await host.get("/downloads/datapackage.json")).json()) as { resources: unknown[] })
        .resources;
      await expect(page.locator("#downloads ~ div table tbody th.file a").count()).resolves.toBe(resources.length);
    });

    it("has no broken link: every address of the site the landing page links answers 200", async () => {
      await page.goto(`${host.url}/`);
      const hrefs = await page
        .locator('a[href^="/"]')
        .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
      const paths = [...new Set(hrefs.map((href) => href.replace(/#.*$/, "")))];
      expect(paths.length).toBeGreaterThan(20);
      const statuses = await Promise.all(
        paths.map(async (href) => [href, (await host.get(href, { method: "HEAD" })).status] as const),
      );
      expect(statuses.filter(([, status]) => status !== 200)).toEqual([]);
    });

    it("copies the attribution snippet with its button, each button named by its dataset", async () => {
      await page.goto(`${host.url}/`);
      const copyButtons = page.getByRole("button", { name: /^Copy the / });
      await expect(copyButtons.evaluateAll((buttons) => buttons.map((button) => button.textContent))).resolves.toEqual([
        "Copy the Open Demand Dataset (synthetic sample) attribution",
        "Copy the Resume Directory (synthetic sample) attribution",
      ]);
      const button = page.getByRole("button", { name: "Copy the Open Demand Dataset (synthetic sample) attribution" });
      await button.click();
      // The label changes once the clipboard's promise settles, a moment after the click (expect.poll's
      // default 1 s is short for a headless Chromium on one busy core). Only its visible word changes.
      await expect
        .poll(() => page.locator('button[data-copy="attribution-dataset"]').textContent(), { timeout: 15_000 })
        .toBe("Copied the Open Demand Dataset (synthetic sample) attribution");
      const copied = await page.evaluate<string>("navigator.clipboard.readText()");
      expect(copied).toBe(await page.locator("code#attribution-dataset").textContent());
    });

    it("follows the link to the methodology page and sees the four charts drawn", async () => {
      await follow("/methodology/", "methodology.png");
      await expect(page.locator("h1").textContent()).resolves.toBe("Methodology");
      const figures = await page.locator("figure.chart").evaluateAll((nodes) => nodes.map((node) => node.id));
      expect(figures).toEqual([
        "chart-demand-share",
        "chart-trust-distribution",
        "chart-calibration",
        "chart-revenue-intervals",
      ]);
      const marks = (id: string, mark: string) => page.locator(`#${id} svg g.${mark} path`).count();
      await expect(marks("chart-demand-share", "mark-line")).resolves.toBe(5);
      await expect(marks("chart-calibration", "mark-symbol")).resolves.toBeGreaterThan(100);
      await expect(marks("chart-trust-distribution", "mark-rect")).resolves.toBeGreaterThan(5);
      await expect(marks("chart-revenue-intervals", "mark-symbol")).resolves.toBe(8);
      const box = await page.locator("#chart-demand-share svg").boundingBox();
      expect(box?.width).toBeGreaterThan(300);
    });

    /** The resume docs page with the export's operation opened by its deep link. */
    const EXPORT_DOCS = () => `${host.url}/resume/api/v1/docs#/resumes/resumes.export`;

    /** The address of the page as its load left it, set by a test that only looked at it. */
    let onlyLookedAt: string | undefined;

    /**
     * Goes to `url` unless the page is there already, as its load left it: Swagger UI renders the OpenAPI
     * document anew on each load (seconds for the dataset's), so a test after one that only looked at the
     * page reuses it, and a test run alone loads it itself.
     */
    async function openFresh(url: string): Promise<void> {
      if (onlyLookedAt !== url || page.url() !== url) await page.goto(url);
      onlyLookedAt = undefined;
    }

    // Each docs page is followed from the landing page, then tried out on the page that link opened.
    for (const [href, screenshot, base] of [
      ["/api/dataset/v1/docs", "docs-dataset.png", "/api/dataset/v1"],
      ["/resume/api/v1/docs", "docs-resumes.png", "/resume/api/v1"],
    ] as const) {
      it(`follows the link to the docs page ${href}`, async () => {
        await follow(href, screenshot);
        expect(await page.locator("body").innerText()).toMatch(/\/brands|\/resumes/);
        onlyLookedAt = page.url();
      });

      // The sample is built for http://127.0.0.1:8080 and served here on another port, as after
      // `npm run build` then `PORT=9000 npm start`: Try it out must still ask this host, not the published one.
      it(`Try it out on ${href} asks the host that serves the page, and gets a 200`, async () => {
        await openFresh(`${host.url}${href}`);
        // Swagger UI renders after fetching the OpenAPI document: seconds on a busy machine, not expect.poll's default 1 s.
        await expect.poll(() => page.locator(".servers select").inputValue(), { timeout: 15_000 }).toBe(base);
        const operation = page.locator(".opblock-get").first();
        await operation.locator(".opblock-summary").first().click();
        await operation.locator(".try-out__btn").click();
        await operation.locator("button.execute").click();
        await expect(operation.locator(".request-url pre").textContent()).resolves.toBe(`${host.url}${base}/`);
        await expect(
          operation.locator(".live-responses-table tbody .response-col_status").first().textContent(),
        ).resolves.toBe("200");
      });
    }

    // Swagger UI writes a string example of any media type matching /json/ as a JSON string literal, and
    // application/x-ndjson matches: the export's lines showed as one quoted line of \" and \n.
    it("shows the NDJSON export's example on /resume/api/v1/docs as the lines the body holds, not as one JSON string", async () => {
      type Document = {
        paths: Record<string, { get: { responses: Record<string, { content: Record<string, { example: string }> }> } }>;
      };
      const document = (await (await host.get("/resume/api/v1/openapi.json")).json()) as Document;
      const example = document.paths["/resumes/export"]!.get.responses["200"]!.content["application/x-ndjson"]!.example;
      expect(example.split("\n").length).toBeGreaterThan(2);
      // From another document: after the Try it out test the page is already there, and a change of hash alone opens no operation.
      await page.goto("about:blank");
      await page.goto(EXPORT_DOCS());
      const operation = page
        .locator(".opblock-get")
        .filter({ has: page.locator('.opblock-summary-path[data-path="/resumes/export"]') });
      const shown = operation.locator('tr.response[data-code="200"] .highlight-code');
      await shown.waitFor({ timeout: 30_000 });
      expect((await shown.innerText()).trimEnd()).toBe(example.trimEnd());
      onlyLookedAt = page.url();
    });

    // Swagger UI parses a live answer of any type matching /json/ as one JSON document, and prefixed the
    // export's NDJSON with "can't parse JSON. Raw result:", as if the answer were broken.
    it("Try it out on /resumes/export shows the NDJSON answer as it came, with no JSON parse error", async () => {
      // The export's operation as its deep link opens it: the page the example test left, or a new load.
      if (onlyLookedAt !== EXPORT_DOCS()) await page.goto("about:blank");
      await openFresh(EXPORT_DOCS());
      const operation = page
        .locator(".opblock-get")
        .filter({ has: page.locator('.opblock-summary-path[data-path="/resumes/export"]') });
      await operation.locator(".try-out__btn").click({ timeout: 30_000 });
      await operation.locator("button.execute").click();
      await expect(
        operation.locator(".live-responses-table tbody .response-col_status").first().textContent({ timeout: 30_000 }),
      ).resolves.toBe("200");
      const requested = new URL((await operation.locator(".request-url pre").textContent()) ?? "");
      const body = await (await host.get(`${requested.pathname}${requested.search}`)).text();
      expect(body.split("\n").length).toBeGreaterThan(2);
      const shown = await operation.locator(".live-responses-table .highlight-code pre").first().innerText();
      expect(shown).not.toContain("can't parse JSON");
      expect(shown.trimEnd()).toBe(body.trimEnd());
    });

    it("crawls the whole site from / breadth-first: every page clean, every link of the site answering 200, the external links known", async () => {
      const crawl = await crawlSite(browser!, host);
      expect(crawl.failures, "pages with a problem and links that do not answer 200").toEqual([]);
      expect(crawl.pages, "the HTML pages the links reach").toEqual(
        expect.arrayContaining([
          "/",
          "/api/dataset/v1/docs",
          "/brands/",
          "/downloads/",
          "/markets/",
          "/methodology/",
          "/resume/api/v1/docs",
          "/resumes/",
        ]),
      );
      expect(
        crawl.pages.filter((address) => DETAIL_PAGE.test(address)),
        "one market page, one brand page, one open resume and one data dictionary visited",
      ).toHaveLength(4);
      expect(crawl.checked, "every market and brand page linked answers 200").toBeGreaterThan(800);
      expect(crawl.files).toEqual(
        expect.arrayContaining([
          "/api/dataset/v1/",
          "/api/dataset/v1/openapi.json",
          "/downloads/datapackage.json",
          "/downloads/index.ndjson.gz",
          "/llms.txt",
          "/resume/api/v1/",
          "/resume/api/v1/openapi.json",
        ]),
      );
      expect(crawl.files.length).toBeGreaterThan(20);
      expect(crawl.external, "links to other origins").toEqual(EXTERNAL_LINKS);
      expect(crawl.baseUrl, "links to the build's base URL, dead on this host").toEqual([]);
    }, 600_000); // some 15 pages in the browser and 900 addresses checked from Node, on a busy machine

    it("saw no console error and no failed request on any page", () => {
      expect(problems.console).toEqual([]);
      expect(problems.failed).toEqual([]);
    });
  });

  describePortalPages(() => chromiumBrowser!, host);
});
