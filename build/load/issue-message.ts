/**
 * A zod issue in words a publisher can act on (issue 26): "Missing field" rather than "received
 * undefined", what kind of value was expected and what was found instead ("expected a date (YYYY-MM-DD),
 * got a date-time"), the value refused by a range, and a hint for a near miss of a closed vocabulary.
 * Messages the schemas word themselves (a slug, a country code) are kept, with the value they refused.
 * @module
 */
import type { z } from "zod";
import { countryAlias, didYouMean } from "./near-miss.ts";

type Issue = z.core.$ZodIssue;

/** What zod calls a type, as a publisher would say it. */
const TYPE_WORDS: Readonly<Record<string, string>> = {
  string: "text",
  number: "a number",
  int: "an integer",
  boolean: "true or false",
  array: "a list",
  object: "an object",
  record: "an object",
  date: "a date",
  null: "null",
};

/** The refused value as a message shows it: text quoted and cut, a list or object by its kind. */
export function shownValue(input: unknown): string {
  if (typeof input === "string") return JSON.stringify(input.length > 80 ? `${input.slice(0, 80)}…` : input);
  if (Array.isArray(input)) return "a list";
  if (input === null) return "null";
  if (typeof input === "object") return "an object";
  return String(input);
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/i;
const HAS_OFFSET = /(Z|[+-]\d{2}:?\d{2})$/i;

/** What a date-like text is, for "got …": a date-time, a date that is no day of the calendar, or itself. */
function describeDateLike(input: string): string {
  if (DATE_TIME.test(input)) return HAS_OFFSET.test(input) ? "a date-time" : "a date-time without a time zone";
  if (DATE.test(input)) return `${JSON.stringify(input)}, which is no day of the calendar`;
  return shownValue(input);
}

/** The format errors of dates and date-times, which zod words as "Invalid ISO date" for a valid ISO date-time too. */
function formatMessage(issue: Extract<Issue, { code: "invalid_format" }>): string | undefined {
  const input = issue.input;
  if (typeof input !== "string") return undefined;
  if (issue.format === "date") return `Expected a date (YYYY-MM-DD), got ${describeDateLike(input)}`;
  if (issue.format === "datetime") {
    const found = DATE.test(input) ? "a date without a time" : describeDateLike(input);
    return `Expected a date-time with its time zone (YYYY-MM-DDThh:mm:ssZ), got ${found}`;
  }
  if (issue.format === "email") return `Expected an e-mail address, got ${shownValue(input)}`;
  if (issue.format === "regex" && /ISO 3166-1/.test(issue.message)) {
    const meant = countryAlias(input) ?? (/^[a-z]{2}$/i.test(input) ? input.toUpperCase() : undefined);
    const hint = meant === undefined ? "" : ` (did you mean ${JSON.stringify(meant)}?)`;
    return `${issue.message}, got ${shownValue(input)}${hint}`;
  }
  return undefined;
}

/** "Must be at most 5, got 7", or for a list or text its length in words. */
function rangeMessage(issue: Extract<Issue, { code: "too_big" | "too_small" }>): string {
  const big = issue.code === "too_big";
  const limit = Number(big ? issue.maximum : issue.minimum);
  const inclusive = issue.inclusive !== false;
  const input = issue.input;
  if (issue.origin === "string" && !big && limit <= 1) return "Must not be empty";
  if (issue.origin === "array" || issue.origin === "string") {
    const unit = issue.origin === "array" ? "value" : "character";
    const count = Array.isArray(input) || typeof input === "string" ? input.length : undefined;
    const got = count === undefined ? "" : `, got ${count}`;
    return `Must have ${big ? "at most" : "at least"} ${limit} ${unit}${limit === 1 ? "" : "s"}${got}`;
  }
  const bound = inclusive ? (big ? "at most" : "at least") : big ? "less than" : "more than";
  return `Must be ${bound} ${limit}, got ${shownValue(input)}`;
}

/** True when zod wrote the message itself, rather than a schema's own wording ("Expected a lower-case slug"). */
function isZodWording(message: string): boolean {
  return /^(Invalid|Too (big|small))\b/.test(message);
}

/**
 * The message of one issue for a publisher. Zod's own wording is replaced; a schema's own message gets
 * the value it refused when it does not show it already.
 * @example issueMessage({ code: "invalid_type", expected: "string", input: undefined, path: ["name"], message: "…" }) // "Missing field (expected text)"
 */
export function issueMessage(issue: Issue): string {
  const input = (issue as { input?: unknown }).input;
  const zodWording = isZodWording(issue.message);
  if (issue.code === "invalid_type" && zodWording) {
    const expected = TYPE_WORDS[issue.expected] ?? issue.expected;
    return input === undefined
      ? `Missing field (expected ${expected})`
      : `Expected ${expected}, got ${shownValue(input)}`;
  }
  if (issue.code === "invalid_value" && zodWording) {
    const options = issue.values.map((value) => String(value));
    const list = options.join(", ");
    if (input === undefined) return `Missing field (expected one of ${list})`;
    return `Expected one of ${list}, got ${shownValue(input)}${typeof input === "string" ? didYouMean(input, options) : ""}`;
  }
  if ((issue.code === "too_big" || issue.code === "too_small") && zodWording) return rangeMessage(issue);
  if (issue.code === "invalid_format") {
    const worded = formatMessage(issue);
    if (worded !== undefined) return worded;
  }
  if (typeof input !== "string" || issue.message.includes("received") || issue.message.includes(" got "))
    return issue.message;
  return `${issue.message}, got ${shownValue(input)}`;
}
