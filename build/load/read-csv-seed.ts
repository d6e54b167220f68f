/**
 * Reads a CSV seed file's text into located raw records: line ends (\r\n, \n, a bare \r), the line limit,
 * the header check, a plain fast path beside csv-parse, and typing cells by column.
 * @module
 */
import { parse as parseCsv } from "csv-parse/sync";
import type { SeedProblem } from "../errors.ts";
import { MAX_LINE_BYTES, type RawRecord, type ReadResult } from "./read-result.ts";
import type { CsvLayout } from "./csv-layout.ts";

/**
 * Parses a CSV seed file's text; with a layout (the resource's, from its schema) the header is checked
 * against it and each row becomes a typed, nested record (empty cells absent); without one, every cell is
 * a string. Records are located by their file line (`line N`).
 */
export function readCsvSeed(file: string, written: string, layout?: CsvLayout): ReadResult {
  // Lines may end in \r\n or \n, mixed (rows appended in another editor): csv-parse keeps the first ending
  // it meets and leaves a \r in the last cell of the others. Quoted line breaks become \n too. Every \r and
  // \n left then ends a line, as csv-parse counts them, so a bare \r (old Mac) is a line end as well.
  const text = written.includes("\r\n") ? written.replaceAll("\r\n", "\n") : written;
  const longLine = csvLongLine(text);
  if (longLine !== undefined) {
    return {
      records: [],
      problems: [{ file, record: `line ${longLine}`, message: `The line is over ${MAX_LINE_BYTES} characters` }],
    };
  }
  let rows: CsvRow[];
  const header = (names: string[]) => checkCsvHeader(names, layout);
  try {
    rows =
      readPlainCsvRows(text, header) ??
      parseCsv(text, { columns: header, skip_empty_lines: true, info: true, trim: false });
  } catch (error) {
    const csvError = error as Error & { lines?: number; code?: string };
    if (csvError.code === "CSV_QUOTE_NOT_CLOSED") {
      // csv-parse finds this at the end of the file; the fault is where the quote was opened.
      const opened = unclosedQuoteLine(text);
      if (opened !== undefined)
        return {
          records: [],
          problems: [
            {
              file,
              record: `line ${opened}`,
              message: "Malformed CSV: a quoted value starts on this line and is never closed",
            },
          ],
        };
    }
    const record =
      error instanceof CsvHeaderError
        ? `line ${csvHeaderLine(text)}`
        : csvError.lines === undefined
          ? undefined
          : `line ${csvError.lines}`;
    return { records: [], problems: [{ file, record, message: `Malformed CSV: ${csvError.message}` }] };
  }
  const problems: SeedProblem[] = [];
  const records: RawRecord[] = [];
  for (const { record, info } of rows) {
    const location = `line ${info.lines}`;
    if (repeatsTheHeader(record)) {
      problems.push({
        file,
        record: location,
        message: "The header again, as a record (files joined with their headers?): remove this line",
      });
      continue;
    }
    if (layout === undefined) {
      records.push({ location, value: { ...record } });
      continue;
    }
    const built = layout.build(record);
    for (const problem of built.problems)
      problems.push({ file, record: location, field: problem.field, message: problem.message });
    const reported = built.problems.map((problem) => problem.field.split(".")[0]!);
    records.push(reported.length === 0 ? { location, value: built.value } : { location, value: built.value, reported });
  }
  return { records, problems };
}

/**
 * Whether a record's every cell is its column's name (after a byte-order mark, from a file saved with one): the
 * header of a second file joined onto the first (`cat jan.csv feb.csv`). Before, it was one problem for
 * each cell that is no valid value ("Expected an integer, got "volume""), none naming the header.
 */
function repeatsTheHeader(record: Record<string, string>): boolean {
  for (const name in record) if (record[name] !== name && record[name] !== `\uFEFF${name}`) return false;
  return true;
}

/**
 * The first line (1-based) over MAX_LINE_BYTES characters in readCsvSeed's text (its \r\n made \n), numbered
 * counting every \r and \n. Lines are split where csv-parse ends records: at \n, or at \r and \n in a file
 * whose records end in a bare \r (Excel for Mac's "CSV (Macintosh)"), which would otherwise be one line.
 * A text without \r is split once, with no work per character.
 * @example csvLongLine(`a,b\r1,2\r3,${"9".repeat(MAX_LINE_BYTES + 1)}\r`) // 3
 */
function csvLongLine(text: string): number | undefined {
  if (!text.includes("\r")) {
    const index = text.split("\n").findIndex((line) => line.length > MAX_LINE_BYTES);
    return index < 0 ? undefined : index + 1;
  }
  let start = 0;
  for (const line of text.split(endsRecordsInBareCr(text) ? /[\r\n]/ : "\n")) {
    if (line.length > MAX_LINE_BYTES) return (text.slice(0, start).match(/[\r\n]/g)?.length ?? 0) + 1;
    start += line.length + 1;
  }
  return undefined;
}

/**
 * Whether csv-parse takes a bare \r as the record delimiter: it takes the first line end outside a quoted
 * value (a quote anywhere but at a value's start is an error it reports before it reads a record).
 */
function endsRecordsInBareCr(text: string): boolean {
  let quoted = false;
  for (let at = 0; at < text.length; at += 1) {
    const char = text[at];
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === "\r" || char === "\n")) return char === "\r" && text[at + 1] !== "\n";
  }
  return false;
}

/**
 * The line (1-based) where the quoted value left open at the end of the text starts, read as csv-parse
 * reads quotes (RFC 4180): a quote opens a value only at its start, `""` inside is a quote. The text is
 * readCsvSeed's (its \r\n made \n): every \r and \n ends a line, as csv-parse counts lines, quoted or not.
 * @example unclosedQuoteLine('a,b\r1,2\r"x,1\r') // 3
 */
function unclosedQuoteLine(text: string): number | undefined {
  let line = 1;
  let quotedSince: number | undefined;
  let atValueStart = true;
  for (let at = 0; at < text.length; at += 1) {
    const char = text[at];
    if (char === "\n" || char === "\r") line += 1;
    if (quotedSince !== undefined) {
      if (char !== '"') continue;
      if (text[at + 1] === '"') at += 1;
      else quotedSince = undefined;
      atValueStart = false;
    } else if (char === '"' && atValueStart) {
      quotedSince = line;
      atValueStart = false;
    } else {
      // A stray \r or \n that does not end records is a cell's character; a quote after it is an
      // "Invalid Opening Quote" for csv-parse, which never gets as far as an unclosed one.
      atValueStart = char === "," || char === "\n" || char === "\r";
    }
  }
  return quotedSince;
}

/**
 * The line (1-based) of a CSV text's header: csv-parse skips the empty lines before it. The text's \r\n are
 * already \n; its line break is the first \n or \r, as csv-parse takes it.
 * @example csvHeaderLine("\n\nbrand,volume\n") // 3
 */
function csvHeaderLine(text: string): number {
  const newline = /[\r\n]/.exec(text)?.[0];
  let line = 1;
  while (newline !== undefined && text[line - 1] === newline) line += 1;
  return line;
}

/** A row as csv-parse gives it with `info: true`: the cells by column name and the line the record ends on. */
type CsvRow = { record: Record<string, string>; info: { lines: number } };

/**
 * The rows of a CSV file without quotes, split by hand: csv-parse's per-record `info` objects are most of the
 * cost of reading the seeds. The result is what csv-parse gives, or undefined (parse with csv-parse) wherever
 * that is not certain: quotes, line endings other than all `\n` or all `\r\n` (csv-parse keeps the first one
 * it meets and counts a stray `\r` as a line), lone surrogates (it reads UTF-8 bytes, so they become U+FFFD),
 * a bad header or a row of the wrong length (so that errors keep csv-parse's wording).
 */
function readPlainCsvRows(text: string, checkHeader: (names: string[]) => string[]): CsvRow[] | undefined {
  if (text.includes('"') || /\p{Cs}/u.test(text)) return undefined;
  const crlf = text.includes("\r");
  const lines = text.split(crlf ? "\r\n" : "\n");
  if (crlf && lines.some((line) => line.includes("\r") || line.includes("\n"))) return undefined;
  let header: string[] | undefined;
  const rows: CsvRow[] = [];
  for (const [index, line] of lines.entries()) {
    // skip_empty_lines skips only a line with no characters: spaces or commas are cells.
    if (line === "") continue;
    const cells = line.split(",");
    if (header === undefined) {
      try {
        header = checkHeader(cells);
      } catch {
        return undefined;
      }
      continue;
    }
    if (cells.length !== header.length) return undefined;
    // Built as csv-parse builds it, so that key order (integer-like names first) and `__proto__` behave the same.
    const record: Record<string, string> = {};
    header.forEach((name, column) => {
      record[name] = cells[column]!;
    });
    rows.push({ record, info: { lines: index + 1 } });
  }
  return rows;
}

class CsvHeaderError extends Error {}

/**
 * The header names the columns: a blank or repeated name would silently drop a column's cells, and a
 * misspelt one (`month` for `period`) would fail every row; either is reported once, on the header's line.
 * A column names a field or a nested field by its dotted path; optional fields may have no column.
 */
function checkCsvHeader(header: string[], layout?: CsvLayout): string[] {
  const blank = header.findIndex((name) => name.trim() === "");
  if (blank >= 0) throw new CsvHeaderError(`Column ${blank + 1} of the header has no name`);
  // A set, not indexOf for each name: that took 48 s on a header of 100,000 columns (690 KB, within the line limit).
  const seen = new Set<string>();
  const repeated = header.find((name) => seen.size === seen.add(name).size);
  if (repeated !== undefined) throw new CsvHeaderError(`The header names the column ${JSON.stringify(repeated)} twice`);
  if (layout === undefined) return header;
  const expected = layout.fieldNames();
  const unknown = header.filter((name) => !layout.covers(name));
  const named = new Set(header.map((name) => name.split(".")[0]!));
  const missing = layout.requiredColumns().filter((name) => !named.has(name));
  if (unknown.length === 0 && missing.length === 0) return header;
  // Excel writes "CSV" with semicolons where a comma is the decimal mark, and some tools tabs: one column of all the names.
  const separator =
    header.length === 1
      ? [";", "\t", "|"].find((char) => layout.requiredColumns().every((name) => header[0]!.split(char).includes(name)))
      : undefined;
  if (separator !== undefined) {
    throw new CsvHeaderError(
      `The header is one column, ${JSON.stringify(header[0])}: the columns are separated by ${separator === "\t" ? "tabs" : `"${separator}"`}, where seed CSV files use commas (save the file as comma-separated)`,
    );
  }
  const list = (names: readonly string[]) => names.map((name) => JSON.stringify(name)).join(", ");
  const faults = [
    unknown.length > 0 ? `unknown column(s) ${list(unknown)}` : "",
    missing.length > 0 ? `missing column(s) ${list(missing)}` : "",
  ].filter(Boolean);
  throw new CsvHeaderError(
    `The header has ${faults.join(" and ")}; the columns are ${expected.join(", ")} (in any order; nested fields by their dotted path, optional ones may be left out)`,
  );
}
