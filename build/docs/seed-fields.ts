/**
 * The fields of a seed schema in words (#26), read from the zod schema itself: each field's dotted path,
 * type, whether it is required, nullable or has a default, and its vocabulary or format written for people.
 * Generic over schemas, so a field added to build/load/schemas.ts appears in the seed reference unasked.
 * @module
 */
import { z } from "zod";
import { DISTINCT_LIST_CHECKS } from "../load/schemas.ts";
import { SEED_SPELLINGS } from "../load/verticals.ts";

/** One row of a resource's field table. */
export interface SeedField {
  /** Dotted path, `reputation.review_rating`; a map's values are `social.<key>`. */
  path: string;
  type: string;
  /** required, optional, nullable, default. */
  presence: string;
  /** Vocabulary, range or format, in words. */
  format: string;
  description: string;
}

interface Node {
  _zod: { def: Def };
}
interface Def {
  type: string;
  innerType?: Node;
  defaultValue?: unknown;
  in?: Node;
  out?: Node;
  element?: Node;
  keyType?: Node;
  valueType?: Node;
  shape?: Record<string, Node>;
  entries?: Record<string, string | number>;
  values?: unknown[];
  format?: string;
  checks?: { _zod: { def: CheckDef } }[];
}
interface CheckDef {
  check: string;
  format?: string;
  value?: number;
  inclusive?: boolean;
  minimum?: number;
  maximum?: number;
  error?: (issue: unknown) => unknown;
}

/** A schema with its wrappers taken off, and what they said. */
interface Unwrapped {
  node: Node;
  optional: boolean;
  nullable: boolean;
  /** Present when a default applies to an absent value. */
  defaultValue?: { value: unknown };
  description?: string;
  spellings?: Readonly<Record<string, string>>;
}

function unwrap(schema: Node): Unwrapped {
  const found: Unwrapped = { node: schema, optional: false, nullable: false };
  let node = schema;
  for (;;) {
    // The outermost description wins: a field's own words over its type's.
    found.description ??= z.globalRegistry.get(node as unknown as z.ZodType)?.description;
    found.spellings ??= SEED_SPELLINGS.get(node as unknown as z.ZodType)?.spellings;
    const def = node._zod.def;
    if (def.type === "default" || def.type === "prefault") {
      found.optional = true;
      found.defaultValue ??= { value: typeof def.defaultValue === "function" ? undefined : def.defaultValue };
      if (found.defaultValue.value === undefined)
        found.defaultValue = { value: (node as unknown as z.ZodType).safeParse(undefined).data };
    } else if (def.type === "optional") found.optional = true;
    else if (def.type === "nullable") found.nullable = true;
    // A preprocessed schema (`betting` read as `sportsbook`): what it accepts is its output's.
    else if (def.type === "pipe" && def.out) {
      node = def.out;
      continue;
    } else break;
    node = def.innerType!;
  }
  found.node = node;
  return found;
}

/** Every field of an object schema, depth first, with the object rows before their children. */
export function describeSeedFields(schema: z.ZodType): SeedField[] {
  const root = unwrap(schema as unknown as Node).node._zod.def;
  if (root.type !== "object" || root.shape === undefined) return [];
  return fieldsOf(root.shape, "");
}

function fieldsOf(shape: Record<string, Node>, prefix: string): SeedField[] {
  return Object.entries(shape).flatMap(([name, child]) => fieldRows(`${prefix}${name}`, child));
}

function fieldRows(path: string, schema: Node): SeedField[] {
  const field = unwrap(schema);
  const def = field.node._zod.def;
  const row: SeedField = {
    path,
    type: typeOf(field.node),
    presence: presenceOf(field),
    format: formatOf(field.node, field.spellings),
    description: field.description ?? "",
  };
  if (def.type === "object" && def.shape) return [row, ...fieldsOf(def.shape, `${path}.`)];
  if (def.type === "record" && def.valueType) {
    const value = unwrap(def.valueType).node;
    const keys = def.keyType ? formatOf(unwrap(def.keyType).node) : "";
    return [
      row,
      {
        path: `${path}.<key>`,
        type: typeOf(value),
        presence: "optional",
        format: [keys && `key: ${keys}`, formatOf(value)].filter(Boolean).join("; "),
        description: "",
      },
    ];
  }
  return [row];
}

function typeOf(node: Node): string {
  const def = node._zod.def;
  switch (def.type) {
    case "string":
      return STRING_FORMATS[def.format ?? ""]?.type ?? "text";
    case "number":
      return isInteger(def) ? "integer" : "number";
    case "boolean":
      return "boolean";
    case "enum":
    case "literal":
      return "text";
    case "array":
      return `list of ${plural(typeOf(unwrap(def.element!).node))}`;
    case "object":
      return "object";
    case "record":
      return "map";
    default:
      return def.type;
  }
}

function plural(type: string): string {
  return type.startsWith("list of ") ? "lists" : type === "text" ? "texts" : `${type}s`;
}

function isInteger(def: Def): boolean {
  return def.format === "safeint" || def.format === "int32" || def.format === "uint32";
}

/** The formats zod checks by name, in words; anything else is described by its checks. */
const STRING_FORMATS: Record<string, { type: string; format: string }> = {
  date: { type: "date", format: "YYYY-MM-DD" },
  datetime: { type: "date-time", format: "ISO 8601 with a zone: `2026-11-01T00:00:00Z` or `…+02:00`" },
  email: { type: "e-mail", format: "an e-mail address" },
  url: { type: "URL", format: "an http:// or https:// address" },
};

function presenceOf(field: Unwrapped): string {
  if (field.defaultValue !== undefined) {
    const value = field.defaultValue.value;
    if (value === null) return field.nullable ? "optional; absent or null = unknown" : "optional";
    return `optional; absent = \`${JSON.stringify(value)}\`${field.nullable ? "; may be null" : ""}`;
  }
  if (field.optional) return field.nullable ? "optional; may be null" : "optional";
  return field.nullable ? "required; may be null" : "required";
}

/** What a value must look like, in words: vocabulary, range, length, format. */
function formatOf(node: Node, spellings?: Readonly<Record<string, string>>): string {
  const def = node._zod.def;
  const parts: string[] = [];
  if (def.type === "enum" && def.entries) {
    const alias = (value: string) => {
      const others = Object.entries(spellings ?? {}).filter(([, key]) => key === value);
      return others.length === 0
        ? `\`${value}\``
        : `\`${value}\` (also spelt ${others.map(([other]) => `\`${other}\``).join(", ")})`;
    };
    parts.push(
      `one of ${Object.values(def.entries)
        .map((value) => alias(String(value)))
        .join(", ")}`,
    );
  }
  if (def.type === "literal" && def.values)
    parts.push(`exactly ${def.values.map((value) => `\`${String(value)}\``).join(" or ")}`);
  if (def.type === "string" && def.format && STRING_FORMATS[def.format]) parts.push(STRING_FORMATS[def.format]!.format);
  if (def.type === "array" && def.element) {
    const element = unwrap(def.element);
    const item = formatOf(element.node, element.spellings);
    if (item !== "") parts.push(`each ${item}`);
  }
  parts.push(...checkWords(def));
  return parts.join("; ");
}

function checkWords(def: Def): string[] {
  const words: string[] = [];
  let low: { value: number; inclusive: boolean } | undefined;
  let high: { value: number; inclusive: boolean } | undefined;
  for (const check of def.checks ?? []) {
    const c = check._zod.def;
    if (c.check === "greater_than") low = { value: c.value!, inclusive: c.inclusive === true };
    else if (c.check === "less_than") high = { value: c.value!, inclusive: c.inclusive === true };
    else if (c.check === "min_length" && def.type === "string" && c.minimum === 1) words.push("not empty");
    else if (c.check === "min_length")
      words.push(`at least ${c.minimum} ${def.type === "array" ? "value" : "character"}${c.minimum === 1 ? "" : "s"}`);
    else if (c.check === "max_length")
      words.push(`at most ${c.maximum} ${def.type === "array" ? "values" : "characters"}`);
    else if (c.check === "string_format") {
      // A pattern's own message says it for people ("Expected a lower-case slug (a-z, 0-9, single dashes)").
      const message = c.error?.({ code: "invalid_format" });
      if (typeof message === "string") words.push(message.replace(/^Expected /, ""));
      else if (c.format !== "regex") words.push(c.format ?? "");
    } else if (DISTINCT_LIST_CHECKS.has(check)) words.push("each value once");
  }
  if (low !== undefined || high !== undefined) words.unshift(rangeWords(low, high));
  return words.filter((word) => word !== "");
}

function rangeWords(
  low: { value: number; inclusive: boolean } | undefined,
  high: { value: number; inclusive: boolean } | undefined,
): string {
  if (low && high && low.inclusive && high.inclusive) return `from ${low.value} to ${high.value}`;
  const parts = [
    low && `${low.inclusive ? "at least" : "more than"} ${low.value}`,
    high && `${high.inclusive ? "at most" : "less than"} ${high.value}`,
  ];
  return parts.filter(Boolean).join(" and ");
}
