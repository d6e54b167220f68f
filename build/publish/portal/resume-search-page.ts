/**
 * Site producer of `/resumes/`: a search page on the resume API. The filters' choices and the counts
 * come from the API's `/stats`; the search runs in the browser (assets/resume-search.js). Without
 * JavaScript the page still reads (what the directory holds, by role and seniority) and its form submits
 * to the API, whose answer is JSON.
 * @module
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { pageFile, type SiteProducer } from "../../output-format/site-files.ts";
import type { EngineContext } from "../../query/endpoint.ts";
import { contactRuleText } from "../../query/resumes/contact-rule.ts";
import { SERVICE_BASES } from "../../query/services.ts";
import { escapeHtml, formatCount, renderTable } from "../html.ts";
import { HTML_TYPE, renderPage } from "../page-layout.ts";
import { PORTAL_LINKS, SITE_LINKS } from "../site-links.ts";
import { engineAnswer } from "./engine-answer.ts";
import { portalNotice } from "./portal-notice.ts";

/** Where the page's script is published. */
export const RESUME_SEARCH_SCRIPT = "/assets/portal/resume-search.js";
/** Results per page: short enough to read on a phone. */
export const RESULTS_PER_PAGE = 20;

interface Stats {
  total: number;
  with_contacts: number;
  by_role: Record<string, number>;
  by_vertical: Record<string, number>;
  by_traffic: Record<string, number>;
  by_seniority: Record<string, number>;
  by_contact_quality: Record<string, number>;
}

const words = (key: string): string => escapeHtml(key.replace(/_/g, " "));

function select(name: string, label: string, counts: Record<string, number>): string {
  const options = Object.entries(counts).map(
    ([value, count]) => `<option value="${escapeHtml(value)}">${words(value)} (${formatCount(count)})</option>`,
  );
  return `<label>${label}<select name="${name}"><option value="">Any</option>${options.join("")}</select></label>`;
}

function choice(name: string, label: string, options: [string, string][]): string {
  return `<label>${label}<select name="${name}">${options.map(([value, text]) => `<option value="${value}">${text}</option>`).join("")}</select></label>`;
}

const STYLE = `
form.search{display:grid;grid-template-columns:repeat(auto-fit,minmax(9.5rem,1fr));gap:.7rem 1rem;align-items:end;max-width:60rem;margin:1rem 0}
form.search label{display:flex;flex-direction:column;gap:.2rem;font-size:.9rem;color:var(--muted)}
form.search .wide{grid-column:1/-1}
form.search input,form.search select{font:inherit;color:var(--ink);padding:.45rem .5rem;border:1px solid #8a94a6;border-radius:5px;background:#fff;min-width:0}
form.search button,#pager button,#resume-view button{font:inherit;padding:.45rem 1rem;border:1px solid var(--accent);border-radius:5px;background:var(--accent);color:#fff;cursor:pointer}
#pager{display:flex;gap:1rem;margin:1rem 0}
#results{list-style:none;padding:0;margin:0;max-width:48rem}
#results li{border-bottom:1px solid var(--line);padding:.6rem 0}
#results h2{margin:0 0 .2rem;padding:0;border:0;font-size:1.02rem}
#results .facts{margin:0;color:var(--muted);font-size:.92rem}
#resume-view{border:1px solid var(--line);border-radius:8px;padding:1rem 1.2rem;margin:1rem 0;max-width:48rem;background:var(--soft)}
#resume-view dl{display:grid;grid-template-columns:max-content 1fr;gap:.2rem 1rem}
#resume-view dt{font-weight:600}
#resume-view dd{margin:0;overflow-wrap:anywhere}
.resume-text{white-space:pre-wrap}
`.trim();

/** The page's HTML. */
export function resumeSearchPage(context: EngineContext): string {
  const stats = engineAnswer<Stats>(context, "resumes.stats").data;
  const api = `${SERVICE_BASES.resumes}/resumes`;
  const seniority = Object.entries(stats.by_seniority).map(([level, count]) => [words(level), formatCount(count)]);
  const body = `<h1>Resume search</h1>
<p class="lead">${formatCount(stats.total)} resumes of affiliate and iGaming professionals (${formatCount(stats.with_contacts)} with published contacts), searchable in full text: every word must match, as written or in another form of it (a plural, a case ending), a near spelling or a synonym; the last one also as the start of a word.</p>
${portalNotice(context)}
<p id="contact-rule"><strong>Contacts.</strong> ${escapeHtml(contactRuleText(context.dataset))}</p>
<form id="resume-search" class="search" action="${api}" method="get" role="search" aria-label="Resumes">
<label class="wide">Search titles, skills and text<input type="search" name="q" autocomplete="off" placeholder="e.g. seo casino" maxlength="200"></label>
${select("role", "Role", stats.by_role)}
${select("vertical", "Vertical", stats.by_vertical)}
${select("traffic", "Traffic", stats.by_traffic)}
${select("seniority", "Seniority", stats.by_seniority)}
${select("contact_quality", "Contact quality", stats.by_contact_quality)}
${choice("has_contacts", "Contacts", [
  ["", "Any"],
  ["1", "With contacts"],
  ["0", "Without contacts"],
])}
${choice("sort", "Sort by", [
  ["", "Date updated"],
  ["experience", "Experience"],
  ["relevance", "Relevance (with a search)"],
])}
${choice("order", "Order", [
  ["", "Natural"],
  ["desc", "Descending"],
  ["asc", "Ascending"],
])}
<input type="hidden" name="per_page" value="${RESULTS_PER_PAGE}">
<button type="submit">Search</button>
</form>
<noscript><p>The search runs with JavaScript. Without it the form above sends the same search to the API, which answers JSON: <code>${api}?q=seo&amp;seniority=senior</code>.</p></noscript>
<div id="search-script" hidden>
<p id="search-status" role="status" aria-live="polite"></p>
<ol id="results" aria-label="Resumes found"></ol>
<nav id="pager" aria-label="Result pages"></nav>
<section id="resume-view" aria-labelledby="resume-title" hidden></section>
</div>
<h2 id="directory">What the directory holds</h2>
${renderTable("Resumes by seniority", ["Seniority", "Resumes"], seniority, [1])}
<p>Every figure and filter here comes from the API: <code>${SERVICE_BASES.resumes}/stats</code>; the search is <code>${api}</code> (<a href="${SITE_LINKS.resumes.docs}">reference</a>). The API allows 120 requests a minute; this page waits for a pause in typing and sends at most 60.</p>`;
  return renderPage(context, {
    path: PORTAL_LINKS.resumes,
    title: `Resume search · ${context.dataset.meta.resumes.name}`,
    description: `Search ${stats.total} resumes of affiliate and iGaming professionals.`,
    body,
    style: STYLE,
    scriptSrc: RESUME_SEARCH_SCRIPT,
  });
}

const SCRIPT_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), "assets", "resume-search.js");

export const resumeSearchProducer: SiteProducer = (context) => [
  {
    urlPath: PORTAL_LINKS.resumes,
    file: pageFile(PORTAL_LINKS.resumes),
    contentType: HTML_TYPE,
    body: resumeSearchPage(context),
  },
  {
    urlPath: RESUME_SEARCH_SCRIPT,
    file: RESUME_SEARCH_SCRIPT.slice(1),
    contentType: "text/javascript; charset=utf-8",
    body: readFileSync(SCRIPT_FILE),
  },
];
