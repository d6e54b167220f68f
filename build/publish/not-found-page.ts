/**
 * The HTML 404 page a browser gets for an unknown page address outside the API base paths (contract §4):
 * what happened and links back to the site's main pages. Rendered from the dataset like every page, by
 * the host when it answers, so it needs no file (a file at a path would answer 200 there).
 * @module
 */
import type { EngineContext } from "../query/endpoint.ts";
import { escapeHtml } from "./html.ts";
import { renderPage } from "./page-layout.ts";
import { PORTAL_LINKS, SITE_LINKS } from "./site-links.ts";

const pages = new WeakMap<EngineContext, string>();

/** The 404 page's HTML (the same for every unknown address: it does not echo the address). */
export function notFoundPage(context: EngineContext): string {
  const known = pages.get(context);
  if (known !== undefined) return known;
  const { meta } = context.dataset;
  const links: [string, string][] = [
    [SITE_LINKS.home, "Home: both datasets and a quick start"],
    [PORTAL_LINKS.markets, "Markets: search demand per country"],
    [PORTAL_LINKS.resumes, "Resume search"],
    [SITE_LINKS.methodology, "Methodology"],
    [SITE_LINKS.downloads, "Downloads"],
    [SITE_LINKS.dataset.docs, "Dataset API reference"],
    [SITE_LINKS.resumes.docs, "Resume API reference"],
  ];
  const body = `<h1>Page not found</h1>
<p class="lead">No page of ${escapeHtml(meta.dataset.name)} has this address. It may be mistyped, or a page of an earlier snapshot.</p>
<ul>${links.map(([href, label]) => `<li><a href="${href}">${escapeHtml(label)}</a></li>`).join("")}</ul>
<p>Looking for data as JSON? The APIs live under <code>${escapeHtml(SITE_LINKS.dataset.discovery)}</code> and <code>${escapeHtml(SITE_LINKS.resumes.discovery)}</code>.</p>`;
  const page = renderPage(context, {
    path: "",
    title: `Page not found · ${meta.dataset.name}`,
    description: "No page has this address.",
    body,
  });
  pages.set(context, page);
  return page;
}
