/**
 * The description of each field of a download's Table Schema (issue 28): what a common field holds, and
 * for a nested field how the CSV and Parquet files hold it. The data dictionary pages show them.
 * @module
 */
import type { z } from "zod";
import { isJsonField } from "./csv-table.ts";
import { propertyDescriptions } from "./schema-descriptions.ts";
import type { TableField, TableSchema } from "./table-schema.ts";

/** What a nested field's description ends with: how the flat formats write it. */
export const JSON_TEXT_NOTE = "Nested: JSON text in the CSV and Parquet files (Parquet type JSON).";

/** Descriptions of fields many downloads share. */
const KNOWN: Readonly<Record<string, string>> = {
  brand: "The brand's slug (a key of the brands download).",
  country: "The market: ISO 3166-1 alpha-2 country code.",
  period: "The month, YYYY-MM.",
  slug: "The record's stable identifier in addresses (lower case, dashes).",
  name: "Display name.",
  regulator_code: "The regulator's code (a key of the regulators download).",
};

function describe(field: TableField, fromSchemas: ReadonlyMap<string, string>): TableField {
  const words = [
    fromSchemas.get(field.name) ?? (Object.hasOwn(KNOWN, field.name) ? KNOWN[field.name] : undefined),
    isJsonField(field) ? JSON_TEXT_NOTE : undefined,
  ].filter(Boolean);
  return words.length === 0 ? field : { ...field, description: words.join(" ") };
}

/**
 * The schema with each field's description, where one is known: the OpenAPI description of the property
 * of the same name in `sources` (the response schemas of the download's API list), else a common one.
 */
export function describeFields(schema: TableSchema, sources: readonly z.ZodType[] = []): TableSchema {
  const fromSchemas = propertyDescriptions(sources);
  return { ...schema, fields: schema.fields.map((field) => describe(field, fromSchemas)) };
}
