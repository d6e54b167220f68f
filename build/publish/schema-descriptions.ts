/**
 * The description of each property of a zod object schema as the OpenAPI documents give it (issue 28):
 * the property's own `.describe()`, else that of the component it names, else that of a branch of its
 * union (a nullable one). The data dictionary and the Table Schemas take their field texts from here, so
 * one text serves both documents.
 * @module
 */
import type { z } from "zod";
import { jsonSchemaOf } from "../response-schemas/json-schema-of.ts";

type JsonSchema = Record<string, unknown> & { description?: string; $ref?: string; anyOf?: JsonSchema[] };

function descriptionOf(schema: JsonSchema | undefined, defs: Record<string, JsonSchema>): string | undefined {
  if (schema === undefined) return undefined;
  if (typeof schema.description === "string" && schema.description !== "") return schema.description;
  if (typeof schema.$ref === "string") return descriptionOf(defs[schema.$ref.replace(/^#\/\$defs\//, "")], defs);
  for (const branch of schema.anyOf ?? []) {
    const found = descriptionOf(branch, defs);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Property name → description, over `schemas` in order (the first that describes a name wins). */
export function propertyDescriptions(schemas: readonly z.ZodType[]): Map<string, string> {
  const found = new Map<string, string>();
  for (const schema of schemas) {
    const json = jsonSchemaOf(schema, "any") as JsonSchema;
    const defs = (json.$defs ?? {}) as Record<string, JsonSchema>;
    const root = typeof json.$ref === "string" ? defs[json.$ref.replace(/^#\/\$defs\//, "")] : json;
    const properties = (root?.properties ?? {}) as Record<string, JsonSchema>;
    for (const [name, property] of Object.entries(properties)) {
      const text = descriptionOf(property, defs);
      if (text !== undefined && !found.has(name)) found.set(name, text);
    }
  }
  return found;
}
