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
import { dictionaryPath } from "./data-dictionary-page.ts";
import { ARCHIVE_FILE } from "./download-archive.ts";
import { DOWNLOADS_TABLE_STYLE, downloadsTable, hashCell } from "./downloads-table.ts";
import { escapeHtml, formatBytes } from "./html.ts";
import { INDEX_DOWNLOAD_PATH } from "../query/dataset/index-values.ts";
import { COPY_SCRIPT, syntheticNotice } from "./landing-page.ts";
import { HTML_TYPE, licenseSummary, renderPage } from "./page-layout.ts";
import { citationSection, releasesSection } from "./release-sections.ts";
import { releaseSet } from "./releases.ts";
import { SITE_LINKS } from "./site-links.ts";

/** The page's HTML (it lists sizes and hashes, so it follows the archives). */
export async function downloadsPage(context: EngineContext): Promise<string> {
  const downloads = await bulkDownloads(context);
  const releases = await releaseSet(context);
  const archive = releases.files.get(ARCHIVE_FILE)!;
  const archiveHash = releases.current.files.find((file) => file.name === ARCHIVE_FILE)!.sha256;
  const { meta } = context.dataset;
  const body = `<h1>Bulk downloads</h1>
<p class="lead">${escapeHtml(meta.dataset.name)} and ${escapeHtml(meta.resumes.name)}, snapshot of ${escapeHtml(meta.snapshot_at)}, under ${escapeHtml(licenseSummary(meta))}: attribution as on the <a href="${SITE_LINKS.home}#attribution">home page</a>.</p>
${syntheticNotice(meta)}
<p><strong>Resume contacts.</strong> ${escapeHtml(contactRuleText(context.dataset))}</p>
<h2 id="downloads">Downloads</h2>
<p>Every resource in three formats, all its records at once: gzip-compressed NDJSON (one JSON record per line, UTF-8), CSV (RFC 4180 with a header line; nested fields as JSON text) and Parquet (nested fields as JSON). Each resource's data dictionary gives its fields, types and sample records; the <a href="${SITE_LINKS.dataPackage}">data package</a> (<code>datapackage.json</code>, Frictionless Data) gives every file's table schema, size and hash. Download files answer HTTP range requests, so DuckDB or pandas can read a Parquet file in place.</p>
<p><strong>Download all:</strong> <a href="/${DOWNLOADS_DIR}/${ARCHIVE_FILE}" download>${ARCHIVE_FILE}</a> <span class="muted">(every file below, the data package and the citation, in one gzip tar archive; <span title="${archive.length} bytes">${formatBytes(archive.length)}</span>)</span> ${hashCell(archiveHash, "sha-archive", ARCHIVE_FILE)}</p>
<pre><code>curl -s ${escapeHtml(context.dataset.site.base_url + INDEX_DOWNLOAD_PATH)} | gunzip | head -n 3</code></pre>
${downloadsTable(context, downloads, dictionaryPath)}
${releasesSection(releases)}
${citationSection(context)}`;
  return renderPage(context, {
    path: SITE_LINKS.downloads,
    title: `Downloads · ${meta.dataset.name} and ${meta.resumes.name}`,
    description: `Every resource of ${meta.dataset.name} and ${meta.resumes.name} as gzip NDJSON, CSV and Parquet.`,
    body,
    script: COPY_SCRIPT,
    style: DOWNLOADS_TABLE_STYLE,
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
