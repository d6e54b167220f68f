import { parse as parseCsv } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { CsvLayout, typeLeaf } from "../../build/load/csv-layout.ts";
import { readSeedText } from "../../build/load/read-seed-file.ts";
import { MAX_LINE_BYTES, type ReadResult } from "../../build/load/read-result.ts";
import { demandRowSchema } from "../../build/load/schemas.ts";

const DEMAND_COLUMNS = new CsvLayout(demandRowSchema);
const BRAND_VOLUME = new CsvLayout(z.strictObject({ brand: z.string(), volume: z.int() }));

describe("readSeedText: CSV", () => {
  it("reads rows as objects keyed by the header, typed by the schema, located by line", () => {
    const result = readSeedText(
      "s/d.csv",
      'brand,country,period,volume\nalpha,GB,2024-10,3000\n\nbeta,"G,B",2024-11,0\n',
      DEMAND_COLUMNS,
    );
    expect(result).toEqual({
      records: [
        { location: "line 2", value: { brand: "alpha", country: "GB", period: "2024-10", volume: 3000 } },
        { location: "line 4", value: { brand: "beta", country: "G,B", period: "2024-11", volume: 0 } },
      ],
      problems: [],
    });
  });

  // Before, the header of a second file joined on (`cat jan.csv feb.csv`) was a record, one problem per cell
  // that is no valid value ("Expected an integer, got "volume""), none naming the header.
  it.each([
    ["by hand", "brand,country,period,volume\nalpha,GB,2024-10,3000\nbrand,country,period,volume\nbeta,GB,2024-10,0\n"],
    [
      "by csv-parse (quotes), the second file saved with a byte-order mark",
      'brand,country,period,volume\nalpha,"GB",2024-10,3000\n\uFEFFbrand,country,period,volume\r\nbeta,GB,2024-10,0\n',
    ],
  ])("reports the header repeated as a record once, on its line, read %s", (_case, text) => {
    const result = readSeedText("s/d.csv", text, DEMAND_COLUMNS);
    expect(result.problems).toEqual([
      {
        file: "s/d.csv",
        record: "line 3",
        message: "The header again, as a record (files joined with their headers?): remove this line",
      },
    ]);
    expect(result.records.map((record) => record.location)).toEqual(["line 2", "line 4"]);
  });

  // Before: 'unknown column(s) "brand;country;period;volume" and missing column(s) "brand", "country", …'.
  it.each([
    ["semicolons", ";", '"brand;country;period;volume": the columns are separated by ";"'],
    ["tabs", "\t", '"brand\\tcountry\\tperiod\\tvolume": the columns are separated by tabs'],
  ])("says a file separated by %s is not comma-separated, once, on the header's line", (_case, separator, message) => {
    const text = "brand,country,period,volume\nalpha,GB,2024-10,3000\n".replaceAll(",", separator);
    expect(readSeedText("s/d.csv", text, DEMAND_COLUMNS).problems).toEqual([
      {
        file: "s/d.csv",
        record: "line 1",
        message: `Malformed CSV: The header is one column, ${message}, where seed CSV files use commas (save the file as comma-separated)`,
      },
    ]);
  });

  // The time it takes is the bench's business, not a test's (it was 48 s before the repeat check was made linear).
  it("checks a header of 100,000 columns (690 KB, within the line limit)", () => {
    const header = Array.from({ length: 100_000 }, (_, i) => `c${i}`);
    const result = readSeedText("s/d.csv", `${header.join(",")}\n${header.map(() => "1").join(",")}\n`, DEMAND_COLUMNS);
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]?.message).toMatch(/^Malformed CSV: The header has unknown column\(s\) "c0", "c1", /);
  });

  it("names file, line and column of a cell of the wrong form, and marks it as reported", () => {
    const result = readSeedText("s/d.csv", "brand,country,period,volume\nalpha,GB,2024-10,lots\n", DEMAND_COLUMNS);
    expect(result.problems).toEqual([
      { file: "s/d.csv", record: "line 2", field: "volume", message: 'Expected an integer, got "lots"' },
    ]);
    expect(result.records).toEqual([
      {
        location: "line 2",
        value: { brand: "alpha", country: "GB", period: "2024-10", volume: "lots" },
        reported: ["volume"],
      },
    ]);
  });

  it.each([
    [
      "an unclosed quote",
      'a,b\n1,2\n"x,1\n',
      "line 3",
      /^Malformed CSV: a quoted value starts on this line and is never closed$/,
    ],
    ["an unclosed quote far from the end", `a,b\n1,2\n"x,1\n${"3,4\n".repeat(50)}`, "line 3", /never closed$/], // csv-parse itself points at the end
    ["an unclosed quote after good quoted values", 'a,b\n"1\n1",""""\n3,"x""\n4,5\n', "line 4", /never closed$/],
    ["a row with too many cells", "a,b\n1,2\n3,4,5\n", "line 3", /^Malformed CSV: Invalid Record Length/],
    ["text after a closing quote", 'a,b\n1,"2"x\n', "line 2", /^Malformed CSV: Invalid Closing Quote/],
    ["an unclosed quote, bare CR line ends", 'a,b\r1,2\r"x,1\r3,4\r', "line 3", /never closed$/],
    [
      "an unclosed quote after a quoted line break, bare CR line ends",
      'a,b\r"1\r1",2\r\r"x,1\r3,4\r',
      "line 5",
      /never closed$/,
    ],
    ["an unclosed quote after a quoted bare CR, LF line ends", 'a,b\n"1\r1",2\n"x,1\n3,4\n', "line 4", /never closed$/],
  ])("reports %s with its line", (_case, text, record, message) => {
    const result = readSeedText("s/x.csv", text);
    expect(result.records).toEqual([]);
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]).toMatchObject({ file: "s/x.csv", record });
    expect(result.problems[0]?.message).toMatch(message);
  });

  it.each([
    [
      "a repeated column name",
      "brand,brand,volume\nx,y,1\n",
      'Malformed CSV: The header names the column "brand" twice',
    ],
    ["a blank column name", "brand,,volume\nx,y,1\n", "Malformed CSV: Column 2 of the header has no name"],
  ])("refuses a header with %s (its cells would be dropped silently)", (_case, text, message) => {
    expect(readSeedText("s/d.csv", text, DEMAND_COLUMNS)).toEqual({
      records: [],
      problems: [{ file: "s/d.csv", record: "line 1", message }],
    });
  });

  it("refuses a header with a column the records do not have, even when none is missing", () => {
    const result = readSeedText("s/d.csv", "brand,country,period,volume,note\nalpha,GB,2024-10,1,x\n", DEMAND_COLUMNS);
    expect(result).toEqual({
      records: [],
      problems: [
        {
          file: "s/d.csv",
          record: "line 1",
          message:
            'Malformed CSV: The header has unknown column(s) "note"; the columns are brand, country, period, vertical, volume (in any order; nested fields by their dotted path, optional ones may be left out)',
        },
      ],
    });
  });

  // Blank lines before the header are skipped, not read as the header: a problem in the header is on the
  // header's own line, as a problem in a record is on the record's.
  it.each([
    ["a bad cell after a blank first line", "\nbrand,volume\nalpha,lots\n", "line 3", "volume"],
    ["a repeated column after a blank first line", "\nbrand,brand,volume\nx,y,1\n", "line 2", undefined],
    ["a blank column name after two blank lines", "\n\nbrand,,volume\nx,y,1\n", "line 3", undefined],
    ["an unknown column after a blank first line", "\nbrand,volume,note\nalpha,1,x\n", "line 2", undefined],
    ["an unknown column after blank CRLF lines", "\r\n\r\nbrand,volume,note\r\nalpha,1,x\r\n", "line 3", undefined],
    [
      "an unknown column after a blank LF line, CRLF below",
      "\nbrand,volume,note\r\nalpha,1,x\r\n",
      "line 2",
      undefined,
    ],
    ["an unknown quoted column after a blank first line", '\nbrand,volume,"note"\nalpha,1,x\n', "line 2", undefined],
  ])("names the file's own line of %s", (_case, text, record, field) => {
    const [problem, ...others] = readSeedText("s/d.csv", text, BRAND_VOLUME).problems;
    expect(others).toEqual([]);
    expect([problem?.file, problem?.record, problem?.field]).toEqual(["s/d.csv", record, field]);
  });

  it("refuses a gigantic line", () => {
    const result = readSeedText("s/x.csv", `a,b\n1,${"9".repeat(MAX_LINE_BYTES + 1)}\n`);
    expect(result.problems).toEqual([
      { file: "s/x.csv", record: "line 2", message: `The line is over ${MAX_LINE_BYTES} characters` },
    ]);
  });

  // Excel for Mac's "CSV (Macintosh)" ends each record in a bare \r and writes a line break in a cell as \n.
  it("reads a bare-CR file longer than MAX_LINE_BYTES in all, locating records by its lines", () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => `row-${i},${"x".repeat(60)},${i}`);
    const text = `brand,note,volume\r"alpha","two\nlines",1\r\r${rows.join("\r")}\r`;
    expect(text.length).toBeGreaterThan(MAX_LINE_BYTES);
    const result = readSeedText(
      "s/d.csv",
      text,
      new CsvLayout(z.strictObject({ brand: z.string(), note: z.string(), volume: z.int() })),
    );
    expect(result.problems).toEqual([]);
    expect(result.records).toHaveLength(20_001);
    expect(result.records.slice(0, 2)).toEqual([
      { location: "line 3", value: { brand: "alpha", note: "two\nlines", volume: 1 } },
      { location: "line 5", value: { brand: "row-0", note: "x".repeat(60), volume: 0 } },
    ]);
    expect(result.records.at(-1)?.location).toBe("line 20004");
  });

  it.each([
    ["bare CR line ends", `a,b\r1,2\r\r3,${"9".repeat(MAX_LINE_BYTES + 1)}\r4,5\r`, "line 4"],
    [
      "bare CR line ends and a quoted line break before it",
      `a,b\r"1\n1",2\r3,${"9".repeat(MAX_LINE_BYTES + 1)}\r4,5\r`,
      "line 4",
    ],
    [
      "LF line ends and a quoted bare CR before it",
      `a,b\n"1\r1",2\n3,${"9".repeat(MAX_LINE_BYTES + 1)}\n4,5\n`,
      "line 4",
    ],
  ])("refuses a gigantic line in a file with %s, naming its line", (_case, text, record) => {
    expect(readSeedText("s/x.csv", text).problems).toEqual([
      { file: "s/x.csv", record, message: `The line is over ${MAX_LINE_BYTES} characters` },
    ]);
  });
});

describe("readSeedText: CSV without quotes (split by hand, not by csv-parse)", () => {
  class HeaderError extends Error {}

  /**
   * The reference: csv-parse alone, with readCsvSeed's options, on the text with its \r\n made \n (readCsvSeed's
   * first step), its rows mapped and its errors reported as readCsvSeed does.
   */
  function viaCsvParse(file: string, written: string): ReadResult {
    if (written.trim() === "") return { records: [], problems: [{ file, message: "The file has no records" }] };
    const text = written.replaceAll("\r\n", "\n");
    const checkHeader = (header: string[]): string[] => {
      const blank = header.findIndex((name) => name.trim() === "");
      if (blank >= 0) throw new HeaderError(`Column ${blank + 1} of the header has no name`);
      const repeated = header.find((name, i) => header.indexOf(name) !== i);
      if (repeated !== undefined)
        throw new HeaderError(`The header names the column ${JSON.stringify(repeated)} twice`);
      return header;
    };
    let rows: { record: Record<string, string>; info: { lines: number } }[];
    try {
      rows = parseCsv(text, { columns: checkHeader, skip_empty_lines: true, info: true, trim: false });
    } catch (error) {
      const { message, lines } = error as Error & { lines?: number };
      const headerLine = text.split("\n").findIndex((line) => line !== "") + 1;
      const record =
        error instanceof HeaderError ? `line ${headerLine}` : lines === undefined ? undefined : `line ${lines}`;
      return { records: [], problems: [{ file, record, message: `Malformed CSV: ${message}` }] };
    }
    const result: ReadResult = { records: [], problems: [] };
    for (const { record, info } of rows) {
      const location = `line ${info.lines}`;
      if (Object.entries(record).every(([name, cell]) => cell === name || cell === `\uFEFF${name}`)) {
        result.problems.push({
          file,
          record: location,
          message: "The header again, as a record (files joined with their headers?): remove this line",
        });
        continue;
      }
      // Without a layout every cell stays the string it was; typing is the layout's (csv-layout.test.ts).
      result.records.push({ location, value: { ...record } });
    }
    if (result.records.length === 0 && result.problems.length === 0)
      result.problems.push({ file, message: "The file has a header but no records" });
    return result;
  }

  /** Equal to the reference, down to `undefined` properties and the order of keys. */
  function expectSameAsCsvParse(text: string): ReadResult {
    const actual = readSeedText("s/p.csv", text);
    const expected = viaCsvParse("s/p.csv", text);
    expect(actual).toStrictEqual(expected);
    expect(JSON.stringify(actual)).toBe(JSON.stringify(expected));
    return actual;
  }

  /** mulberry32: a small seeded generator, so that every run tries the same files. */
  function generator(seed: number) {
    let state = seed >>> 0;
    const next = (): number => {
      state = (state + 0x6d2b79f5) >>> 0;
      let t = state;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
    };
    const int = (below: number): number => Math.floor(next() * below);
    const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T;
    const chars = (alphabet: string, min: number, max: number): string =>
      Array.from({ length: min + int(max - min + 1) }, () => alphabet[int(alphabet.length)]).join("");
    return { chance: (p: number) => next() < p, int, pick, chars };
  }

  /** A quote-free CSV file: typed columns, blank lines, LF or CRLF, sometimes a bad header or a row of the wrong length. */
  function randomCsv(random: ReturnType<typeof generator>): { text: string } {
    const width = 1 + random.int(5);
    const header = Array.from({ length: width }, () => random.chars("abcdefxyz0123456789_", 1, 6));
    if (random.chance(0.05)) header[random.int(width)] = random.pick(["", " ", header[0] as string]);
    const cell = (): string =>
      random.pick([
        () => random.chars("abcXYZ0123456789 .-", 0, 7),
        () => String(random.int(2000) - 1000),
        () => `${random.int(100)}.${random.int(100)}`,
        () => random.pick(["true", "false", "", " ", "-", ".5", "1.", " 7 "]),
      ])();
    const lines = [header.join(",")];
    for (let row = random.int(12); row > 0; row -= 1) {
      if (random.chance(0.15)) lines.push("");
      const length = random.chance(0.04) ? Math.max(0, width + random.pick([-1, 1, 2])) : width;
      lines.push(Array.from({ length }, cell).join(","));
    }
    if (random.chance(0.2)) lines.unshift("");
    const newline = random.chance(0.5) ? "\n" : "\r\n";
    const text = lines.join(newline) + (random.chance(0.6) ? newline.repeat(1 + random.int(2)) : "");
    return { text };
  }

  it("gives what csv-parse gives for 600 generated files", () => {
    const random = generator(20_240_611);
    let withRecords = 0;
    for (let i = 0; i < 600; i += 1) {
      const { text } = randomCsv(random);
      if (expectSameAsCsvParse(text).records.length > 0) withRecords += 1;
    }
    // Most files must reach the hand-split rows, not only the fallbacks.
    expect(withRecords).toBeGreaterThan(300);
  });

  it("numbers lines as csv-parse does across blank lines, with no trailing newline", () => {
    const result = expectSameAsCsvParse("\nbrand,volume\nalpha,1\n\n\nbeta,2\n  ,x\ngamma,3");
    expect(result.records.map((record) => record.location)).toEqual(["line 3", "line 6", "line 7", "line 8"]);
  });

  it("reads CRLF endings without keeping the carriage return", () => {
    const result = expectSameAsCsvParse("brand,volume\r\nalpha,1\r\n\r\nbeta,2\r\n");
    expect(result).toEqual({
      records: [
        { location: "line 2", value: { brand: "alpha", volume: "1" } },
        { location: "line 4", value: { brand: "beta", volume: "2" } },
      ],
      problems: [],
    });
  });

  it("leaves a row of the wrong length to csv-parse and keeps its message", () => {
    expect(expectSameAsCsvParse("a,b\n1,2\n\n3,4,5\n6,7\n")).toEqual({
      records: [],
      problems: [
        {
          file: "s/p.csv",
          record: "line 4",
          message: "Malformed CSV: Invalid Record Length: columns length is 2, got 3 on line 4",
        },
      ],
    });
  });

  it("leaves a quoted file to csv-parse (a quoted cell may span lines)", () => {
    const result = expectSameAsCsvParse('a,b\n"x\ny",2\n3,4\n');
    expect(result.records).toEqual([
      { location: "line 3", value: { a: "x\ny", b: "2" } },
      { location: "line 4", value: { a: "3", b: "4" } },
    ]);
  });

  it("reads mixed line endings (rows appended in another editor) with no carriage return left in a cell", () => {
    expect(readSeedText("s/p.csv", "a,b\n1,2\r\n3,4\n").records.map((record) => record.value)).toEqual([
      { a: "1", b: "2" },
      { a: "3", b: "4" },
    ]);
    expect(readSeedText("s/p.csv", 'a,b\r\n"x\r\ny",2\n3,4\r\n').records.map((record) => record.value)).toEqual([
      { a: "x\ny", b: "2" },
      { a: "3", b: "4" },
    ]);
  });

  it.each([
    ["mixed line endings", "a,b\n1,2\r\n3,4\n"],
    ["CRLF then LF", "a,b\r\n1,2\n3,4\r\n"],
    ["bare CR endings", "a,b\r1,2\r3,4\r"],
    ["a stray CR in a cell", "a,b\n1\r,2\n3,4\n"],
    ["a byte-order mark", "\uFEFFa,b\n1,2\n"],
    ["a lone surrogate", "a,b\n\uD800,2\n"],
    ["integer-like and __proto__ column names", "b,1,__proto__,a\nx,y,z,w\n"],
    ["a blank header name", "a,,b\n1,2,3\n"],
  ])("reads %s as csv-parse does", (_case, text) => {
    expectSameAsCsvParse(text);
  });
});

type LeafKind = Parameters<typeof typeLeaf>[1];

describe("typeLeaf", () => {
  it.each<[string, LeafKind, unknown]>([
    ["abc", "string", "abc"],
    [" ", "string", " "], // not empty: the date check then names the stray space
    ["true", "boolean", true],
    ["false", "boolean", false],
    ["42", "int", 42],
    ["-3", "int", -3],
    ["0", "int", 0],
    [" 7 ", "int", 7],
    ["4.5", "number", 4.5],
    ["-0.25", "number", -0.25],
    ["1200000", "number", 1200000],
  ])("turns %j of type %s into %j", (cell, type, value) => {
    expect(typeLeaf(cell, type)).toEqual({ ok: true, value });
  });

  it.each<[string, LeafKind, string]>([
    ["TRUE", "boolean", 'Expected true or false, got "TRUE"'],
    ["1", "boolean", 'Expected true or false, got "1"'],
    ["", "boolean", 'Expected true or false, got ""'],
    ["4.5", "int", 'Expected an integer, got "4.5"'],
    ["", "int", 'Expected an integer, got ""'],
    ["1e3", "int", 'Expected an integer, got "1e3"'],
    ["0x10", "int", 'Expected an integer, got "0x10"'],
    [".5", "number", 'Expected a number, got ".5"'],
    ["1.", "number", 'Expected a number, got "1."'],
    ["1,5", "number", 'Expected a number, got "1,5"'],
    ["", "number", 'Expected a number, got ""'],
    ["NaN", "number", 'Expected a number, got "NaN"'],
  ])("refuses %j as %s", (cell, type, message) => {
    expect(typeLeaf(cell, type)).toEqual({ ok: false, message });
  });
});
