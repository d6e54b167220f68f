/**
 * A data dictionary page per download (issue 28), made from its Table Schema: each field with its type,
 * whether it is always present, its keys and description, and the first five records as a table.
 * Static HTML at `/downloads/dictionary/<resource>/`, linked from `/downloads/`.
 * @module
 */
import { constants, gunzipSync } from "node:zlib";
import { pageFile, type SiteProducer } from "../output-format/site-files.ts";
import type { EngineContext } from "../query/endpoint.ts";
import { bulkDownloads, DOWNLOADS_DIR, type BulkDownload } from "./bulk-downloads.ts";
import { DOWNLOAD_TABLES } from "./download-tables.ts";
import { escapeHtml, renderTable } from "./html.ts";
import { syntheticNotice } from "./landing-page.ts";
import { HTML_TYPE, renderPage } from "./page-layout.ts";
import { SITE_LINKS } from "./site-links.ts";
import type { TableField } from "./table-schema.ts";

/** How many records the page shows. */
export const SAMPLE_ROWS = 5;
/** A sample cell longer than this is cut (the whole record is in the files). */
const CELL_CHARS = 80;

/** The canonical address of a resource's data dictionary page. */
export function dictionaryPath(name: string): string {
  return `/${DOWNLOADS_DIR}/dictionary/${name}/`;
}

function keyNote(field: TableField, download: BulkDownload): string {
  const notes: string[] = [];
  if (download.schema.primaryKey?.includes(field.name)) notes.push("primary key");
  for (const key of download.schema.foreignKeys ?? [])
    if (key.fields.includes(field.name))
      notes.push(
        `names <a href="${dictionaryPath(key.reference.resource)}">${escapeHtml(key.reference.resource)}</a>.${escapeHtml(key.reference.fields.join(", "))}`,
      );
  return notes.join("; ");
}

function sampleCell(value: unknown): string {
  // The JSON literal, as code: a bare "null" in a cell reads as a value printed by mistake.
  if (value === null || value === undefined) return "<code>null</code>";
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return escapeHtml(text.length > CELL_CHARS ? `${text.slice(0, CELL_CHARS - 1)}…` : text);
}

/** The first records of a download, read back from its gzip NDJSON file. */
function sampleRecords(download: BulkDownload): Record<string, unknown>[] {
  return leadingLines(download.body, SAMPLE_ROWS)
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** How much of a gzip file is decompressed at first for its leading lines; four times more at each retry. */
const LEADING_BYTES = 16 * 1024;

/**
 * `gunzip(gzipped).split("\n", count)`, decompressing only a prefix of the file as long as it holds `count`
 * whole lines: gunzipping every download in full for five records cost the build about 0.6 s (issue 29).
 */
function leadingLines(gzipped: Buffer, count: number): string[] {
  for (let prefix = LEADING_BYTES; ; prefix *= 4) {
    if (prefix >= gzipped.length) return gunzipSync(gzipped).toString("utf8").split("\n", count);
    // Z_SYNC_FLUSH: a cut stream gives what it holds instead of failing.
    const text = gunzipSync(gzipped.subarray(0, prefix), { finishFlush: constants.Z_SYNC_FLUSH }).toString("utf8");
    const lines = text.split("\n", count + 1);
    // `count` newlines: the first `count` lines are whole, and decoded whole (the cut lies after them).
    if (lines.length > count) return lines.slice(0, count);
  }
}

/** The page's HTML. */
export function dataDictionaryPage(context: EngineContext, download: BulkDownload): string {
  const { table, schema } = download;
  const fields = renderTable(
    `The ${schema.fields.length} fields of ${escapeHtml(table.name)}`,
    ["Field", "Type", "Always present", "Key", "Description"],
    schema.fields.map((field) => [
      `<code>${escapeHtml(field.name)}</code>`,
      escapeHtml(field.type),
      field.constraints?.required === true ? "yes" : "no",
      keyNote(field, download),
      escapeHtml(field.description ?? ""),
    ]),
  );
  const records = sampleRecords(download);
  const sample =
    records.length === 0
      ? "<p>This resource has no records in this release.</p>"
      : renderTable(
          `The first ${records.length} records`,
          schema.fields.map((field) => `<code>${escapeHtml(field.name)}</code>`),
          records.map((record) => schema.fields.map((field) => sampleCell(record[field.name]))),
        );
  const files = download.files
    .map((file) => `<a href="${file.urlPath}" download>${escapeHtml(file.fileName)}</a>`)
    .join(" · ");
  const body = `<p><a href="${SITE_LINKS.downloads}">Downloads</a> › data dictionary</p>
<h1>${escapeHtml(table.title)}: data dictionary</h1>
<p class="lead">${escapeHtml(table.description)}</p>
${syntheticNotice(context.dataset.meta)}
<p>Files: ${files}. The <a href="${SITE_LINKS.dataPackage}">data package</a> holds this Table Schema as JSON. In the CSV and Parquet files, nested fields (type object, array or any) are JSON text; an empty CSV cell is null.</p>
<h2>Fields</h2>
${schema.fields.length === 0 ? "<p>No fields: the resource has no records in this release.</p>" : fields}
<h2>Sample</h2>
${sample}`;
  return renderPage(context, {
    path: dictionaryPath(table.name),
    title: `${table.title}: data dictionary · ${context.dataset.meta.dataset.name}`,
    description: `Fields, types and sample records of the ${table.name} download.`,
    body,
  });
}

/** One page per download. */
export const dataDictionaryProducer: SiteProducer = (context) => {
  const downloads = bulkDownloads(context);
  return DOWNLOAD_TABLES.map((table, at) => ({
    urlPath: dictionaryPath(table.name),
    file: pageFile(dictionaryPath(table.name)),
    contentType: HTML_TYPE,
    body: downloads.then((made) => dataDictionaryPage(context, made[at]!)),
  }));
};
