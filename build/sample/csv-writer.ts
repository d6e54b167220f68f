/**
 * A minimal RFC 4180 CSV writer for the seed files.
 * The loader reads an empty cell as null for nullable columns, so null and undefined become empty cells.
 * @module
 */

/** A value a CSV cell can hold. */
export type CsvCell = string | number | boolean | null | undefined;

/** Quotes a cell only when it must be quoted (comma, quote, CR or LF), so the common case stays compact. */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return "";
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * Renders rows as CSV text: a header of `columns`, one line per row in that column order,
 * `\n` line endings and a trailing newline.
 */
export function toCsv<T extends object>(columns: readonly (keyof T & string)[], rows: Iterable<T>): string {
  const lines = [columns.join(",")];
  for (const row of rows) {
    lines.push(columns.map((c) => csvCell(row[c] as CsvCell)).join(","));
  }
  return `${lines.join("\n")}\n`;
}
