/**
 * Reads an NDJSON seed file's text into located raw records (one per line), with messages for the usual
 * slips: a record pretty-printed over lines, a comma after a record, two records on one line.
 * @module
 */
import type { SeedProblem } from "../errors.ts";
import { findRepeatedKeys, repeatedKeyProblem } from "./find-repeated-keys.ts";
import { jsonFaultOffset, oneLineMessage } from "./json-faults.ts";
import { MAX_LINE_BYTES, type RawRecord, type ReadResult } from "./read-result.ts";

/** Parses an NDJSON seed file's text; records are located by their file line (`line N`). */
export function readNdjsonSeed(file: string, text: string): ReadResult {
  const records: RawRecord[] = [];
  const problems: SeedProblem[] = [];
  const lines = text.split("\n");
  // A JSON array saved as .ndjson (pretty-printed, on one line, or a record a line between brackets) would give
  // one problem per line of it, or one "expected object" and no keys; a record is never an array.
  const first = lines.findIndex((line) => line.trim() !== "");
  if (lines[first]?.trimStart().startsWith("[")) {
    return {
      records,
      problems: [
        {
          file,
          record: `line ${first + 1}`,
          message:
            "A JSON array: an .ndjson file holds one record per line (name the file .json, or write one record per line)",
        },
      ],
    };
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
        problems.push({
          file,
          record: location,
          message: `A record written over lines ${index + 1}–${last + 1}: an .ndjson file holds each record on one line (write it on one line, e.g. with jq -c)`,
        });
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
    for (const { path, count } of findRepeatedKeys(line, value))
      problems.push(repeatedKeyProblem(file, location, path, count));
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
      const value: unknown = JSON.parse(
        lines
          .slice(start, at + 1)
          .join("\n")
          .trimEnd()
          .replace(/,$/, ""),
      );
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
  if (end === undefined || !line.trimStart().startsWith("{") || !line.slice(end).trimStart().startsWith("{"))
    return false;
  try {
    JSON.parse(line.slice(0, end));
    return true;
  } catch {
    return false;
  }
}
