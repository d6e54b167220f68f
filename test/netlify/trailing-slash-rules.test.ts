/**
 * Issue 28: why the generated `_redirects` has no rule sending a root page's slash-less address
 * (`/methodology`) to its canonical one (`/methodology/`), shown with Netlify's own parser and matcher
 * (docs/netlify.md, "Site pages without their trailing slash"): a forced rule also catches the canonical
 * address and would redirect it to itself; and no rule of the sample's `_redirects` names a root page.
 * What the production CDN adds before its rules cannot be shown offline (see the docs).
 */
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { parseAllRedirects } from "@netlify/redirect-parser";
import { describe, expect, inject, it } from "vitest";
import { MANIFEST_FILE, type Manifest } from "../../build/output-format/manifest.ts";
import { underApiBase } from "../../build/serve/page-answers.ts";

interface Matcher {
  match(request: Record<string, unknown>): { to?: string; force?: boolean; status?: number } | null;
}
const redirector = createRequire(import.meta.url)("netlify-redirector") as {
  parseJSON(rules: string, options: Record<string, unknown>): Promise<Matcher>;
};

/** Netlify's matcher over the rules of a `_redirects` text, as the CLI hands them over. */
async function matcherOf(text: string): Promise<Matcher> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "redirects-"));
  try {
    await writeFile(path.join(dir, "_redirects"), text);
    const parsed = await parseAllRedirects({
      redirectsFiles: [path.join(dir, "_redirects")],
      configRedirects: [],
      minimal: false,
    });
    expect(parsed.errors).toEqual([]);
    const rules = (parsed.redirects as unknown as Record<string, unknown>[]).map(
      ({ from, query, conditions, ...rest }) => ({
        ...rest,
        origin: from,
        params: query,
        conditions: conditions ?? {},
      }),
    );
    return await redirector.parseJSON(JSON.stringify(rules), {});
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const request = (urlPath: string) => ({
  scheme: "https",
  host: "example.org",
  path: urlPath,
  query: "",
  getHeader: () => "",
  getCookie: () => "",
});

describe("a trailing-slash redirect on Netlify", () => {
  it("as a forced rule, also matches the address it sends to: /methodology/ would be redirected to itself", async () => {
    const matcher = await matcherOf("/methodology /methodology/ 301!\n");
    const slashless = matcher.match(request("/methodology"));
    const canonical = matcher.match(request("/methodology/"));
    expect(slashless).toMatchObject({ to: "/methodology/", force: true });
    expect(canonical).toMatchObject({ to: "/methodology/", force: true });
  });

  it("is not in the sample's _redirects: no rule names a root page, with or without its slash", async () => {
    const dist = inject("sampleDist");
    const manifest = JSON.parse(await readFile(path.join(dist, MANIFEST_FILE), "utf8")) as Manifest;
    const pages = Object.entries(manifest.site)
      .filter(([key, entry]) => key !== "/" && entry.file.endsWith("index.html") && underApiBase(key) === false)
      .map(([key]) => key.replace(/\/$/, ""));
    expect(pages).toEqual(expect.arrayContaining(["/methodology", "/markets", "/brands"]));
    // A rule without a splat or placeholder matches its own path only (with or without the slash): the
    // matcher is built over those that can match a page, as compiling all 16,000 rules takes a minute.
    const spellings = new Set(pages.flatMap((page) => [page, `${page}/`]));
    const lines = (await readFile(path.join(dist, "_redirects"), "utf8")).split("\n").filter((line) => {
      const from = line.split(" ")[0] ?? "";
      return !line.startsWith("#") && (spellings.has(from) || /[*:]/.test(from));
    });
    expect(lines).toContain("/* /.netlify/functions/api 200");
    const matcher = await matcherOf(`${lines.join("\n")}\n`);
    for (const page of pages) {
      for (const spelling of [page, `${page}/`]) {
        const match = matcher.match(request(spelling));
        // Only the catch-all to the function may match, and it is not forced: the page's own file answers first.
        if (match !== null)
          expect({ spelling, to: match.to, force: match.force ?? false }).toEqual({
            spelling,
            to: "/.netlify/functions/api",
            force: false,
          });
      }
    }
  });
});
