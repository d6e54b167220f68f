/**
 * Site producer of `/downloads/`: the folder of the bulk downloads answers with a page listing them
 * (the landing page's table: each file with its records, size and SHA-256, and the data package;
 * like the landing page, it opens with the notice of a synthetic sample),
 * instead of a 404 for the address a reader of the contract types first.
 * @module
 */
import type { SiteProducer } from "../output-format/site-files.ts";
import type { EngineContext } from "../query/endpoint.ts";
import { contactRuleText } from "../query/resumes/contact-rule.ts";
import { bulkDownloads, DOWNLOADS_DIR } from "./bulk-downloads.ts";
import { escapeHtml } from "./html.ts";
import { downloadsSection, syntheticNotice } from "./landing-page.ts";
import { HTML_TYPE, licenseSummary, renderPage } from "./page-layout.ts";
import { citationSection, releasesSection } from "./release-sections.ts";
import { releaseSet } from "./releases.ts";
import { SITE_LINKS } from "./site-links.ts";

/** The page's HTML (it lists sizes and hashes, so it follows the archives). */
export async function downloadsPage(context: EngineContext): Promise<string> {
  const downloads = await bulkDownloads(context);
  const { meta } = context.dataset;
  const body = `<h1>Bulk downloads</h1>
<p class="lead">${escapeHtml(meta.dataset.name)} and ${escapeHtml(meta.resumes.name)}, snapshot of ${escapeHtml(meta.snapshot_at)}, under ${escapeHtml(licenseSummary(meta))}: attribution as on the <a href="${SITE_LINKS.home}#attribution">home page</a>.</p>
${syntheticNotice(meta)}
<p><strong>Resume contacts.</strong> ${escapeHtml(contactRuleText(context.dataset))}</p>
${downloadsSection(context, downloads)}
${releasesSection(await releaseSet(context))}
${citationSection(context)}`;
  return renderPage(context, {
    path: SITE_LINKS.downloads,
    title: `Downloads · ${meta.dataset.name} and ${meta.resumes.name}`,
    description: `Every resource of ${meta.dataset.name} and ${meta.resumes.name} as a gzip NDJSON file.`,
    body,
  });
}

/** Writes `/downloads/` as `downloads/index.html`. */
export const downloadsPageProducer: SiteProducer = (context) => [
  {
    urlPath: SITE_LINKS.downloads,
    file: `${DOWNLOADS_DIR}/index.html`,
    contentType: HTML_TYPE,
    body: downloadsPage(context),
  },
];
