/**
 * A download's records as CSV (issue 28): RFC 4180, a header of the Table Schema's field names, one line
 * per record. Nested values (objects, arrays, and any value of a field typed `any`) are written as JSON
 * text, as Table Schema reads an `object` or `array` field of a CSV file; the schema says so per field.
 * @module
 */
import type { TableField, TableSchema } from "./table-schema.ts";

/** RFC 4180's line break; the data package's CSV dialect names it. */
export const CSV_LINE_TERMINATOR = "\r\n";
/** The media type of the CSV downloads. */
export const CSV_MEDIA_TYPE = "text/csv";

/** Whether a field's values are written as JSON text in CSV and Parquet rather than as plain values. */
export function isJsonField(field: Pick<TableField, "type">): boolean {
  return field.type === "object" || field.type === "array" || field.type === "any";
}

/** One cell: quoted when it holds a comma, quote or line break, or is empty text (an empty cell is null). */
function csvCell(value: unknown, field: TableField): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number" && !Number.isFinite(value)) return ""; // JSON writes null for these
  const text = isJsonField(field) ? JSON.stringify(value) : typeof value === "string" ? value : String(value);
  return text === "" || /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The CSV text of records under their schema; no bytes at all for a table without fields. */
export function toCsv(records: readonly Record<string, unknown>[], schema: TableSchema): string {
  if (schema.fields.length === 0) return "";
  const header = schema.fields.map((field) => csvCell(field.name, { name: field.name, type: "string" }));
  const lines = [header.join(",")];
  for (const record of records) lines.push(schema.fields.map((field) => csvCell(record[field.name], field)).join(","));
  return lines.map((line) => line + CSV_LINE_TERMINATOR).join("");
}
