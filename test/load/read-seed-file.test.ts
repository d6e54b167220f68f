import { describe, expect, it } from "vitest";
import { coerceCell, decodeSeedBytes, MAX_LINE_BYTES, readSeedText } from "../../build/load/read-seed-file.ts";
import type { CsvColumnType } from "../../build/load/seed-resources.ts";

const DEMAND_COLUMNS: Record<string, CsvColumnType> = { volume: "int" };

describe("decodeSeedBytes", () => {
  it("decodes strict UTF-8 and strips a UTF-8 byte-order mark", () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from("Руковожу ✓", "utf8")]);
    expect(decodeSeedBytes("s/a.json", bytes)).toEqual({ text: "Руковожу ✓" });
  });

  it.each([
    ["a 0-byte file", Buffer.alloc(0), "The file is empty (0 bytes)", undefined],
    ["UTF-16 little-endian with its BOM", Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("[]", "utf16le")]), "The file is UTF-16; seeds must be UTF-8", undefined],
    ["UTF-16 big-endian with its BOM", Buffer.from([0xfe, 0xff, 0x00, 0x5b, 0x00, 0x5d]), "The file is UTF-16; seeds must be UTF-8", undefined],
    ["Latin-1 bytes (invalid UTF-8)", Buffer.from([0x5b, 0x22, 0xe9, 0x22, 0x5d]), "The file is not valid UTF-8", "line 1"],
    ["a truncated multi-byte sequence", Buffer.from([0x41, 0xd0]), "The file is not valid UTF-8", "line 1"],
    ["a Latin-1 byte on line 3", Buffer.from([0x61, 0x0a, 0x62, 0x0a, 0xe9, 0x0a]), "The file is not valid UTF-8", "line 3"],
  ])("refuses %s and names the file", (_case, bytes, message, record) => {
    expect(decodeSeedBytes("seeds/x/a.ndjson", bytes)).toEqual({ problem: { file: "seeds/x/a.ndjson", record, message } });
  });
});

describe("readSeedText: JSON array", () => {
  it("reads each element with its 0-based index as the location", () => {
    const result = readSeedText("s/c.json", '[{"a":1},\n{"a":2}]');
    expect(result).toEqual({ records: [{ location: "record 0", value: { a: 1 } }, { location: "record 1", value: { a: 2 } }], problems: [] });
  });

  it("names the line of a syntax error", () => {
    const result = readSeedText("s/c.json", '[\n{"a":1},\n{"a":2,}\n]');
    expect(result.records).toEqual([]);
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]).toMatchObject({ file: "s/c.json", record: "line 3" });
    expect(result.problems[0]?.message).toMatch(/^Malformed JSON: /);
  });

  it("refuses a document that is not an array", () => {
    expect(readSeedText("s/c.json", '{"a":1}').problems).toEqual([{ file: "s/c.json", message: "Expected a JSON array of records" }]);
  });

  it.each([[""], ["  \n\n"]])("reports a file of only whitespace (%j) as having no records", (text) => {
    expect(readSeedText("s/c.json", text)).toEqual({ records: [], problems: [{ file: "s/c.json", message: "The file has no records" }] });
  });
});

describe("readSeedText: NDJSON", () => {
  it("reads one record per line, skips blank lines and CRLF endings, and locates by 1-based line", () => {
    const result = readSeedText("s/b.ndjson", '{"a":1}\r\n\n{"a":2}\n');
    expect(result).toEqual({ records: [{ location: "line 1", value: { a: 1 } }, { location: "line 3", value: { a: 2 } }], problems: [] });
  });

  it("reports every malformed line with its line number and keeps the good ones", () => {
    const result = readSeedText("s/b.ndjson", '{"a":1}\n{"a":\n{"a":3}\n[oops\n');
    expect(result.records.map((record) => record.location)).toEqual(["line 1", "line 3"]);
    expect(result.problems.map((problem) => [problem.file, problem.record])).toEqual([
      ["s/b.ndjson", "line 2"],
      ["s/b.ndjson", "line 4"],
    ]);
    expect(result.problems[0]?.message).toMatch(/^Malformed JSON: /);
  });

  it("refuses a gigantic line without parsing it, and still reads the others", () => {
    const huge = `{"a":"${"x".repeat(MAX_LINE_BYTES + 10)}"}`;
    const result = readSeedText("s/b.ndjson", `{"a":1}\n${huge}\n{"a":3}\n`);
    expect(result.problems).toEqual([{ file: "s/b.ndjson", record: "line 2", message: `The line is over ${MAX_LINE_BYTES} characters` }]);
    expect(result.records.map((record) => record.location)).toEqual(["line 1", "line 3"]);
  });
});

describe("readSeedText: CSV", () => {
  it("reads rows as objects keyed by the header, typed by the column table, located by line", () => {
    const result = readSeedText("s/d.csv", "brand,country,period,volume\nalpha,GB,2024-10,3000\n\nbeta,\"G,B\",2024-11,0\n", DEMAND_COLUMNS);
    expect(result).toEqual({
      records: [
        { location: "line 2", value: { brand: "alpha", country: "GB", period: "2024-10", volume: 3000 } },
        { location: "line 4", value: { brand: "beta", country: "G,B", period: "2024-11", volume: 0 } },
      ],
      problems: [],
    });
  });

  it("names file, line and column of a cell of the wrong form, and marks it as reported", () => {
    const result = readSeedText("s/d.csv", "brand,country,period,volume\nalpha,GB,2024-10,lots\n", DEMAND_COLUMNS);
    expect(result.problems).toEqual([{ file: "s/d.csv", record: "line 2", field: "volume", message: 'Expected an integer, received "lots"' }]);
    expect(result.records).toEqual([{ location: "line 2", value: { brand: "alpha", country: "GB", period: "2024-10", volume: "lots" }, reported: ["volume"] }]);
  });

  it.each([
    ["an unclosed quote", 'a,b\n1,2\n"x,1\n', "line 3", /^Malformed CSV: Quote Not Closed/],
    ["a row with too many cells", "a,b\n1,2\n3,4,5\n", "line 3", /^Malformed CSV: Invalid Record Length/],
    ["text after a closing quote", 'a,b\n1,"2"x\n', "line 2", /^Malformed CSV: Invalid Closing Quote/],
  ])("reports %s with its line", (_case, text, record, message) => {
    const result = readSeedText("s/x.csv", text);
    expect(result.records).toEqual([]);
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]).toMatchObject({ file: "s/x.csv", record });
    expect(result.problems[0]?.message).toMatch(message);
  });

  it.each([
    ["a repeated column name", "brand,brand,volume\nx,y,1\n", 'Malformed CSV: The header names the column "brand" twice'],
    ["a blank column name", "brand,,volume\nx,y,1\n", "Malformed CSV: Column 2 of the header has no name"],
  ])("refuses a header with %s (its cells would be dropped silently)", (_case, text, message) => {
    expect(readSeedText("s/d.csv", text, DEMAND_COLUMNS)).toEqual({ records: [], problems: [{ file: "s/d.csv", record: "line 1", message }] });
  });

  it("refuses a gigantic line", () => {
    const result = readSeedText("s/x.csv", `a,b\n1,${"9".repeat(MAX_LINE_BYTES + 1)}\n`);
    expect(result.problems).toEqual([{ file: "s/x.csv", record: "line 2", message: `The line is over ${MAX_LINE_BYTES} characters` }]);
  });
});

describe("coerceCell", () => {
  it.each<[string, CsvColumnType | undefined, unknown]>([
    ["abc", undefined, "abc"],
    ["", undefined, ""],
    ["", "nullable-string", null],
    ["2030-06-01", "nullable-string", "2030-06-01"],
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
    expect(coerceCell(cell, type)).toEqual({ ok: true, value });
  });

  it.each<[string, CsvColumnType, string]>([
    ["TRUE", "boolean", 'Expected true or false, received "TRUE"'],
    ["1", "boolean", 'Expected true or false, received "1"'],
    ["", "boolean", 'Expected true or false, received ""'],
    ["4.5", "int", 'Expected an integer, received "4.5"'],
    ["", "int", 'Expected an integer, received ""'],
    ["1e3", "int", 'Expected an integer, received "1e3"'],
    ["0x10", "int", 'Expected an integer, received "0x10"'],
    [".5", "number", 'Expected a number, received ".5"'],
    ["1,5", "number", 'Expected a number, received "1,5"'],
    ["", "number", 'Expected a number, received ""'],
    ["NaN", "number", 'Expected a number, received "NaN"'],
  ])("refuses %j as %s", (cell, type, message) => {
    expect(coerceCell(cell, type)).toEqual({ ok: false, message });
  });
});
