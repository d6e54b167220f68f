/**
 * Site producer of `/`: the landing page of both datasets for people — what they cover in plain words,
 * one synthetic-data notice, key numbers, a featured chart, a quick start with a real API call and its
 * real answer, sample rows, the ways in (markets, brands, resume search, docs, methodology, downloads),
 * then the attribution rule with a copyable snippet and the links for machines. The table of every
 * download is on /downloads/ (downloads-table.ts).
 * @module
 */
import type { SiteProducer } from "../output-format/site-files.ts";
import type { Meta } from "../load/schemas.ts";
import type { EngineContext } from "../query/endpoint.ts";
import { packageLicense } from "../shared/license.ts";
import { escapeHtml } from "./html.ts";
import { HTML_TYPE, licenseSummary, renderPage } from "./page-layout.ts";
import { CHART_STYLE } from "./portal/line-chart.ts";
import {
  coverageSentence,
  datasetCards,
  entryButtons,
  featuredChart,
  keyNumbers,
  LANDING_STYLE,
  quickStart,
  sampleRows,
} from "./portal/landing-sections.ts";
import { citationSection } from "./release-sections.ts";
import { SITE_LINKS } from "./site-links.ts";

type Service = "dataset" | "resumes";

/** The attribution line a reuser pastes: the dataset's name linked to its landing page, and the license. */
export function attributionSnippet(context: EngineContext, service: Service): string {
  const source = context.dataset.meta[service];
  const license = packageLicense(source.license);
  const licenseLink =
    license.path === undefined
      ? escapeHtml(source.license)
      : `<a href="${escapeHtml(license.path)}">${escapeHtml(source.license)}</a>`;
  return `Data: <a href="${escapeHtml(source.attribution)}">${escapeHtml(source.name)}</a>, ${licenseLink}`;
}

function attributionSection(context: EngineContext): string {
  const snippets = (["dataset", "resumes"] as const).map((service) => {
    const id = `attribution-${service}`;
    // The hidden rest of its label tells the two buttons apart for a screen reader; the script changes only the word "Copy".
    return `<h3>${escapeHtml(context.dataset.meta[service].name)}</h3>
<div class="snippet"><pre><code id="${id}">${escapeHtml(attributionSnippet(context, service))}</code></pre><button type="button" class="copy" data-copy="${id}">Copy<span class="visually-hidden"> the ${escapeHtml(context.dataset.meta[service].name)} attribution</span></button></div>`;
  });
  const { meta } = context.dataset;
  const linked = (text: string) => {
    const deed = packageLicense(text).path;
    const name = `<strong>${escapeHtml(text)}</strong>`;
    return deed === undefined ? name : `<a href="${escapeHtml(deed)}">${name}</a>`;
  };
  const published =
    meta.dataset.license === meta.resumes.license
      ? `Both datasets are published under ${linked(meta.dataset.license)}`
      : `${escapeHtml(meta.dataset.name)} is published under ${linked(meta.dataset.license)} and ${escapeHtml(meta.resumes.name)} under ${linked(meta.resumes.license)}`;
  return `<h2 id="attribution">Attribution</h2>
<p>${published}: copy, share and adapt them for any purpose, commercial included, as long as you credit the dataset by name and link to its landing page (<a href="${escapeHtml(context.dataset.meta.dataset.attribution)}">${escapeHtml(context.dataset.meta.dataset.attribution)}</a> for the demand dataset, <a href="${escapeHtml(context.dataset.meta.resumes.attribution)}">${escapeHtml(context.dataset.meta.resumes.attribution)}</a> for the resume directory), and say if you changed the data. Every API response repeats the rule in <code>meta.license</code> and <code>meta.attribution</code>. Paste this HTML where you use the data:</p>
${snippets.join("\n")}`;
}

function machineLinks(): string {
  const rows: [string, string][] = [
    [SITE_LINKS.methodology, "Methodology: formulas, weights, grade bands and calibration, with charts"],
    [SITE_LINKS.dataset.docs, "Demand dataset API reference"],
    [SITE_LINKS.resumes.docs, "Resume directory API reference"],
    [SITE_LINKS.dataset.openapi, "OpenAPI 3.1 document of the demand dataset API"],
    [SITE_LINKS.resumes.openapi, "OpenAPI 3.1 document of the resume directory API"],
    [SITE_LINKS.dataset.discovery, "Discovery document of the demand dataset API"],
    [SITE_LINKS.resumes.discovery, "Discovery document of the resume directory API"],
    [SITE_LINKS.llmsTxt, "llms.txt: a concise guide for language-model agents"],
    [SITE_LINKS.downloads, "Bulk downloads: every resource as gzip NDJSON, CSV and Parquet, with sizes and SHA-256"],
    [SITE_LINKS.dataPackage, "Frictionless Data Package describing every download"],
  ];
  return `<h2 id="links">Documentation and specifications</h2>
<ul>${rows.map(([href, label]) => `<li><a href="${href}">${escapeHtml(label)}</a> <code>${escapeHtml(href)}</code></li>`).join("")}</ul>`;
}

/** The copy buttons' script: copies the text of the element a button names, or selects it to copy by hand. */
export const COPY_SCRIPT = `document.addEventListener("click",function(e){var b=e.target.closest&&e.target.closest("button[data-copy]");if(!b)return;var n=document.getElementById(b.getAttribute("data-copy"));if(!n)return;var done=function(t){b.firstChild.nodeValue=t;setTimeout(function(){b.firstChild.nodeValue="Copy"},1500)};var select=function(){var r=document.createRange();r.selectNodeContents(n);var s=getSelection();s.removeAllRanges();s.addRange(r);done("Press Ctrl+C")};if(navigator.clipboard&&navigator.clipboard.writeText){navigator.clipboard.writeText(n.textContent).then(function(){done("Copied")},select)}else{select()}});`;

/** The notice a page of a synthetic sample opens with (nothing for real data). */
export function syntheticNotice(meta: Meta): string {
  return meta.synthetic
    ? `<p class="notice" id="synthetic"><strong>Synthetic sample.</strong> Every record on this site — brands, domains, licenses, games, demand and revenue figures, resumes, names and contacts — is fictional, made by a seeded generator. It describes no real company, person or market.</p>`
    : "";
}

/** The landing page's HTML: what the data is, for people first (issue 28); the downloads are on /downloads/. */
export async function landingPage(context: EngineContext): Promise<string> {
  const { meta } = context.dataset;
  const body = `<h1>${escapeHtml(meta.dataset.name)} and ${escapeHtml(meta.resumes.name)}</h1>
<p class="lead">${coverageSentence(context)} Free to reuse under ${escapeHtml(licenseSummary(meta))}; snapshot of ${escapeHtml(meta.snapshot_at)}.</p>
${syntheticNotice(meta)}
${keyNumbers(context)}
${entryButtons()}
${datasetCards(context)}
${featuredChart(context)}
${quickStart(context)}
${sampleRows(context)}
${attributionSection(context)}
${machineLinks()}
${citationSection(context)}`;
  return renderPage(context, {
    path: SITE_LINKS.home,
    title: `${meta.dataset.name} and ${meta.resumes.name}`,
    description: meta.dataset.description,
    body,
    script: COPY_SCRIPT,
    style: `${CHART_STYLE}\n${LANDING_STYLE}`,
  });
}

/** Writes `/` as `index.html`. */
export const landingPageProducer: SiteProducer = (context) => [
  { urlPath: SITE_LINKS.home, file: "index.html", contentType: HTML_TYPE, body: landingPage(context) },
];
