/**
 * Turns the bytes of one seed file into located raw records (JSON array, NDJSON or CSV).
 * Parsing is separate from finding files so that it can be tested on plain strings. JSON and NDJSON are
 * read here, CSV in read-csv-seed.ts.
 * @module
 */
import type { SeedProblem } from "../errors.ts";
import { findRepeatedKeys, repeatedKeyProblem } from "./find-repeated-keys.ts";
import { readCsvSeed } from "./read-csv-seed.ts";
import { MAX_LINE_BYTES, type RawRecord, type ReadResult } from "./read-result.ts";
import type { CsvColumnType } from "./seed-resources.ts";

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** Decodes strict UTF-8, or explains why the bytes are not UTF-8. */
export function decodeSeedBytes(file: string, bytes: Uint8Array): { text?: string; problem?: SeedProblem } {
  if (bytes.length === 0) return { problem: { file, message: "The file is empty (0 bytes)" } };
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    return { problem: { file, message: "The file is UTF-16; seeds must be UTF-8" } };
  }
  if (looksLikeUtf16(bytes)) return { problem: { file, message: "The file is UTF-16 (without a byte-order mark); seeds must be UTF-8" } };
  try {
    const text = utf8.decode(bytes);
    return { text: text.startsWith("\uFEFF") ? text.slice(1) : text };
  } catch {
    return { problem: { file, record: firstInvalidLine(bytes, file.endsWith(".csv")), message: "The file is not valid UTF-8" } };
  }
}

/**
 * Whether the bytes start as ASCII text written in UTF-16 does, each character a zero byte beside it:
 * `[`, `{` or a header's first letters. No seed file starts with a NUL. Before, such a file passed as UTF-8
 * (a NUL is valid UTF-8) and failed on every line ("Unexpected token '\u0000'", a header of unknown columns
 * "b\u0000r\u0000a\u0000n\u0000d\u0000").
 */
function looksLikeUtf16(bytes: Uint8Array): boolean {
  if (bytes.length < 4) return false;
  const littleEndian = bytes[0] !== 0 && bytes[1] === 0 && bytes[2] !== 0 && bytes[3] === 0;
  const bigEndian = bytes[0] === 0 && bytes[1] !== 0 && bytes[2] === 0 && bytes[3] !== 0;
  return littleEndian || bigEndian;
}

/**
 * The line (`line N`, 1-based) of the first bytes that are not UTF-8, so that a large file's fault can be found.
 * Lines end at \n; in a CSV (`crEndsLines`) at \r\n, \n or a bare \r, as its record locations count them.
 * No UTF-8 sequence holds a \r or \n byte, so splitting the bytes there splits no character.
 */
function firstInvalidLine(bytes: Uint8Array, crEndsLines: boolean): string | undefined {
  for (let start = 0, line = 1; start <= bytes.length; line += 1) {
    const end = crEndsLines ? nextLineEnd(bytes, start) : bytes.indexOf(0x0a, start);
    try {
      utf8.decode(bytes.subarray(start, end < 0 ? bytes.length : end));
    } catch {
      return `line ${line}`;
    }
    if (end < 0) return undefined;
    start = bytes[end] === 0x0d && bytes[end + 1] === 0x0a ? end + 2 : end + 1;
  }
  return undefined;
}

/** The index of the first \r or \n at or after `start`, or -1: one pass, where indexOf for each would rescan a file with no \r. */
function nextLineEnd(bytes: Uint8Array, start: number): number {
  for (let at = start; at < bytes.length; at += 1) {
    if (bytes[at] === 0x0a || bytes[at] === 0x0d) return at;
  }
  return -1;
}

/**
 * Parses a seed file's text by its extension. A CSV header is checked against `csvHeader`, the columns
 * the records have, when given. A file without a record is a problem, as an empty file is: a seed file
 * left with only its header would silently drop a whole resource.
 */
export function readSeedText(file: string, text: string, csvColumns: Record<string, CsvColumnType> = {}, csvHeader?: readonly string[]): ReadResult {
  if (text.trim() === "") return { records: [], problems: [{ file, message: "The file has no records" }] };
  const read = file.endsWith(".ndjson") ? readNdjson(file, text) : file.endsWith(".csv") ? readCsvSeed(file, text, csvColumns, csvHeader) : readJsonArray(file, text);
  if (read.records.length === 0 && read.problems.length === 0) {
    read.problems.push({ file, message: file.endsWith(".csv") ? "The file has a header but no records" : "The file has no records (an empty list)" });
  }
  return read;
}

function readJsonArray(file: string, text: string): ReadResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    if (looksLikeNdjson(text)) return { records: [], problems: [{ file, message: "One JSON record per line: that is NDJSON (name the file .ndjson, or write the records as a JSON array)" }] };
    const message = (error as Error).message;
    return { records: [], problems: [{ file, record: jsonErrorLine(text, message), message: `Malformed JSON: ${oneLineMessage(message)}` }] };
  }
  if (!Array.isArray(value)) return { records: [], problems: [{ file, message: "Expected a JSON array of records" }] };
  // The NDJSON and CSV line limit, per record here: a JSON array may well be written on one line.
  const problems: SeedProblem[] = [];
  const records: RawRecord[] = [];
  value.forEach((item, index) => {
    if (recordLength(item) > MAX_LINE_BYTES) problems.push({ file, record: `record ${index}`, message: `The record is over ${MAX_LINE_BYTES} characters` });
    else records.push({ location: `record ${index}`, value: item });
  });
  for (const { path, count } of findRepeatedKeys(text, value)) {
    problems.push(repeatedKeyProblem(file, `record ${path[0]}`, path.slice(1), count));
  }
  return { records, problems };
}

/**
 * The length of a record written as JSON on one line. A record nested too deeply for JSON.stringify to
 * recurse (arrays inside arrays thousands of levels deep) counts as 0: its file holds it, and the schema
 * then names the field that holds it, as an NDJSON line's is named. Before, it stopped the build with a
 * bare "RangeError: Maximum call stack size exceeded" naming no file.
 */
function recordLength(item: unknown): number {
  try {
    return JSON.stringify(item).length;
  } catch (error) {
    if (error instanceof RangeError) return 0;
    throw error;
  }
}

/** Whether a text that is not JSON starts with two lines that are each a JSON object: NDJSON saved as .json. */
function looksLikeNdjson(text: string): boolean {
  const lines = text.split("\n").filter((line) => line.trim() !== "").slice(0, 2);
  return lines.length === 2 && lines.every((line) => {
    try {
      const value: unknown = JSON.parse(line);
      return typeof value === "object" && value !== null && !Array.isArray(value);
    } catch {
      return false;
    }
  });
}

/**
 * The line of a JSON.parse error: V8 gives a character position for some faults ("at position N", newer
 * versions also the line), none for others ("Unexpected token ']'" after a trailing comma, a comment),
 * which are found by scanning the text.
 */
export function jsonErrorLine(text: string, message: string): string | undefined {
  const stated = /\(line (\d+) column \d+\)/.exec(message)?.[1];
  if (stated !== undefined) return `line ${stated}`;
  const position = Number(/at position (\d+)/.exec(message)?.[1] ?? jsonFaultOffset(text));
  if (Number.isNaN(position)) return undefined;
  const before = text.slice(0, position);
  return `line ${before.split("\n").length}`;
}

/** A JSON.parse message on one line, with control characters (a NUL byte) written as escapes. */
export function oneLineMessage(message: string): string {
  return message.replace(/\s+/g, " ").replace(/[\u0000-\u001f\u007f]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** The offset where strict JSON syntax breaks in `text`, or undefined where it holds (or nesting is too deep to scan). */
export function jsonFaultOffset(text: string): number | undefined {
  let at = 0;
  const fault = (): never => {
    throw new JsonFault(at);
  };
  const space = () => {
    while (text[at] === " " || text[at] === "\t" || text[at] === "\n" || text[at] === "\r") at += 1;
  };
  const string = () => {
    for (at += 1; at < text.length; at += 1) {
      if (text[at] === '"') return void (at += 1);
      if (text[at] === "\\") at += 1;
      else if (text[at]! < " ") fault();
    }
    fault();
  };
  const sequence = (close: string, item: () => void) => {
    at += 1;
    space();
    if (text[at] === close) return void (at += 1);
    for (;;) {
      item();
      space();
      if (text[at] === close) return void (at += 1);
      if (text[at] !== ",") fault();
      at += 1;
    }
  };
  const value = (): void => {
    space();
    if (text[at] === "{") {
      return sequence("}", () => {
        space();
        if (text[at] !== '"') fault();
        string();
        space();
        if (text[at] !== ":") fault();
        at += 1;
        value();
      });
    }
    if (text[at] === "[") return sequence("]", value);
    if (text[at] === '"') return string();
    const literal = /^(?:-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/.exec(text.slice(at, at + 400));
    if (literal === null) fault();
    at += literal![0].length;
  };
  try {
    value();
    space();
    if (at < text.length) fault();
    return undefined;
  } catch (error) {
    if (error instanceof JsonFault) return error.offset;
    return undefined; // nesting deeper than the stack: no line, the message alone
  }
}

class JsonFault {
  constructor(readonly offset: number) {}
}

function readNdjson(file: string, text: string): ReadResult {
  const records: RawRecord[] = [];
  const problems: SeedProblem[] = [];
  const lines = text.split("\n");
  // A JSON array saved as .ndjson (pretty-printed, on one line, or a record a line between brackets) would give
  // one problem per line of it, or one "expected object" and no keys; a record is never an array.
  const first = lines.findIndex((line) => line.trim() !== "");
  if (lines[first]?.trimStart().startsWith("[")) {
    return { records, problems: [{ file, record: `line ${first + 1}`, message: "A JSON array: an .ndjson file holds one record per line (name the file .json, or write one record per line)" }] };
  }
  let skipTo = 0; // past a record written over several lines, reported once
  lines.forEach((rawLine, index) => {
    const line = rawLine.endsWith("\r") ? rawLine.slice(0, -1) : rawLine;
    const location = `line ${index + 1}`;
    if (index < skipTo || line.trim() === "") return;
    if (line.length > MAX_LINE_BYTES) {
      problems.push({ file, record: location, message: `The line is over ${MAX_LINE_BYTES} characters` });
      return;
    }
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      const last = recordOverLines(lines, index);
      if (last !== undefined) {
        problems.push({ file, record: location, message: `A record written over lines ${index + 1}–${last + 1}: an .ndjson file holds each record on one line (write it on one line, e.g. with jq -c)` });
        skipTo = last + 1;
        return;
      }
      const message = endsInACommaAfterRecord(line)
        ? "a comma after the record (an .ndjson line holds one record and nothing after it: remove the comma)"
        : holdsTwoRecords(line)
          ? line.includes("\r")
            ? "records split by a bare carriage return (\\r, old Mac line ends): .ndjson lines end in \\n or \\r\\n"
            : "two records on one line (files joined, the first without a line break at its end?): put each on a line of its own"
          : oneLineMessage((error as Error).message);
      problems.push({ file, record: location, message: `Malformed JSON: ${message}` });
      return;
    }
    records.push({ location, value });
    for (const { path, count } of findRepeatedKeys(line, value)) problems.push(repeatedKeyProblem(file, location, path, count));
  });
  return { records, problems };
}

/**
 * The last line (0-based) of a record pretty-printed over several lines from `start` (`jq .` without -c
 * writes them so): a line `{`, and the next line `}` (or `},`) as indented as it, between which the lines
 * make a JSON object. Undefined otherwise, and the lines are reported one by one. Before, each of its lines
 * was a problem of its own ("Expected property name", "Unexpected non-whitespace character after JSON"),
 * none saying what was wrong. The search stops at the next `{` as indented, or past MAX_LINE_BYTES characters.
 */
function recordOverLines(lines: readonly string[], start: number): number | undefined {
  const withoutCr = (line: string) => (line.endsWith("\r") ? line.slice(0, -1) : line).trimEnd();
  const opening = withoutCr(lines[start]!);
  if (opening.trim() !== "{") return undefined;
  const indent = opening.slice(0, opening.indexOf("{"));
  let length = 0;
  for (let at = start + 1; at < lines.length && length <= MAX_LINE_BYTES; at += 1) {
    const line = withoutCr(lines[at]!);
    length += line.length + 1;
    if (line === `${indent}{`) return undefined;
    if (line !== `${indent}}` && line !== `${indent}},`) continue;
    try {
      const value: unknown = JSON.parse(lines.slice(start, at + 1).join("\n").trimEnd().replace(/,$/, ""));
      return typeof value === "object" && value !== null && !Array.isArray(value) ? at : undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * Whether a line that is not JSON is a JSON object followed by a comma, as the records of a JSON array
 * are written (its brackets removed to make NDJSON). V8 says only "Unexpected non-whitespace character
 * after JSON at position N", which does not name the comma.
 */
function endsInACommaAfterRecord(line: string): boolean {
  const trimmed = line.trimEnd();
  if (!trimmed.endsWith(",")) return false;
  try {
    const value: unknown = JSON.parse(trimmed.slice(0, -1));
    return typeof value === "object" && value !== null;
  } catch {
    return false;
  }
}

/**
 * Whether a line that is not JSON starts with a JSON object followed by another (`{...}{...}`), as
 * `cat a.ndjson b.ndjson` writes when a.ndjson does not end in a line break. V8 says only "Unexpected
 * non-whitespace character after JSON at position N".
 */
function holdsTwoRecords(line: string): boolean {
  const end = jsonFaultOffset(line);
  if (end === undefined || !line.trimStart().startsWith("{") || !line.slice(end).trimStart().startsWith("{")) return false;
  try {
    JSON.parse(line.slice(0, end));
    return true;
  } catch {
    return false;
  }
}
