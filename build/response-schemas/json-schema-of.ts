/**
 * zod's JSON Schema of a schema (draft 2020-12, the output side), converted once per schema and process:
 * the response and seed schemas are module constants, and converting them again for every document was a
 * tenth of a small build's CPU (a test run builds many). The OpenAPI components and the field descriptions
 * both read it; callers only read the result, never change it.
 * @module
 */
import { z } from "zod";

/** What to do with a type JSON Schema cannot state: refuse it (the OpenAPI documents) or leave it open. */
export type Unrepresentable = "throw" | "any";

const converted: Record<Unrepresentable, WeakMap<z.ZodType, Record<string, unknown>>> = {
  throw: new WeakMap(),
  any: new WeakMap(),
};

export function jsonSchemaOf(schema: z.ZodType, unrepresentable: Unrepresentable): Record<string, unknown> {
  const cache = converted[unrepresentable];
  let json = cache.get(schema);
  if (json === undefined) {
    json = z.toJSONSchema(schema, { target: "draft-2020-12", io: "output", unrepresentable }) as Record<
      string,
      unknown
    >;
    cache.set(schema, json);
  }
  return json;
}
