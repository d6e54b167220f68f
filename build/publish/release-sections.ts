/**
 * The HTML of releases (issue 34): how to cite the current one, and the list of every release kept with
 * what changed in the current one.
 * @module
 */
import type { EngineContext } from "../query/endpoint.ts";
import { CITATION_FILE, citationBibtex, citationText } from "./citation.ts";
import { escapeHtml, formatBytes, renderTable } from "./html.ts";
import { changesSummary } from "./release-changes.ts";
import type { ReleaseSet } from "./releases.ts";

/** How to cite the current release: a sentence, BibTeX and the CITATION.cff download. */
export function citationSection(context: EngineContext): string {
  return `<h2 id="cite">How to cite</h2>
<p>${escapeHtml(citationText(context))}</p>
<pre><code>${escapeHtml(citationBibtex(context))}</code></pre>
<p>The same as <a href="/downloads/${CITATION_FILE}" download>${CITATION_FILE}</a> (Citation File Format).</p>`;
}

/** Every release kept, newest first, and what changed in the current one. */
export function releasesSection(set: ReleaseSet): string {
  const rows = set.listing.releases.map((release) => [
    `<a href="/downloads/${escapeHtml(release.name)}/datapackage.json">${escapeHtml(release.name)}</a>${release.name === set.current.name ? " (current)" : ""}`,
    escapeHtml(release.snapshot),
    String(release.files.length),
    escapeHtml(formatBytes(release.bytes)),
    escapeHtml(release.rewritten ?? ""),
  ]);
  const lines = set.changes === undefined ? [] : changesSummary(set.changes);
  const changed =
    set.changes === undefined
      ? "<p>This is the first release kept.</p>"
      : `<p>Changed since release ${escapeHtml(set.changes.previous)} (<a href="/downloads/${escapeHtml(set.current.name)}/changes.json">changes.json</a>: records added, removed and changed by primary key): ${lines.length === 0 ? "no record." : ""}</p>${lines.length === 0 ? "" : `<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>`}`;
  return `<h2 id="releases">Releases</h2>
<p>Each build is a release named by its snapshot; earlier releases stay downloadable, byte for byte, under <code>/downloads/&lt;release&gt;/</code>, each with its own data package. <a href="/downloads/releases.json">releases.json</a> lists them with every file's size and SHA-256.</p>
${changed}
${renderTable("Every release kept, newest first", ["Release", "Snapshot", "Files", "Size", "Rewritten"], rows, [2, 3])}`;
}
