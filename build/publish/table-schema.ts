/**
 * Table Schema fields derived from the records themselves, so the data package never drifts from
 * the files it describes.
 * @module
 */
import { parseDateTime } from "../query/param-spec.ts";

/** The Table Schema field types the downloads use. */
export type FieldType =
  | "string"
  | "integer"
  | "number"
  | "boolean"
  | "object"
  | "array"
  | "date"
  | "datetime"
  | "yearmonth"
  | "any";

/** One field of a Table Schema. */
export interface TableField {
  name: string;
  type: FieldType;
  /** Present (true) when no record has the field null or absent. */
  constraints?: { required: true };
  /** What the field holds, and for a nested one how the CSV and Parquet files write it (issue 28). */
  description?: string;
}

/** A Table Schema foreign key: fields of this table naming a record of another resource by its primary key. */
export interface ForeignKey {
  fields: readonly string[];
  reference: { resource: string; fields: readonly string[] };
}

/** A Table Schema: the fields of every record, in order, and the keys the table declares (table-keys.ts checks them). */
export interface TableSchema {
  fields: TableField[];
  primaryKey?: readonly string[];
  foreignKeys?: readonly ForeignKey[];
}

// A day of a month from year 1 (year 0 is no date to Python's validators); realDate checks the month's length.
const DATE = /^(?!0000)\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
// Table Schema's default datetime format is UTC to the second; anything else stays a plain string.
const DATE_TIME = /^(?!0000)\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\dZ$/;
const YEAR_MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** Whether a text that DATE or DATE_TIME matched names a real day (no 30 February): as the API's date parameters check it. */
const realDate = (text: string): boolean => parseDateTime(text) !== undefined;

/** The type of one non-null value. */
export function typeOfValue(value: unknown): FieldType {
  if (typeof value === "boolean") return "boolean";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  if (Array.isArray(value)) return "array";
  if (typeof value === "object" && value !== null) return "object";
  if (typeof value !== "string") return "any";
  // Shaped like one but not a real day (2025-02-29): a validator would refuse it as a date, not as text.
  if (DATE_TIME.test(value)) return realDate(value) ? "datetime" : "string";
  if (DATE.test(value)) return realDate(value) ? "date" : "string";
  return YEAR_MONTH.test(value) ? "yearmonth" : "string";
}

/** Two types seen in one field: integers widen to numbers, dates to strings, anything else to `any`. */
export function widenType(a: FieldType, b: FieldType): FieldType {
  if (a === b) return a;
  const pair = new Set([a, b]);
  if (pair.has("integer") && pair.has("number")) return "number";
  const textual: FieldType[] = ["string", "date", "datetime", "yearmonth"];
  if (textual.includes(a) && textual.includes(b)) return "string";
  return "any";
}

/**
 * Derives the fields of a list of flat-or-nested JSON records, as their NDJSON lines hold them: names
 * in first-seen order, each field's type widened over every non-null value (`any` when a field is
 * always null), and `required` when every record has a non-null value.
 */
export function inferTableSchema(records: readonly Record<string, unknown>[]): TableSchema {
  // One entry per field, in first-seen order; one lookup per value of every record of every download.
  const seen = new Map<string, { type: FieldType | undefined; present: number }>();
  for (const record of records) {
    // Keys, not entries: a pair per field of every record of every download was a large share of the build's garbage.
    for (const name of Object.keys(record)) {
      const value = record[name];
      // The fields of the NDJSON line, as JSON.stringify writes it: no member for undefined (nor a function or symbol)...
      if (value === undefined || typeof value === "function" || typeof value === "symbol") continue;
      let field = seen.get(name);
      if (field === undefined) seen.set(name, (field = { type: undefined, present: 0 }));
      // ...and null for NaN and ±Infinity.
      if (value === null || (typeof value === "number" && !Number.isFinite(value))) continue;
      field.present += 1;
      // Types that no value of the same kind can widen further: skip the date patterns of every string.
      if (
        field.type === "any" ||
        (field.type === "string" && typeof value === "string") ||
        (field.type === "number" && typeof value === "number")
      )
        continue;
      field.type = field.type === undefined ? typeOfValue(value) : widenType(field.type, typeOfValue(value));
    }
  }
  return {
    fields: [...seen].map(([name, { type, present }]): TableField => {
      const field: TableField = { name, type: type ?? "any" };
      if (records.length > 0 && present === records.length) field.constraints = { required: true };
      return field;
    }),
  };
}
