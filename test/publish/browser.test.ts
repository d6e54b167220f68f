/**
 * The site as a person sees it: Debian's headless Chromium, driven by playwright-core, opens the
 * landing page on the sample host, follows its links to the methodology page and both docs pages,
 * and checks the charts are drawn, with no console error and no failed request. Screenshots go to
 * test-output/screenshots/ (git-ignored).
 *
 * Without Chromium the test fails in CI (`.ci/run` installs it) and is skipped elsewhere with a message.
 */
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useSampleHost } from "../helpers/sample-host.ts";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const SCREENSHOTS = path.resolve("test-output/screenshots");
const ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"];
const missing = !existsSync(CHROMIUM);
const inCi = Boolean(process.env.CI);

if (missing && !inCi) console.warn(`[browser.test] SKIPPED: no Chromium at ${CHROMIUM}. Install Debian's with 'apt-get install -y chromium' (or set CHROMIUM_PATH) to run the browser test.`);

/** Everything that went wrong while a page was open. */
interface Problems {
  console: string[];
  failed: string[];
}

function watch(page: Page): Problems {
  const problems: Problems = { console: [], failed: [] };
  page.on("console", (message) => {
    if (message.type() === "error") problems.console.push(`${page.url()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.console.push(`${page.url()}: ${error.message}`));
  page.on("requestfailed", (request) => problems.failed.push(`${request.url()}: ${request.failure()?.errorText ?? "failed"}`));
  page.on("response", (response) => {
    if (response.status() >= 400) problems.failed.push(`${response.url()}: HTTP ${response.status()}`);
  });
  return problems;
}

describe.skipIf(missing && !inCi)("the site in headless Chromium", () => {
  const host = useSampleHost();
  let userDataDir = "";
  let browser: BrowserContext | undefined;
  let page: Page;
  let problems: Problems;

  beforeAll(async () => {
    if (missing) throw new Error(`Chromium is missing at ${CHROMIUM}, and CI must run the browser test: .ci/run installs it with apt-get install chromium.`);
    await mkdir(SCREENSHOTS, { recursive: true });
    userDataDir = await mkdtemp(path.join(os.tmpdir(), "chromium-profile-"));
    browser = await chromium.launchPersistentContext(userDataDir, { executablePath: CHROMIUM, headless: true, args: ARGS, viewport: { width: 1280, height: 900 } });
    await browser.grantPermissions(["clipboard-read", "clipboard-write"], { origin: host.url });
    page = browser.pages()[0] ?? (await browser.newPage());
    problems = watch(page);
  });

  afterAll(async () => {
    await browser?.close();
    if (userDataDir) await rm(userDataDir, { recursive: true, force: true });
  });

  async function follow(href: string, screenshot: string): Promise<void> {
    await page.goto(`${host.url}/`);
    await Promise.all([page.waitForURL((url) => url.pathname === href || url.pathname === `${href}/`), page.locator(`main a[href="${href}"]`).first().click()]);
    await page.waitForLoadState("networkidle");
    await page.screenshot({ path: path.join(SCREENSHOTS, screenshot), fullPage: true });
  }

  it("opens the landing page with both datasets, the attribution snippet and every download", async () => {
    const response = await page.goto(`${host.url}/`);
    expect(response?.status()).toBe(200);
    await expect(page.locator("h1").textContent()).resolves.toContain("Open Demand Dataset");
    const resources = ((await (await host.get("/downloads/datapackage.json")).json()) as { resources: unknown[] }).resources;
    await expect(page.locator("#downloads ~ div table tbody td.file a").count()).resolves.toBe(resources.length);
    await expect(page.locator("code#attribution-dataset").textContent()).resolves.toContain("https://data.example.com/");
    await page.screenshot({ path: path.join(SCREENSHOTS, "landing.png"), fullPage: true });
  });

  it("has no broken link: every address of the site the landing page links answers 200", async () => {
    await page.goto(`${host.url}/`);
    const hrefs = await page.locator('a[href^="/"]').evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
    const paths = [...new Set(hrefs.map((href) => href.replace(/#.*$/, "")))];
    expect(paths.length).toBeGreaterThan(20);
    const statuses = await Promise.all(paths.map(async (href) => [href, (await host.get(href, { method: "HEAD" })).status] as const));
    expect(statuses.filter(([, status]) => status !== 200)).toEqual([]);
  });

  it("copies the attribution snippet with its button", async () => {
    await page.goto(`${host.url}/`);
    await page.locator('button[data-copy="attribution-dataset"]').click();
    // The label changes once the clipboard's promise settles, a moment after the click.
    await expect.poll(() => page.locator('button[data-copy="attribution-dataset"]').textContent()).toBe("Copied");
    const copied = await page.evaluate<string>("navigator.clipboard.readText()");
    expect(copied).toBe(await page.locator("code#attribution-dataset").textContent());
  });

  it("follows the link to the methodology page and sees the three charts drawn", async () => {
    await follow("/methodology", "methodology.png");
    await expect(page.locator("h1").textContent()).resolves.toBe("Methodology");
    const figures = await page.locator("figure.chart").evaluateAll((nodes) => nodes.map((node) => node.id));
    expect(figures).toEqual(["chart-demand-share", "chart-trust-distribution", "chart-calibration"]);
    const marks = (id: string, mark: string) => page.locator(`#${id} svg g.${mark} path`).count();
    await expect(marks("chart-demand-share", "mark-line")).resolves.toBe(5);
    await expect(marks("chart-calibration", "mark-symbol")).resolves.toBeGreaterThan(100);
    await expect(marks("chart-trust-distribution", "mark-rect")).resolves.toBeGreaterThan(5);
    const box = await page.locator("#chart-demand-share svg").boundingBox();
    expect(box?.width).toBeGreaterThan(300);
  });

  it.each([
    ["/api/dataset/v1/docs", "docs-dataset.png"],
    ["/resume/api/v1/docs", "docs-resumes.png"],
  ])("follows the link to the docs page %s", async (href, screenshot) => {
    await follow(href, screenshot);
    expect(await page.locator("body").innerText()).toMatch(/\/brands|\/resumes/);
  });

  // The sample is built for http://127.0.0.1:8080 and served here on another port, as after
  // `npm run build` then `PORT=9000 npm start`: Try it out must still ask this host, not the published one.
  it.each([
    ["/api/dataset/v1/docs", "/api/dataset/v1"],
    ["/resume/api/v1/docs", "/resume/api/v1"],
  ])("Try it out on %s asks the host that serves the page, and gets a 200", async (href, base) => {
    await page.goto(`${host.url}${href}`);
    await expect.poll(() => page.locator(".servers select").inputValue()).toBe(base);
    const operation = page.locator(".opblock-get").first();
    await operation.locator(".opblock-summary").first().click();
    await operation.locator(".try-out__btn").click();
    await operation.locator("button.execute").click();
    await expect(operation.locator(".request-url pre").textContent()).resolves.toBe(`${host.url}${base}/`);
    await expect(operation.locator(".live-responses-table tbody .response-col_status").first().textContent()).resolves.toBe("200");
  });

  it("saw no console error and no failed request on any page", () => {
    expect(problems.console).toEqual([]);
    expect(problems.failed).toEqual([]);
  });
});
