/**
 * The shell of every HTML page of the site: one self-contained document (inline style, no fonts,
 * images or scripts from elsewhere), with the same header navigation and footer.
 * @module
 */
import type { Meta } from "../load/schemas.ts";
import type { EngineContext } from "../query/endpoint.ts";
import { escapeHtml } from "./html.ts";
import { PORTAL_LINKS, SITE_LINKS } from "./site-links.ts";

/** The id of every page's main element, the target of its skip link. */
export const MAIN_ID = "content";

/** The Content-Type of every page. */
export const HTML_TYPE = "text/html; charset=utf-8";

const STYLE = `
:root{color-scheme:light;--ink:#1d2430;--muted:#5b6575;--line:#d9dee7;--accent:#0b5cad;--soft:#f4f6fa;--warn:#fff4d6}
*{box-sizing:border-box}
body{margin:0;font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--ink);background:#fff}
.skip{position:absolute;left:.75rem;top:-4rem;z-index:1;padding:.4rem .8rem;background:#fff;color:var(--accent);border:2px solid var(--accent);border-radius:5px}
.skip:focus{top:.5rem}
main:focus{outline:none}
header.site{border-bottom:1px solid var(--line);background:var(--soft)}
header.site nav{max-width:70rem;margin:0 auto;padding:.6rem 1.25rem;display:flex;flex-wrap:wrap;gap:.35rem 1.2rem;align-items:baseline}
header.site nav a{color:var(--ink);text-decoration:none;font-size:.95rem}
header.site nav a.brand{font-weight:700;margin-right:auto}
header.site nav a:hover,header.site nav a[aria-current]{color:var(--accent);text-decoration:underline}
main{max-width:70rem;margin:0 auto;padding:1.5rem 1.25rem 3rem}
h1{font-size:1.9rem;line-height:1.2;margin:.5rem 0 1rem}
h2{font-size:1.35rem;margin:2.2rem 0 .6rem;padding-top:.4rem;border-top:1px solid var(--line)}
h3{font-size:1.08rem;margin:1.4rem 0 .4rem}
a{color:var(--accent)}
p,li{max-width:48rem}
.lead{font-size:1.08rem;color:var(--muted)}
.notice{background:var(--warn);border:1px solid #e8cf85;border-radius:6px;padding:.7rem 1rem;max-width:48rem}
.cards{display:grid;grid-template-columns:repeat(auto-fit,minmax(18rem,1fr));gap:1rem}
.card{border:1px solid var(--line);border-radius:8px;padding:1rem 1.2rem;background:#fff}
.card h3{margin-top:0}
table{border-collapse:collapse;margin:.6rem 0 1rem;font-size:.93rem}
th,td{border-bottom:1px solid var(--line);padding:.35rem .7rem .35rem 0;text-align:left;vertical-align:top}
th{font-weight:600;color:var(--muted)}
tbody th[scope=row]{font-weight:400;color:inherit}
caption{caption-side:top;text-align:left;font-size:.9rem;color:var(--muted);padding-bottom:.3rem}
td.num,th.num{text-align:right;padding-left:.7rem;white-space:nowrap}
.file{white-space:nowrap}
code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.88em}
code.hash{font-size:.78em;word-break:break-all;color:var(--muted)}
pre{background:var(--soft);border:1px solid var(--line);border-radius:6px;padding:.7rem .9rem;overflow-x:auto;white-space:pre-wrap;word-break:break-word;max-width:48rem}
.formula{background:var(--soft);border-left:3px solid var(--accent);padding:.5rem .9rem;font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.92rem;max-width:48rem}
.snippet{display:flex;gap:.6rem;align-items:flex-start;max-width:48rem}
.snippet pre{flex:1;margin:0}
button.copy{font:inherit;font-size:.9rem;padding:.35rem .8rem;border:1px solid var(--accent);border-radius:5px;background:#fff;color:var(--accent);cursor:pointer}
button.copy:hover{background:var(--accent);color:#fff}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
figure{margin:1rem 0 1.6rem}
figure svg{max-width:100%;height:auto}
figcaption{font-size:.9rem;color:var(--muted);max-width:48rem}
details.chart-data{margin:-1rem 0 1.6rem}
details.chart-data summary{cursor:pointer;color:var(--accent);font-size:.9rem}
.scroll{overflow-x:auto}
footer.site{border-top:1px solid var(--line);color:var(--muted);font-size:.88rem}
footer.site div{max-width:70rem;margin:0 auto;padding:1rem 1.25rem}
`.trim();

/**
 * The license of the site's data as one plain-text phrase: `CC BY 4.0` when both datasets share it, else
 * each with its dataset (`CC BY 4.0 for <dataset> and CC0 1.0 for <resumes>`). The seeds give each its
 * own, and a page about both must not state the demand dataset's as the resume directory's.
 */
export function licenseSummary(meta: Meta): string {
  if (meta.dataset.license === meta.resumes.license) return meta.dataset.license;
  return `${meta.dataset.license} for ${meta.dataset.name} and ${meta.resumes.license} for ${meta.resumes.name}`;
}

/** What a page brings to the shared shell. */
export interface PageOptions {
  /** The page's own canonical path, marked as current in the navigation ("" for a page with no address: the 404). */
  path: string;
  title: string;
  description: string;
  body: string;
  /** Inline script run at the end of the body (the landing page's copy buttons). */
  script?: string;
  /** A script file of this host the page loads at the end of its body (the resume search's). */
  scriptSrc?: string;
  /** Styles this page adds to the shared ones (the charts'). */
  style?: string;
}

function navigation(current: string): string {
  const links: [string, string][] = [
    [PORTAL_LINKS.markets, "Markets"],
    [PORTAL_LINKS.brands, "Brands"],
    [PORTAL_LINKS.resumes, "Resumes"],
    [SITE_LINKS.methodology, "Methodology"],
    [SITE_LINKS.dataset.docs, "Dataset API"],
    [SITE_LINKS.resumes.docs, "Resume API"],
    [SITE_LINKS.downloads, "Downloads"],
    [SITE_LINKS.llmsTxt, "llms.txt"],
  ];
  const items = links.map(
    ([href, label]) => `<a href="${href}"${href === current ? ' aria-current="page"' : ""}>${label}</a>`,
  );
  return `<nav aria-label="Site"><a class="brand" href="${SITE_LINKS.home}"${current === SITE_LINKS.home ? ' aria-current="page"' : ""}>Open data</a>${items.join("")}</nav>`;
}

/** Renders a whole page; `body` is trusted HTML built by the producers (all data in it escaped). */
export function renderPage(context: EngineContext, options: PageOptions): string {
  const { meta } = context.dataset;
  const footer = `Snapshot ${escapeHtml(meta.snapshot_at)} · ${escapeHtml(licenseSummary(meta))} · contact <a href="mailto:${escapeHtml(meta.contact)}">${escapeHtml(meta.contact)}</a>`;
  return [
    "<!doctype html>",
    '<html lang="en">',
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(options.title)}</title>`,
    `<meta name="description" content="${escapeHtml(options.description)}">`,
    // The one address of the page (issue 28): where a static host also answers another spelling, this names the canonical one.
    options.path === ""
      ? ""
      : `<link rel="canonical" href="${escapeHtml(context.dataset.site.base_url + options.path)}">`,
    // An empty icon: no request for /favicon.ico, which the site does not have.
    '<link rel="icon" href="data:,">',
    `<style>${STYLE}${options.style === undefined ? "" : `\n${options.style}`}</style>`,
    "</head>",
    "<body>",
    // The skip link comes first, so a keyboard user passes the navigation with one Tab and Enter; the
    // main element takes the focus (tabindex -1), so the next Tab goes to the content's first link.
    `<a class="skip" href="#${MAIN_ID}">Skip to content</a>`,
    `<header class="site">${navigation(options.path)}</header>`,
    `<main id="${MAIN_ID}" tabindex="-1">${options.body}</main>`,
    `<footer class="site"><div>${footer}</div></footer>`,
    options.script === undefined ? "" : `<script>${options.script}</script>`,
    options.scriptSrc === undefined ? "" : `<script src="${escapeHtml(options.scriptSrc)}"></script>`,
    "</body>",
    "</html>",
    "",
  ]
    .filter((line) => line !== "")
    .join("\n")
    .concat("\n");
}
