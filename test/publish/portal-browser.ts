/**
 * The pages for people (issue 28) in Debian's headless Chromium at 1280 and 390 CSS px: the landing page,
 * a market page, a brand page and its comparison, the resume search (typing a query, applying a filter, paging forward,
 * opening a resume) and the downloads page. On each: no console error, no failed request, no horizontal
 * overflow of the page, no serious or critical axe-core violation, and chart text of at least 11 px.
 * Screenshots go to test-output/screenshots/portal-*.png.
 *
 * A suite, not a test file: browser.test.ts runs it in its own browser and on its own host, so that a run
 * launches one Chromium and loads the sample host once (issue 29).
 */
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations, trackRequests, watch, type Problems, type Settle } from "../helpers/chromium.ts";
import type { SampleHost } from "../helpers/sample-host.ts";

const SCREENSHOTS = path.resolve("test-output/screenshots");
const WIDTHS = [1280, 390] as const;
/** Smallest chart text, in CSS px. */
const MIN_CHART_TEXT = 11;

/** Registers the suite; `browser` gives the running Chromium once the caller's beforeAll has launched it. */
export function describePortalPages(browser: () => Browser, host: SampleHost): void {
  describe("the pages for people in headless Chromium (issue 28)", () => {
    let context: BrowserContext | undefined;
    let page: Page;
    let problems: Problems;
    let settle: Settle;
    let brandPath = "";

    beforeAll(async () => {
      context = await browser().newContext();
      page = await context.newPage();
      problems = watch(page);
      settle = trackRequests(page);
      // The brand page of the brand leading the largest market's chart on the landing page: one with demand data.
      const landing = await (await host.get("/")).text();
      brandPath = /<a href="(\/brands\/[^"/]+\/)">/.exec(landing.slice(landing.indexOf('id="samples"')))![1]!;
    });

    afterAll(async () => {
      await context?.close();
    });

    /** What a reader of the page at this width would find wrong with it. */
    async function pageFaults(name: string, width: number): Promise<string[]> {
      await settle();
      const faults: string[] = [];
      const overflow = await page.evaluate<number>(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth",
      );
      if (overflow > 0) faults.push(`overflows sideways by ${overflow} px`);
      const small = await page.evaluate<string[]>(
        `[...document.querySelectorAll("svg.chart text")].filter((t) => parseFloat(getComputedStyle(t).fontSize) < ${MIN_CHART_TEXT}).map((t) => t.textContent)`,
      );
      if (small.length > 0) faults.push(`chart text under ${MIN_CHART_TEXT} px: ${small.slice(0, 5).join(", ")}`);
      const serious = (await axeViolations(page, [])).filter((violation) => /\((serious|critical)\)/.test(violation));
      faults.push(...serious);
      await page.screenshot({ path: path.join(SCREENSHOTS, `portal-${name}-${width}.png`), fullPage: false });
      return faults;
    }

    async function visit(address: string, name: string, width: number): Promise<string[]> {
      await page.setViewportSize({ width, height: 900 });
      const response = await page.goto(`${host.url}${address}`);
      expect(response?.status(), address).toBe(200);
      return pageFaults(name, width);
    }

    it.each(WIDTHS)("the landing page at %i px: what the data covers, the ways in, a chart", async (width) => {
      expect(await visit("/", "landing", width)).toEqual([]);
      await expect(page.locator("main").innerText()).resolves.toMatch(/casino and betting brands/);
      await expect(page.locator(".notice").count()).resolves.toBe(1);
      await expect(page.locator("svg.chart").count()).resolves.toBe(1);
    });

    it.each(WIDTHS)(
      "a market page at %i px: share-of-search chart with its table, every tracked brand",
      async (width) => {
        expect(await visit("/markets/gb/", "market", width)).toEqual([]);
        await expect(page.locator("h1").textContent()).resolves.toContain("(GB)");
        await expect(page.locator("#share-caption").textContent()).resolves.toContain("Share of search");
        const paths = await page.locator("svg.chart svg.plot path").count();
        expect(paths).toBeGreaterThanOrEqual(2);
        await expect(
          page.locator("details.chart-data table").first().locator("tbody tr").count(),
        ).resolves.toBeGreaterThan(2);
        const chart = await page.locator("svg.chart").first().boundingBox();
        expect(chart!.width).toBeGreaterThan(width === 390 ? 300 : 600);
      },
    );

    it.each(WIDTHS)("a brand page at %i px: Trust Score components, trust history, licenses", async (width) => {
      expect(await visit(brandPath, "brand", width)).toEqual([]);
      await expect(page.locator("#trust").count()).resolves.toBe(1);
      await expect(page.locator("#trust-history-caption").count()).resolves.toBe(1);
      await expect(page.locator("main").innerText()).resolves.toMatch(/Compare \d brands side by side/);
    });

    it.each(WIDTHS)("a brand's comparison page at %i px: the brand beside its rivals (#28)", async (width) => {
      expect(await visit(`${brandPath}compare/`, "compare", width)).toEqual([]);
      await expect(page.locator("main table").count()).resolves.toBe(2);
      await expect(page.locator("main table").first().locator("thead th").count()).resolves.toBe(6);
    });

    it.each(WIDTHS)("the downloads page at %i px", async (width) => {
      expect(await visit("/downloads/", "downloads", width)).toEqual([]);
    });

    it.each(WIDTHS)("a data dictionary page at %i px (#28)", async (width) => {
      expect(await visit("/downloads/dictionary/brands/", "dictionary", width)).toEqual([]);
      await expect(page.locator("main table").count()).resolves.toBe(2);
    });

    it.each(WIDTHS)(
      "the resume search at %i px: type a query, filter, page forward, open a resume; the URL holds the search",
      async (width) => {
        expect(await visit("/resumes/", "resumes", width)).toEqual([]);
        const status = page.locator("#search-status");
        await expect.poll(() => status.textContent(), { timeout: 15_000 }).toMatch(/resumes match/);
        await page.locator('input[name="q"]').pressSequentially("manag", { delay: 40 });
        await expect.poll(() => new URL(page.url()).searchParams.get("q"), { timeout: 15_000 }).toBe("manag");
        await expect.poll(() => status.textContent(), { timeout: 15_000 }).toMatch(/resumes match · page 1 of/);
        const unfiltered = Number(/^(\d+)/.exec((await status.textContent()) ?? "")![1]);
        await page.locator('select[name="seniority"]').selectOption("senior");
        await expect.poll(() => new URL(page.url()).searchParams.get("seniority"), { timeout: 15_000 }).toBe("senior");
        await expect
          .poll(async () => Number(/^(\d+)/.exec((await status.textContent()) ?? "")?.[1] ?? "-1"), { timeout: 15_000 })
          .toBeLessThan(unfiltered);
        const filtered = page.url();
        await page.locator("#pager button.page-next").click();
        await expect.poll(() => status.textContent(), { timeout: 15_000 }).toMatch(/page 2 of/);
        expect(new URL(page.url()).searchParams.get("page")).toBe("2");
        const first = page.locator("#results a[data-id]").first();
        const title = await first.textContent();
        await first.click();
        await expect.poll(() => page.locator("#resume-title").textContent(), { timeout: 15_000 }).toBe(title);
        expect(new URL(page.url()).searchParams.get("id")).toMatch(/^\d+$/);
        expect(await pageFaults("resume-open", width)).toEqual([]);
        // The URL is the search: opened anew, it shows the same filtered list.
        await page.goto(filtered);
        await expect(page.locator('select[name="seniority"]').inputValue()).resolves.toBe("senior");
        await expect.poll(() => status.textContent(), { timeout: 15_000 }).toMatch(/resumes match · page 1 of/);
      },
    );

    it("saw no console error and no failed request", () => {
      expect(problems.console).toEqual([]);
      expect(problems.failed).toEqual([]);
    });
  });
}
