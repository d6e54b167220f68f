/**
 * How a CSV file holds a resource's records, derived from its zod schema (#26): a column per field, nested
 * fields by their dotted path (`reputation.review_rating`, `social.instagram`), lists in one cell separated
 * by `|`, `[]` a known empty list and `{}` a known empty object, and an empty cell absent. Cells are typed
 * by the schema, so no resource needs a table of column types beside it.
 * @module
 */
import type { z } from "zod";

/** The separator of a list's values inside one CSV cell (documented in seeds/README.md). */
export const CSV_LIST_SEPARATOR = "|";
/** The cell of a known empty list. */
export const CSV_EMPTY_LIST = "[]";
/** The cell of a known empty object (in the object's own column, `social`). */
export const CSV_EMPTY_OBJECT = "{}";
/**
 * The cell of a missing measurement in a required number that may be null (the demand `volume`: an outage,
 * #27), as R and most statistics exports write it; an empty cell there stays a missing value.
 */
export const CSV_MISSING_MEASUREMENT = "NA";

type LeafKind = "string" | "number" | "int" | "boolean";

/** A field of the schema as the CSV layout sees it. */
export type CsvField =
  | { kind: LeafKind; optional: boolean; nullable: boolean }
  | { kind: "list"; item: LeafKind; optional: boolean; nullable: boolean }
  | { kind: "object"; fields: ReadonlyMap<string, CsvField>; optional: boolean; nullable: boolean }
  | { kind: "record"; value: LeafKind; optional: boolean; nullable: boolean };

interface ZodInternals {
  _zod: {
    def: {
      type: string;
      innerType?: ZodInternals;
      element?: ZodInternals;
      valueType?: ZodInternals;
      shape?: Record<string, ZodInternals>;
      format?: string;
    };
  };
}

/** The layout of one schema field: wrappers (default, optional, nullable) unwrapped into flags. */
export function csvFieldOf(schema: z.ZodType): CsvField {
  let node = schema as unknown as ZodInternals;
  let optional = false;
  let nullable = false;
  for (;;) {
    const { type, innerType } = node._zod.def;
    if ((type === "default" || type === "optional" || type === "prefault") && innerType) optional = true;
    else if (type === "nullable" && innerType) nullable = true;
    else break;
    node = innerType;
  }
  const def = node._zod.def;
  if (def.type === "object" && def.shape) {
    const fields = new Map(
      Object.entries(def.shape).map(([name, child]) => [name, csvFieldOf(child as unknown as z.ZodType)]),
    );
    return { kind: "object", fields, optional, nullable };
  }
  if (def.type === "array" && def.element) return { kind: "list", item: leafKind(def.element), optional, nullable };
  if (def.type === "record" && def.valueType)
    return { kind: "record", value: leafKind(def.valueType), optional, nullable };
  return { kind: leafKind(node), optional, nullable };
}

function leafKind(schema: ZodInternals): LeafKind {
  const def = schema._zod.def;
  if (def.type === "boolean") return "boolean";
  if (def.type === "number") return def.format === "safeint" || def.format === "int32" ? "int" : "number";
  return "string";
}

/** A column's problem, named by its header. */
export interface CellProblem {
  field: string;
  message: string;
}

/** The layout of a resource's records: which headers it takes, and how a row becomes a record. */
export class CsvLayout {
  readonly root: Extract<CsvField, { kind: "object" }>;

  constructor(schema: z.ZodType) {
    const root = csvFieldOf(schema);
    if (root.kind !== "object") throw new Error("A CSV layout needs an object schema");
    this.root = root;
  }

  /** Top-level fields a header must name (itself or by a dotted child): the required ones. */
  requiredColumns(): string[] {
    return [...this.root.fields]
      .filter(([, field]) => !field.optional && !(field.kind === "object" && field.nullable))
      .map(([name]) => name);
  }

  /** Top-level field names, in schema order. */
  fieldNames(): string[] {
    return [...this.root.fields.keys()];
  }

  /** The field a header names, or undefined when it names none. */
  fieldAt(header: string): CsvField | undefined {
    let field: CsvField = this.root;
    for (const part of header.split(".")) {
      if (field.kind === "object") {
        const next = field.fields.get(part);
        if (next === undefined) return undefined;
        field = next;
      } else if (field.kind === "record") {
        field = { kind: field.value, optional: true, nullable: false };
      } else return undefined;
    }
    return field;
  }

  /** Whether a header names a field, or the first part of one (the header of a whole object). */
  covers(header: string): boolean {
    return header !== "" && this.fieldAt(header) !== undefined;
  }

  /** The record of one row: cells typed, empty cells left out, dotted headers nested. */
  build(row: Record<string, string>): { value: Record<string, unknown>; problems: CellProblem[] } {
    const value: Record<string, unknown> = {};
    const problems: CellProblem[] = [];
    for (const [header, cell] of Object.entries(row)) {
      if (cell === "") continue; // empty = absent (unknown)
      const field = this.fieldAt(header);
      const typed = field === undefined ? { ok: true as const, value: cell } : typeCell(cell, field);
      if (!typed.ok) problems.push({ field: header, message: typed.message });
      setPath(value, header.split("."), typed.ok ? typed.value : cell);
    }
    fillNullObjects(value, this.root);
    return { value, problems };
  }
}

type Typed = { ok: true; value: unknown } | { ok: false; message: string };

function typeCell(cell: string, field: CsvField): Typed {
  if (field.kind === "object" || field.kind === "record") {
    if (cell.trim() === CSV_EMPTY_OBJECT) return { ok: true, value: {} };
    return {
      ok: false,
      message: `A whole object in one cell is only ${CSV_EMPTY_OBJECT} (known empty); give its fields in columns named by their dotted path, got ${JSON.stringify(cell)}`,
    };
  }
  if (field.kind === "list") {
    if (cell.trim() === CSV_EMPTY_LIST) return { ok: true, value: [] };
    const items: unknown[] = [];
    for (const part of cell.split(CSV_LIST_SEPARATOR)) {
      const typed = typeLeaf(part.trim(), field.item);
      if (!typed.ok) return typed;
      items.push(typed.value);
    }
    return { ok: true, value: items };
  }
  if (cell === CSV_MISSING_MEASUREMENT && field.nullable && !field.optional && field.kind !== "string")
    return { ok: true, value: null };
  return typeLeaf(cell, field.kind);
}

/** Types one leaf cell; a failure names the expected form. */
export function typeLeaf(cell: string, kind: LeafKind): Typed {
  switch (kind) {
    case "string":
      return { ok: true, value: cell };
    case "boolean":
      if (cell === "true" || cell === "false") return { ok: true, value: cell === "true" };
      return { ok: false, message: `Expected true or false, got ${JSON.stringify(cell)}` };
    case "int":
    case "number": {
      const pattern = kind === "int" ? /^-?\d+$/ : /^-?\d+(\.\d+)?$/;
      if (pattern.test(cell.trim())) return { ok: true, value: Number(cell) };
      return {
        ok: false,
        message: `Expected ${kind === "int" ? "an integer" : "a number"}, got ${JSON.stringify(cell)}`,
      };
    }
  }
}

function setPath(target: Record<string, unknown>, path: string[], value: unknown): void {
  let at = target;
  for (const part of path.slice(0, -1)) {
    const next = at[part];
    if (typeof next !== "object" || next === null || Array.isArray(next)) at[part] = {};
    at = at[part] as Record<string, unknown>;
  }
  at[path[path.length - 1]!] = value;
}

/**
 * Inside an object that has cells, a nested object with none is null where the schema makes it nullable and
 * required (`app_stores.ios`: no iOS app, a known fact), not absent: a CSV cannot write null otherwise.
 */
function fillNullObjects(value: Record<string, unknown>, field: Extract<CsvField, { kind: "object" }>): void {
  for (const [name, child] of field.fields) {
    if (child.kind !== "object") continue;
    const present = value[name];
    if (
      present === undefined &&
      child.nullable &&
      !child.optional &&
      field !== undefined &&
      Object.keys(value).length > 0
    )
      value[name] = null;
    else if (typeof present === "object" && present !== null)
      fillNullObjects(present as Record<string, unknown>, child);
  }
}
