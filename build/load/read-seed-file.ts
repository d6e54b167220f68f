/**
 * Turns the bytes of one seed file into located raw records (JSON array, NDJSON or CSV).
 * Parsing is separate from finding files so that it can be tested on plain strings. A JSON array is read
 * here, NDJSON in read-ndjson-seed.ts, CSV in read-csv-seed.ts.
 * @module
 */
import type { SeedProblem } from "../errors.ts";
import { findRepeatedKeys, repeatedKeyProblem } from "./find-repeated-keys.ts";
import { jsonErrorLine, oneLineMessage } from "./json-faults.ts";
import { readCsvSeed } from "./read-csv-seed.ts";
import { readNdjsonSeed } from "./read-ndjson-seed.ts";
import { MAX_LINE_BYTES, type RawRecord, type ReadResult } from "./read-result.ts";
import type { CsvLayout } from "./csv-layout.ts";

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** Decodes strict UTF-8, or explains why the bytes are not UTF-8. */
export function decodeSeedBytes(file: string, bytes: Uint8Array): { text?: string; problem?: SeedProblem } {
  if (bytes.length === 0) return { problem: { file, message: "The file is empty (0 bytes)" } };
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    return { problem: { file, message: "The file is UTF-16; seeds must be UTF-8" } };
  }
  if (looksLikeUtf16(bytes))
    return { problem: { file, message: "The file is UTF-16 (without a byte-order mark); seeds must be UTF-8" } };
  try {
    const text = utf8.decode(bytes);
    return { text: text.startsWith("\uFEFF") ? text.slice(1) : text };
  } catch {
    return {
      problem: { file, record: firstInvalidLine(bytes, file.endsWith(".csv")), message: "The file is not valid UTF-8" },
    };
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
export function readSeedText(file: string, text: string, csvLayout?: CsvLayout): ReadResult {
  if (text.trim() === "") return { records: [], problems: [{ file, message: "The file has no records" }] };
  const read = file.endsWith(".ndjson")
    ? readNdjsonSeed(file, text)
    : file.endsWith(".csv")
      ? readCsvSeed(file, text, csvLayout)
      : readJsonArray(file, text);
  if (read.records.length === 0 && read.problems.length === 0) {
    read.problems.push({
      file,
      message: file.endsWith(".csv")
        ? "The file has a header but no records"
        : "The file has no records (an empty list)",
    });
  }
  return read;
}

function readJsonArray(file: string, text: string): ReadResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    if (looksLikeNdjson(text))
      return {
        records: [],
        problems: [
          {
            file,
            message:
              "One JSON record per line: that is NDJSON (name the file .ndjson, or write the records as a JSON array)",
          },
        ],
      };
    const message = (error as Error).message;
    return {
      records: [],
      problems: [{ file, record: jsonErrorLine(text, message), message: `Malformed JSON: ${oneLineMessage(message)}` }],
    };
  }
  if (!Array.isArray(value)) return { records: [], problems: [{ file, message: notAnArrayMessage(value) }] };
  // The NDJSON and CSV line limit, per record here: a JSON array may well be written on one line.
  const problems: SeedProblem[] = [];
  const records: RawRecord[] = [];
  value.forEach((item, index) => {
    if (recordLength(item) > MAX_LINE_BYTES)
      problems.push({ file, record: `record ${index}`, message: `The record is over ${MAX_LINE_BYTES} characters` });
    else records.push({ location: `record ${index}`, value: item });
  });
  for (const { path, count } of findRepeatedKeys(text, value)) {
    problems.push(repeatedKeyProblem(file, `record ${path[0]}`, path.slice(1), count));
  }
  return { records, problems };
}

/**
 * What a JSON seed file holds instead of an array. An object whose one member is an array is the usual
 * slip, an API's envelope saved as is (`{"countries": [...]}`, `{"data": [...]}`): the message names the
 * member, so the fix is plain.
 */
function notAnArrayMessage(value: unknown): string {
  if (typeof value === "object" && value !== null) {
    const arrays = Object.keys(value).filter((key) => Array.isArray((value as Record<string, unknown>)[key]));
    if (arrays.length === 1)
      return `Expected a JSON array of records, found an object whose member ${JSON.stringify(arrays[0])} holds an array: write that array alone as the file's content`;
    return "Expected a JSON array of records, found an object";
  }
  return `Expected a JSON array of records, found ${value === null ? "null" : `a ${typeof value}`}`;
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
  const lines = text
    .split("\n")
    .filter((line) => line.trim() !== "")
    .slice(0, 2);
  return (
    lines.length === 2 &&
    lines.every((line) => {
      try {
        const value: unknown = JSON.parse(line);
        return typeof value === "object" && value !== null && !Array.isArray(value);
      } catch {
        return false;
      }
    })
  );
}
