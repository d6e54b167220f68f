/**
 * Small, safe building blocks for the HTML pages: escaping and number formats that never depend
 * on the machine's locale.
 * @module
 */

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
/** The escapes above, read back (a caption's text, escaped once, becomes an attribute escaped once). */
const ENTITIES: Record<string, string> = Object.fromEntries(
  Object.entries(ESCAPES).map(([char, entity]) => [entity, char]),
);

/** Escapes text for HTML content and double- or single-quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

/** A byte count for people: `512 B`, `21.5 KiB`, `3.2 MiB` (binary units, one decimal). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const kib = (bytes / 1024).toFixed(1);
  // Decided after rounding: 1,048,525 bytes is "1.0 MiB", not "1024.0 KiB".
  if (Number(kib) < 1024) return `${kib} KiB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
}

/** An integer with thin-space-free comma grouping (`42,070`), the same on every machine. */
export function formatCount(value: number): string {
  return String(Math.round(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** A count that may be unknown (null, #26): `—` in a table cell, never a 0 the data does not say. */
export function formatCountOrUnknown(value: number | null): string {
  return value === null ? "—" : formatCount(value);
}

/** A fraction as a percentage without float noise: 0.15 → `15%`, 0.125 → `12.5%`. */
export function formatPercent(fraction: number): string {
  return `${Number((fraction * 100).toFixed(4))}%`;
}

/**
 * A data table with a caption and column headers (`scope="col"`), wrapped so that it scrolls sideways
 * on a narrow screen. Cells are trusted HTML (escape data before); `numeric` lists the right-aligned columns.
 */
export function renderTable(
  caption: string,
  head: readonly string[],
  rows: readonly (readonly string[])[],
  numeric: readonly number[] = [],
): string {
  const align = (index: number) => (numeric.includes(index) ? ' class="num"' : "");
  const header = head.map((text, index) => `<th scope="col"${align(index)}>${text}</th>`).join("");
  const body = rows
    .map((row) => `<tr>${row.map((text, index) => `<td${align(index)}>${text}</td>`).join("")}</tr>`)
    .join("");
  // Focusable and named, so a keyboard can scroll a table wider than a phone (axe scrollable-region-focusable).
  const name = escapeHtml(
    caption.replace(/<[^>]*>/g, "").replace(/&[a-z]+;|&#\d+;/g, (entity) => ENTITIES[entity] ?? entity),
  );
  return `<div class="scroll" tabindex="0" role="region" aria-label="${name}"><table><caption>${caption}</caption><thead><tr>${header}</tr></thead><tbody>${body}</tbody></table></div>`;
}
