/**
 * A download's records as Parquet (issue 28), written by hyparquet-writer: pure JavaScript, so nothing
 * native is installed, and the same bytes on every machine. Columns follow the Table Schema: text, dates
 * and months as UTF-8 strings (the values the NDJSON holds), integers as INT64, numbers as DOUBLE, nested
 * values as JSON text (Parquet's JSON type); every column may hold null.
 * @module
 */
import { parquetWriteBuffer } from "hyparquet-writer";
import { isJsonField } from "./csv-table.ts";
import type { TableField, TableSchema } from "./table-schema.ts";

/** The media type of the Parquet downloads (registered with IANA in 2024). */
export const PARQUET_MEDIA_TYPE = "application/vnd.apache.parquet";

type ParquetType = "STRING" | "INT64" | "DOUBLE" | "BOOLEAN" | "JSON";

/** The Parquet type of a Table Schema field. */
export function parquetTypeOf(field: Pick<TableField, "type">): ParquetType {
  if (isJsonField(field)) return "JSON";
  if (field.type === "integer") return "INT64";
  if (field.type === "number") return "DOUBLE";
  if (field.type === "boolean") return "BOOLEAN";
  return "STRING";
}

function columnValue(value: unknown, type: ParquetType): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === "number" && !Number.isFinite(value)) return null; // JSON writes null for these
  // INT64 columns take bigints; an integer field's values are safe integers (JSON numbers).
  return type === "INT64" ? BigInt(value as number) : value;
}

/** The Parquet file of records under their schema (a table without fields gives a file without columns). */
export function toParquet(records: readonly Record<string, unknown>[], schema: TableSchema): Buffer {
  const columnData = schema.fields.map((field) => {
    const type = parquetTypeOf(field);
    return { name: field.name, type, data: records.map((record) => columnValue(record[field.name], type)) };
  });
  // The writer's name without its version: a dependency update alone should not change every file's bytes.
  return Buffer.from(parquetWriteBuffer({ columnData, createdBy: "open-demand-publisher" }));
}
