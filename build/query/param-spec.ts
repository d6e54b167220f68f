/**
 * Parameters as data: one row per query parameter, read by the parser, the canonical key,
 * the key-space planner and the OpenAPI document.
 * @module
 */
import { z } from "zod";
import { VERTICAL_ALIASES } from "../load/verticals.ts";

/** A parsed and normalised parameter value. */
export type ParamValue = string | number | boolean | string[];
export type Params = Record<string, ParamValue>;

interface BaseSpec {
  name: string;
  description: string;
}

/** A closed vocabulary: unknown values are a 400. `multi` takes comma lists. */
export interface ClosedSpec extends BaseSpec {
  type: "closed";
  values: readonly string[];
  multi?: boolean;
  default?: string;
}

/** An open vocabulary of keys: any value is accepted; an unknown one matches nothing. */
export interface OpenSpec extends BaseSpec {
  type: "open";
  /**
   * How a key is normalised: lower-case, an ISO country code (upper-case, UK → GB), or a vertical
   * (lower-case, `betting` → `sportsbook`: one key, one canonical query, #27).
   */
  normalise: "lower" | "country" | "upper" | "vertical";
  multi?: boolean;
  /** A list whose order matters (compare keeps the requested order). */
  ordered?: boolean;
  minItems?: number;
  maxItems?: number;
}

export interface IntSpec extends BaseSpec {
  type: "int";
  min: number;
  /** Absent: as large as a JSON number holds exactly (a page that far is past the end, an empty page). */
  max?: number;
  default?: number;
}

/** The largest value an integer parameter takes. */
export function maxOf(spec: IntSpec): number {
  return spec.max ?? Number.MAX_SAFE_INTEGER;
}

export interface BoolSpec extends BaseSpec {
  type: "bool";
}

/** A month, `YYYY-MM`. */
export interface PeriodSpec extends BaseSpec {
  type: "period";
}

/** An ISO 8601 date or date-time; a date alone means midnight UTC, a time without an offset UTC. Normalised to a full UTC date-time. */
export interface DateTimeSpec extends BaseSpec {
  type: "datetime";
}

/** Free text (search); never precomputed. */
export interface TextSpec extends BaseSpec {
  type: "text";
  maxLength: number;
}

export type ParamSpec = ClosedSpec | OpenSpec | IntSpec | BoolSpec | PeriodSpec | DateTimeSpec | TextSpec;

/** The default of a parameter, or undefined when absent means "no filter". */
export function defaultOf(spec: ParamSpec): ParamValue | undefined {
  return spec.type === "closed" || spec.type === "int" ? spec.default : undefined;
}

/** A short description of what the parameter accepts, used in 400 details. */
export function expectedOf(spec: ParamSpec): string {
  switch (spec.type) {
    case "closed":
      return `${spec.multi ? "one or more of (comma-separated)" : "one of"}: ${spec.values.join(", ")}`;
    case "open":
      if (spec.minItems !== undefined) return `${spec.minItems} to ${spec.maxItems} distinct comma-separated values`;
      return `${spec.normalise === "country" ? "ISO 3166-1 alpha-2 country code(s), comma-separated" : "key(s), comma-separated"}${spec.multi ? `, at most ${OPEN_LIST_MAX_ITEMS_TEXT} distinct` : ""}`;
    case "int":
      return `an integer from ${spec.min} to ${maxOf(spec)}`;
    case "bool":
      return "1, true, 0 or false";
    case "period":
      return "a month as YYYY-MM";
    case "datetime":
      return "an ISO 8601 date (YYYY-MM-DD) or date-time (UTC unless it has an offset; a + is written %2B in a URL)";
    case "text":
      return `text of at most ${spec.maxLength} characters`;
  }
}

const splitList = (raw: string): string[] =>
  raw
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item !== "");

/**
 * Whether a raw value says nothing: a comma list with no item in it (`role=,`, `role=, ,`) is as
 * empty as `role=`, and an empty value counts as absent. So does a single vocabulary value or a text of
 * only spaces (`sort=%20`, `q=%20`), however many: vocabulary values are trimmed, as list items and text
 * are, and what is empty once trimmed is empty. Numbers, booleans and dates are not trimmed: `page=%20` is
 * a malformed number.
 */
export function isBlankValue(spec: ParamSpec, raw: string): boolean {
  const isList = spec.type === "open" || (spec.type === "closed" && spec.multi === true);
  if (isList) return splitList(raw).length === 0;
  return spec.type === "closed" || spec.type === "text" ? raw.trim() === "" : raw === "";
}

const unique = (items: string[]): string[] => [...new Set(items)];

/**
 * The most distinct values an open list takes (`country=…`, `brand=…`, `skill=…`): a bound on the work of
 * a filter answered live, far above any real request (there are 249 country codes); the URL limit (8 KiB)
 * bounds the list's length in characters.
 */
export const OPEN_LIST_MAX_ITEMS = 1000;
/** Formatted once: toLocaleString builds an ICU formatter at every call, and expectedOf runs per parameter of every document. */
const OPEN_LIST_MAX_ITEMS_TEXT = OPEN_LIST_MAX_ITEMS.toLocaleString("en-US");

function normaliseKey(item: string, normalise: OpenSpec["normalise"]): string {
  if (normalise === "lower") return item.toLowerCase();
  if (normalise === "vertical") {
    const lower = item.toLowerCase();
    return Object.hasOwn(VERTICAL_ALIASES, lower) ? VERTICAL_ALIASES[lower]! : lower;
  }
  const upper = item.toUpperCase();
  return normalise === "country" && upper === "UK" ? "GB" : upper;
}

/**
 * The digits of a date-time's fraction past the millisecond, trailing zeros dropped ("" when none): the
 * part of an instant Date.parse drops. A bound keeps them in its canonical form (parseDateTime) and the
 * resumes' times are compared on them (resume-rows.ts); without trailing zeros they compare as text as
 * their decimals do.
 * @example finerDigits("2025-01-01T00:00:00.000900Z") // "9"
 */
export function finerDigits(dateTime: string): string {
  const fraction = /:\d{2}\.(\d+)/.exec(dateTime)?.[1] ?? "";
  return fraction.slice(3).replace(/0+$/, "");
}

const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

/**
 * Parses an ISO 8601 date or date-time to a canonical UTC string, or undefined when invalid. A date
 * alone is midnight UTC (the contract), and so, for the same reason, a date-time without an offset is UTC.
 * Fractions finer than a millisecond are kept (trailing zeros dropped): a resume's `updated_at` may have them.
 */
export function parseDateTime(raw: string): string | undefined {
  const match = DATE_TIME.exec(raw);
  if (!match) return undefined;
  const [, year, month, day, hour = "00", minute = "00", second = "00", fraction = "", zone] = match;
  const millis = fraction.padEnd(3, "0").slice(0, 3);
  const text = `${year}-${month}-${day}T${hour}:${minute}:${second}.${millis}${zone === undefined ? "Z" : zone.toUpperCase()}`;
  const parsed = Date.parse(text);
  if (Number.isNaN(parsed)) return undefined;
  // Reject rolled-over dates such as 2025-02-30, which Date.parse silently accepts. setUTCFullYear, not
  // Date.UTC, which reads years 0-99 as 1900-1999 (0000-02-29 exists, 1900-02-29 does not).
  const check = new Date(0);
  check.setUTCFullYear(Number(year), Number(month) - 1, Number(day));
  if (check.getUTCMonth() !== Number(month) - 1 || check.getUTCDate() !== Number(day)) return undefined;
  return new Date(parsed).toISOString().replace("Z", `${finerDigits(raw)}Z`);
}

const schemas = new WeakMap<ParamSpec, z.ZodType<ParamValue, string>>();

/**
 * The zod schema that turns the raw text of a parameter into its normalised value, built once per spec:
 * building a zod schema costs some hundred times more than running it, on every request and every
 * precomputed key (issue 7).
 */
export function valueSchema(spec: ParamSpec): z.ZodType<ParamValue, string> {
  let schema = schemas.get(spec);
  if (schema === undefined) {
    schema = buildValueSchema(spec);
    schemas.set(spec, schema);
  }
  return schema;
}

function buildValueSchema(spec: ParamSpec): z.ZodType<ParamValue, string> {
  switch (spec.type) {
    case "closed": {
      const item = z
        .string()
        .transform((text) => text.toLowerCase())
        .pipe(z.enum(spec.values as [string, ...string[]]));
      if (!spec.multi) return z.string().trim().pipe(item);
      return z
        .string()
        .transform(splitList)
        .pipe(z.array(item).min(1))
        .transform((items) => unique(items).sort());
    }
    case "open": {
      const items = z
        .string()
        .transform(splitList)
        .pipe(z.array(z.string()).min(spec.minItems ?? 1));
      // Distinct values once normalised are counted, so `gb,GB,uk` is one: a repeat costs the filter nothing.
      const maxItems = spec.maxItems ?? OPEN_LIST_MAX_ITEMS;
      return items
        .transform((list) => list.map((item) => normaliseKey(item, spec.normalise)))
        .refine((list) => spec.multi || list.length === 1, "A single value is expected")
        .refine((list) => !spec.ordered || unique(list).length === list.length, "Values must be distinct")
        .refine((list) => unique(list).length <= maxItems, `At most ${maxItems} distinct values`)
        .transform((list): ParamValue => (!spec.multi ? (list[0] ?? "") : spec.ordered ? list : unique(list).sort()));
    }
    case "int":
      return z
        .string()
        .regex(/^\d+$/)
        .transform(Number)
        .pipe(z.int().min(spec.min).max(maxOf(spec)));
    case "bool":
      return z.enum(["1", "true", "0", "false"]).transform((text) => text === "1" || text === "true");
    case "period":
      return z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/);
    case "datetime":
      return z.string().transform((text, context) => {
        const parsed = parseDateTime(text);
        if (parsed === undefined) context.addIssue({ code: "custom", message: "Invalid date" });
        return parsed ?? "";
      });
    case "text":
      return z
        .string()
        .max(spec.maxLength)
        .transform((text) => text.trim().replace(/\s+/g, " "));
  }
}

/** Writes a normalised value back as query-string text (canonical form). */
export function serializeValue(value: ParamValue): string {
  if (Array.isArray(value)) return value.join(",");
  if (typeof value === "boolean") return value ? "1" : "0";
  return String(value);
}
