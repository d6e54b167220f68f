/**
 * The table of `/downloads/` (issue 28): one row per resource with its files in every format (gzip
 * NDJSON, CSV, Parquet), each with its size and a short SHA-256 that opens to the full one (a
 * `<details>`, so it reads and copies without JavaScript; the copy button copies the full hash).
 * @module
 */
import type { EngineContext } from "../query/endpoint.ts";
import type { BulkDownload, DownloadFile } from "./bulk-downloads.ts";
import { escapeHtml, formatBytes, formatCount } from "./html.ts";

/** How many hex digits of a SHA-256 the page shows before it is opened. */
export const SHORT_HASH_DIGITS = 12;

/** A hash shown short, the full one in a `<details>` and behind a copy button. */
export function hashCell(sha256: string, id: string, fileName: string): string {
  return `<details class="hash"><summary><code title="${sha256}">${sha256.slice(0, SHORT_HASH_DIGITS)}…</code></summary><code class="hash" id="${id}">${sha256}</code></details><button type="button" class="copy" data-copy="${id}">Copy<span class="visually-hidden"> the SHA-256 of ${escapeHtml(fileName)}</span></button>`;
}

const FORMAT_LABEL = { ndjson: "NDJSON (gzip)", csv: "CSV", parquet: "Parquet" } as const;

function fileItem(file: DownloadFile): string {
  const id = `sha-${file.fileName.replace(/[^A-Za-z0-9-]/g, "-")}`;
  return `<li><a href="${file.urlPath}" download>${escapeHtml(file.fileName)}</a> <span class="muted">${FORMAT_LABEL[file.format]}, <span title="${file.bytes} bytes">${formatBytes(file.bytes)}</span></span> ${hashCell(file.sha256, id, file.fileName)}</li>`;
}

function resourceRow(download: BulkDownload, dictionary: string): string {
  return `<tr><th scope="row" class="file">${escapeHtml(download.table.title)}<br><a href="${dictionary}">Data dictionary</a></th><td>${escapeHtml(download.table.description)}</td><td class="num">${formatCount(download.records)}</td><td><ul class="files">${download.files.map(fileItem).join("")}</ul></td></tr>`;
}

/** The downloads table, one row group per dataset; `dictionaryOf` names each resource's data dictionary page. */
export function downloadsTable(
  context: EngineContext,
  downloads: readonly BulkDownload[],
  dictionaryOf: (name: string) => string,
): string {
  const groups = (["dataset", "resumes"] as const).map((service) => {
    const rows = downloads
      .filter((download) => download.table.service === service)
      .map((download) => resourceRow(download, dictionaryOf(download.table.name)));
    // One <tbody> per dataset: a rowgroup header covers its row group only.
    return rows.length === 0
      ? ""
      : `<tbody>\n<tr><th colspan="4" scope="rowgroup">${escapeHtml(context.dataset.meta[service].name)}</th></tr>\n${rows.join("\n")}\n</tbody>`;
  });
  return `<div class="scroll" tabindex="0" role="region" aria-label="Every download"><table>
<caption>Every resource with its records, and its files with size and SHA-256</caption>
<thead><tr><th scope="col">Resource</th><th scope="col">Contents</th><th scope="col" class="num">Records</th><th scope="col">Files</th></tr></thead>
${groups.filter((group) => group !== "").join("\n")}</table></div>`;
}

/** Styles of the table: files listed without bullets, a hash's summary as a quiet link. */
// The copy buttons' hidden labels are positioned: the scrolling region must contain them, or they widen the page.
export const DOWNLOADS_TABLE_STYLE = `.scroll{position:relative}
ul.files{list-style:none;margin:0;padding:0;min-width:19rem}
ul.files li{margin:0 0 .45rem}
.muted{color:var(--muted);font-size:.9em}
details.hash{display:inline-block;vertical-align:top;max-width:100%}
details.hash summary{cursor:pointer}
details.hash code.hash{display:block;max-width:22rem}
ul.files button.copy{font-size:.8rem;padding:.1rem .5rem;margin-left:.3rem}`;
