/**
 * OpenAPI parameter objects generated from the endpoints' parameter tables (`ParamSpec` rows) and
 * path slots: type, default, enum, bounds, description, and an example taken from the sample.
 * @module
 */
import { HttpError } from "../../errors.ts";
import type { Endpoint } from "../endpoint.ts";
import { defaultOf, expectedOf, maxOf, OPEN_LIST_MAX_ITEMS, type ParamSpec } from "../param-spec.ts";

/** A JSON object of an OpenAPI document. */
export type OpenApiObject = Record<string, unknown>;

const PERIOD_PATTERN = "^\\d{4}-(0[1-9]|1[0-2])$";

const isList = (spec: ParamSpec): boolean => (spec.type === "closed" || spec.type === "open") && spec.multi === true;

/** The JSON Schema of one value of a list parameter, or of a single-valued one. */
function itemSchema(spec: ParamSpec): OpenApiObject {
  switch (spec.type) {
    case "closed":
      return { type: "string", enum: [...spec.values] };
    case "open":
      // An open vocabulary takes any value (an unknown one matches nothing), country codes included:
      // a pattern would declare invalid a value the host answers, so the format is in the description only.
      // A list of slugs that must name something (`/compare`'s) has no empty item (issue 28).
      return spec.minItems === undefined ? { type: "string" } : { type: "string", minLength: 1 };
    case "int":
      return { type: "integer", minimum: spec.min, maximum: maxOf(spec) };
    case "bool":
      return { type: "boolean" };
    case "period":
      return { type: "string", pattern: PERIOD_PATTERN };
    case "datetime":
      return { type: "string", anyOf: [{ format: "date" }, { format: "date-time" }] };
    case "text":
      return { type: "string", maxLength: spec.maxLength };
  }
}

function listBounds(spec: ParamSpec): OpenApiObject {
  if (spec.type !== "open") return { uniqueItems: true };
  if (spec.minItems === undefined) return { maxItems: OPEN_LIST_MAX_ITEMS, uniqueItems: true };
  return { minItems: spec.minItems, maxItems: spec.maxItems, uniqueItems: true };
}

/** The schema of a query parameter: comma lists are arrays (style form, not exploded). */
function paramSchema(spec: ParamSpec): OpenApiObject {
  const fallback = defaultOf(spec);
  const base = isList(spec) ? { type: "array", items: itemSchema(spec), ...listBounds(spec) } : itemSchema(spec);
  return fallback === undefined ? base : { ...base, default: fallback };
}

/** A raw example value (as in a query string) in the parameter's schema form. */
function exampleValue(spec: ParamSpec, raw: string): unknown {
  if (isList(spec)) return raw.split(",").map((item) => (spec.type === "closed" ? item.toLowerCase() : item));
  if (spec.type === "int") return Number(raw);
  if (spec.type === "bool") return raw === "1" || raw === "true";
  // Closed values are matched case-insensitively but listed lower-case.
  return spec.type === "closed" ? raw.toLowerCase() : raw;
}

/**
 * Which parameters the endpoint requires: its cross-parameter check is run on an empty query, and
 * a `missing_parameter` naming one parameter marks it required; one naming alternatives (`one_of`)
 * requires none of them alone and is described on the operation instead.
 */
export function requirement(endpoint: Endpoint): { required?: string; oneOf?: string[] } {
  try {
    endpoint.validate?.({}, new Set());
  } catch (error) {
    if (error instanceof HttpError && error.code === "missing_parameter" && error.details !== undefined) {
      const oneOf = error.details.one_of;
      if (Array.isArray(oneOf)) return { oneOf: oneOf.map(String) };
      if (typeof error.details.parameter === "string") return { required: error.details.parameter };
    }
  }
  return {};
}

/** The query parameter object of a table row; `example` is a raw value seen in the sample's key space. */
export function queryParameter(spec: ParamSpec, required: boolean, example: string | undefined): OpenApiObject {
  return {
    name: spec.name,
    in: "query",
    required,
    // A closed value is matched in any case (`grade=A` is `grade=a`), which the enum alone does not say.
    description: `${spec.description}. Accepts ${expectedOf(spec)}${spec.type === "closed" ? ", in any case" : ""}.`,
    schema: paramSchema(spec),
    ...(isList(spec) ? { style: "form", explode: false } : {}),
    ...(example === undefined ? {} : { example: exampleValue(spec, example) }),
  };
}

/** The `{slot}` names of a path, in order. */
export function pathSlots(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
}

/** Path parameters from the `{slots}` of the path: `id` is an integer (ids start at 1), anything else a slug. */
export function pathParameters(endpoint: Endpoint, examples: Record<string, string>): OpenApiObject[] {
  return pathSlots(endpoint.path).map((name) => {
    const example = examples[name];
    return {
      name,
      in: "path",
      required: true,
      description:
        name === "id"
          ? "Numeric id: an integer (ids start at 1; an integer no resume has is a 404, anything else a 400)"
          : "Slug (case-insensitive)",
      schema: name === "id" ? { type: "integer" } : { type: "string", minLength: 1 },
      ...(example === undefined ? {} : { example: name === "id" ? Number(example) : example }),
    };
  });
}
