/**
 * The Netlify routing files of a build, made from the same plan that wrote the responses, so the two
 * cannot drift: dist/_redirects and dist/_headers, and the figures the build reports.
 * @module
 */
import { ENCODINGS, variantPath, wantsVariants } from "../output-format/compress-body.ts";
import type { OutputFile, OutputPlan } from "../emit/plan-outputs.ts";
import type { Endpoint } from "../query/endpoint.ts";
import { headerRules } from "./header-rules.ts";
import { redirectRules } from "./redirect-rules.ts";
import { staticRoutes } from "./static-routes.ts";

export const REDIRECTS_FILE = "_redirects";
export const HEADERS_FILE = "_headers";

/** What the build summary says about Netlify routing. */
export interface NetlifyReport {
  /** Precomputed responses in the plan. */
  files: number;
  /** Of those, the ones a static rule reaches (by their exact canonical URL). */
  staticFiles: number;
  /** Lines of rules in `_redirects` (forced, static and the catch-all). */
  rules: number;
  /** Blocks of per-file headers in `_headers`. */
  headerBlocks: number;
}

/** The `_redirects` and `_headers` files for a plan, and the report. */
/** How many files the routing adds (`_redirects`, `_headers`): reserved in the file budget before planning. */
export const NETLIFY_FILE_COUNT = 2;

export function planNetlifyFiles(
  plan: OutputPlan,
  endpoints: readonly Endpoint[],
): { files: OutputFile[]; report: NetlifyReport } {
  const { routes } = staticRoutes(plan.manifest, endpoints);
  const redirects = redirectRules(routes, hiddenPaths(plan));
  const headers = headerRules(routes, plan.manifest.site);
  return {
    files: [
      { path: REDIRECTS_FILE, body: redirects.text, group: "netlify" },
      { path: HEADERS_FILE, body: headers.text, group: "netlify" },
    ],
    report: {
      files: Object.keys(plan.manifest.files).length,
      staticFiles: routes.length,
      rules: redirects.rules,
      headerBlocks: headers.blocks,
    },
  };
}

/**
 * Paths of dist/ that are not site files (the response tree, the engine's data, these routing files, the
 * compressed variants of site files such as `index.html.br`), and a page's file without its `.html`
 * (`/index`): on Netlify they would be served as they are, where the Node host answers 404, so they are
 * forced to the function, which answers as the Node host does. A folder that also holds site files is
 * left alone, its variants named one by one.
 */
export function hiddenPaths(plan: OutputPlan): string[] {
  const siteEntries = Object.values(plan.manifest.site);
  const siteFiles = new Set(siteEntries.map((entry) => entry.file));
  const siteTops = new Set([...siteFiles].map((file) => file.split("/")[0]));
  const hidden = new Set<string>([`/${REDIRECTS_FILE}`, `/${HEADERS_FILE}`]);
  for (const file of plan.files) {
    if (siteFiles.has(file.path)) continue;
    const slash = file.path.indexOf("/");
    const top = slash < 0 ? file.path : file.path.slice(0, slash);
    if (siteTops.has(top)) continue;
    hidden.add(slash < 0 ? `/${top}` : `/${top}/*`);
  }
  // A page's file without its `.html` (`/index`, `/methodology/index`): Netlify's lookup tries `<path>.html`
  // and would serve the page there, where the Node host answers 404.
  for (const entry of siteEntries)
    if (entry.file.endsWith(".html")) hidden.add(`/${entry.file.slice(0, -".html".length)}`);
  // Every variant a site file may get (the emit threads keep one only when smaller): a rule for one
  // that was not kept sends a request for it to the function, which answers the 404 the file would not.
  for (const entry of siteEntries) {
    if (!wantsVariants(entry.type, entry.bytes)) continue;
    for (const encoding of ENCODINGS)
      if (!siteFiles.has(variantPath(entry.file, encoding))) hidden.add(`/${variantPath(entry.file, encoding)}`);
  }
  return [...hidden].sort();
}
