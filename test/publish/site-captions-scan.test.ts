/**
 * Every page of the site, built from data sets of different sizes, reads sensibly (issue 26, item 9): no NaN,
 * undefined or printed null, no chart without data marks, and no caption whose count disagrees with the rows
 * of its table. Built from the exports fixture (six brands, three countries, six months, most signals unknown)
 * and from seeds-min.
 */
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, inject, it } from "vitest";
import { changeCaption } from "../../build/publish/change-caption.ts";
import { runBuild } from "../../build/run-build.ts";
import { SEEDS_EXPORTS } from "../fixtures/exports-build.ts";

const SEEDS_MIN = fileURLToPath(new URL("../fixtures/seeds-min", import.meta.url));
const roots: string[] = [];
afterAll(async () => {
  for (const root of roots) await rm(root, { recursive: true, force: true });
});

async function buildSite(seedsDir: string): Promise<string> {
  const root = await mkdtemp(path.join(os.tmpdir(), "site-scan-"));
  roots.push(root);
  const dist = path.join(root, "dist");
  await runBuild({ seedsDir, outDir: dist, baseUrl: "https://data.example.org", maxFiles: 50_000, dryRun: false });
  return dist;
}

/**
 * The site of a seeds folder, built once for the file's tests: seeds-min is the global setup's build
 * (read only here; its base URL differs, which no check below reads), the others are built here.
 */
function siteOf(seedsDir: string): Promise<string> {
  if (path.resolve(seedsDir) === path.resolve(SEEDS_MIN)) return Promise.resolve(inject("seedsMinDist"));
  let site = sites.get(seedsDir);
  if (site === undefined) {
    site = buildSite(seedsDir);
    sites.set(seedsDir, site);
  }
  return site;
}
const sites = new Map<string, Promise<string>>();

/** The pages for people: everything but the API's precomputed answers. */
async function pagesOf(dist: string): Promise<Map<string, string>> {
  const entries = await readdir(dist, { recursive: true, withFileTypes: true });
  const pages = new Map<string, string>();
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith(".html")) continue;
    const file = path.join(entry.parentPath, entry.name);
    const relative = path.relative(dist, file);
    if (relative.startsWith("responses")) continue;
    pages.set(relative, await readFile(file, "utf8"));
  }
  return pages;
}

/** The text a person reads: no scripts, styles, code samples or tags. */
function visibleText(html: string): string {
  return html
    .replace(/<(script|style|pre|code)\b[\s\S]*?<\/\1>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&nbsp;/g, " ");
}

/** What is wrong with one page, in words. */
export function pageDefects(html: string): string[] {
  const defects: string[] = [];
  const text = visibleText(html);
  for (const [what, pattern] of [
    ["NaN", /\bNaN\b/],
    ["undefined", /\bundefined\b/],
    ["Infinity", /\bInfinity\b/],
    // Prose may name the JSON value null ("null for an outage"); a value shown as null is a defect.
    // JSON text of nested fields in the dictionaries' sample rows ("ios":null) is data, shown as JSON.
    ["a value printed as null", /(?<!&quot;|")[:=]\s*null\b/],
  ] as const)
    if (pattern.test(text)) defects.push(what);
  if (/(?<!<code)>null</.test(html)) defects.push(">null<");
  for (const plot of html.match(/<svg[^>]*class="plot"[^>]*>[\s\S]*?<\/svg>/g) ?? [])
    if (!/<(polyline|path|circle|rect)\b/.test(plot)) defects.push("a line chart without data marks");
  for (const chart of html.match(/<svg\b[^>]*>[\s\S]*?<\/svg>\s*(?=<\/figure>|<figcaption)/g) ?? [])
    if (
      chart.includes("role-mark") &&
      !/class="mark-[a-z]+ role-mark[^"]*"[^>]*>\s*<(path|rect|circle|line)/.test(chart)
    )
      defects.push("a chart without data marks");
  for (const table of html.match(/<table\b[\s\S]*?<\/table>/g) ?? []) {
    const caption = /<caption>([\s\S]*?)<\/caption>/.exec(table)?.[1] ?? "";
    const rows = (/<tbody>([\s\S]*?)<\/tbody>/.exec(table)?.[1]?.match(/<tr\b/g) ?? []).length;
    const stated = /^(?:The|Every \w+ \(|Top) ?(\d[\d,]*)\b/.exec(visibleText(caption).trim());
    if (stated !== null && Number(stated[1]!.replace(/,/g, "")) !== rows)
      defects.push(`caption "${visibleText(caption).trim()}" over ${rows} rows`);
  }
  return defects;
}

describe("the site of small data sets (issue 26, item 9)", () => {
  it("finds the defects it looks for", () => {
    expect(pageDefects("<p>Score: NaN</p><td>null</td>")).toEqual(["NaN", ">null<"]);
    expect(
      pageDefects(
        "<table><caption>The 5 brands with the largest share</caption><tbody><tr><td>a</td></tr></tbody></table>",
      ),
    ).toEqual(['caption "The 5 brands with the largest share" over 1 rows']);
    expect(pageDefects('<svg class="plot" viewBox="0 0 1 1"><g></g></svg>')).toEqual([
      "a line chart without data marks",
    ]);
    expect(pageDefects("<p>Values are <code>null</code> when unknown.</p>")).toEqual([]);
    expect(pageDefects("<p>Withdrawal time: null.</p>")).toEqual(["a value printed as null"]);
  });

  it.each([
    ["the exports fixture (6 brands, 3 countries, 6 months)", SEEDS_EXPORTS],
    ["seeds-min", SEEDS_MIN],
  ])("builds %s into pages without a defect", async (_name, seeds) => {
    const pages = await pagesOf(await siteOf(seeds));
    for (const page of ["index.html", "markets/index.html", "methodology/index.html", "downloads/index.html"])
      expect(pages.has(page), page).toBe(true);
    expect([...pages.keys()].some((page) => page.startsWith("brands/") && page !== "brands/index.html")).toBe(true);
    expect([...pages.keys()].some((page) => page.startsWith("downloads/dictionary/"))).toBe(true);
    const found = [...pages].flatMap(([page, html]) => pageDefects(html).map((defect) => `${page}: ${defect}`));
    expect(found).toEqual([]);
  });

  it("never calls a shrinking brand fastest-growing, and counts the landing's sample rows", async () => {
    const pages = await pagesOf(await siteOf(SEEDS_MIN));
    const landing = pages.get("index.html")!;
    expect(landing).not.toContain("The 5 brands with the highest Trust Score");
    expect(landing).not.toContain("The three brands whose searches grew most");
    for (const [page, html] of pages)
      for (const table of html.match(/<table\b[\s\S]*?<\/table>/g) ?? [])
        if (table.includes("fastest-growing")) expect(table, page).not.toMatch(/<td[^>]*>−|<td[^>]*>-\d/);
  });
});

describe("changeCaption", () => {
  it.each([
    [[5.1, 2], "The 2 fastest-growing brands"],
    [[5.1, -2, null], "The 3 brands with the largest change (1 of them growing)"],
    [[-1], "The 1 brand with the largest change (none growing)"],
    [[0], "The 1 brand with the largest change (none growing)"],
  ])("%o → %s", (changes, caption) => {
    expect(changeCaption(changes)).toBe(caption);
  });
});
