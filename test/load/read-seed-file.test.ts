import { describe, expect, it } from "vitest";
import { jsonErrorLine, jsonFaultOffset, oneLineMessage } from "../../build/load/json-faults.ts";
import { decodeSeedBytes, readSeedText } from "../../build/load/read-seed-file.ts";
import { MAX_LINE_BYTES } from "../../build/load/read-result.ts";

describe("decodeSeedBytes", () => {
  it("decodes strict UTF-8 and strips a UTF-8 byte-order mark", () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from("Руковожу ✓", "utf8")]);
    expect(decodeSeedBytes("s/a.json", bytes)).toEqual({ text: "Руковожу ✓" });
  });

  it.each([
    ["a 0-byte file", Buffer.alloc(0), "The file is empty (0 bytes)", undefined],
    [
      "UTF-16 little-endian with its BOM",
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("[]", "utf16le")]),
      "The file is UTF-16; seeds must be UTF-8",
      undefined,
    ],
    [
      "UTF-16 big-endian with its BOM",
      Buffer.from([0xfe, 0xff, 0x00, 0x5b, 0x00, 0x5d]),
      "The file is UTF-16; seeds must be UTF-8",
      undefined,
    ],
    [
      "UTF-16 little-endian without a BOM",
      Buffer.from('[{"a":1}]', "utf16le"),
      "The file is UTF-16 (without a byte-order mark); seeds must be UTF-8",
      undefined,
    ],
    [
      "UTF-16 big-endian without a BOM",
      Buffer.from("brand,volume\n", "utf16le").swap16(),
      "The file is UTF-16 (without a byte-order mark); seeds must be UTF-8",
      undefined,
    ],
    [
      "Latin-1 bytes (invalid UTF-8)",
      Buffer.from([0x5b, 0x22, 0xe9, 0x22, 0x5d]),
      "The file is not valid UTF-8",
      "line 1",
    ],
    ["a truncated multi-byte sequence", Buffer.from([0x41, 0xd0]), "The file is not valid UTF-8", "line 1"],
    [
      "a Latin-1 byte on line 3",
      Buffer.from([0x61, 0x0a, 0x62, 0x0a, 0xe9, 0x0a]),
      "The file is not valid UTF-8",
      "line 3",
    ],
  ])("refuses %s and names the file", (_case, bytes, message, record) => {
    expect(decodeSeedBytes("seeds/x/a.ndjson", bytes)).toEqual({
      problem: { file: "seeds/x/a.ndjson", record, message },
    });
  });

  // A CSV's line ends are \r\n, \n and a bare \r (Excel for Mac), as its record locations count them;
  // in JSON and NDJSON only \n ends a line. Before, a bare-CR CSV's fault was always "line 1".
  it.each([
    ["s/x.csv", "bare CR line ends", "a,b\r1,2\r3,\xe9\r", "line 3"],
    ["s/x.csv", "CRLF line ends", "a,b\r\n1,2\r\n3,\xe9\r\n", "line 3"],
    ["s/x.csv", "mixed line ends", "a,b\r\n1,2\n3,4\r5,\xe9\r", "line 4"],
    ["s/x.csv", "blank bare-CR lines", "\r\ra,b\r1,\xe9\r", "line 4"],
    ["s/x.ndjson", "a bare CR, not a line end", '{"a":1}\r{"a":"\xe9"}\n', "line 1"],
    ["s/x.json", "a bare CR, not a line end", '[1,\r"\xe9"]\n', "line 1"],
  ])("names the line of invalid UTF-8 in %s with %s", (file, _case, latin1, record) => {
    const bytes = Buffer.from(latin1, "latin1");
    expect(decodeSeedBytes(file, bytes)).toEqual({ problem: { file, record, message: "The file is not valid UTF-8" } });
  });

  it("names the line of a bare-CR CSV's invalid UTF-8 that its record would have", () => {
    const text = "a,b\r1,2\r\r3,\xe9\r4,5\r";
    const asRead = readSeedText("s/x.csv", text.replace("\xe9", "e")).records.find(
      ({ value }) => (value as { b: string }).b === "e",
    );
    expect(decodeSeedBytes("s/x.csv", Buffer.from(text, "latin1")).problem?.record).toBe(asRead?.location);
  });
});

describe("readSeedText: JSON array", () => {
  it("reads each element with its 0-based index as the location", () => {
    const result = readSeedText("s/c.json", '[{"a":1},\n{"a":2}]');
    expect(result).toEqual({
      records: [
        { location: "record 0", value: { a: 1 } },
        { location: "record 1", value: { a: 2 } },
      ],
      problems: [],
    });
  });

  it("names the line of a syntax error", () => {
    const result = readSeedText("s/c.json", '[\n{"a":1},\n{"a":2,}\n]');
    expect(result.records).toEqual([]);
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]).toMatchObject({ file: "s/c.json", record: "line 3" });
    expect(result.problems[0]?.message).toMatch(/^Malformed JSON: /);
  });

  it.each([
    ["a trailing comma", '[\n  {"a": 1},\n  {"a": 2},\n]\n', "line 4"],
    ["a comment", '// regulators\n[{"a": 1}]\n', "line 1"],
    ["a missing comma", '[\n  {"a": 1}\n  {"a": 2}\n]', "line 3"],
    ["single quotes", "[\n\n  {'a': 1}]", "line 3"],
    ["a control character in a string", '[\n"a\u0000b"]', "line 2"],
  ])("names the line of %s, whatever V8's message says, in a message on one line", (_case, text, line) => {
    const [problem] = readSeedText("s/c.json", text).problems;
    expect(problem).toMatchObject({ file: "s/c.json", record: line });
    expect(problem?.message).toMatch(/^Malformed JSON: /);
    expect(problem?.message).not.toMatch(/[\n\u0000]/);
  });

  it("says that records one per line are NDJSON, once, when a .json file holds them", () => {
    expect(readSeedText("s/brands.json", '{"a":1}\n{"a":2}\n{"a":3}\n')).toEqual({
      records: [],
      problems: [
        {
          file: "s/brands.json",
          message:
            "One JSON record per line: that is NDJSON (name the file .ndjson, or write the records as a JSON array)",
        },
      ],
    });
    // A single object is no array either, but not NDJSON: the general message.
    expect(readSeedText("s/brands.json", '{"a":1}\n').problems[0]?.message).toBe(
      "Expected a JSON array of records, found an object",
    );
  });

  it("takes the line V8 states in its message when there is one", () => {
    expect(jsonErrorLine("[1,\n2,\n]", "Unexpected token ']', \"[1,2,]\" is not valid JSON (line 7 column 1)")).toBe(
      "line 7",
    );
  });

  it("writes a parser message on one line, control characters as escapes", () => {
    expect(oneLineMessage("Bad control character\n  in string\u0000 at\u001f\u007f")).toBe(
      "Bad control character in string\\u0000 at\\u001f\\u007f",
    );
  });

  it("reads a record of exactly the maximum size, refuses a larger one by its index and reads the rest", () => {
    const record = (size: number) => `"${"x".repeat(size - 2)}"`; // a JSON string of `size` characters
    const result = readSeedText("s/c.json", `[${record(MAX_LINE_BYTES)},${record(MAX_LINE_BYTES + 1)},1]`);
    expect(result.problems).toEqual([
      { file: "s/c.json", record: "record 1", message: `The record is over ${MAX_LINE_BYTES} characters` },
    ]);
    expect(result.records.map((read) => read.location)).toEqual(["record 0", "record 2"]);
  });

  it("finds no fault in valid JSON, and the first one in broken JSON", () => {
    expect(jsonFaultOffset('[{"a":[1,-2.5e3,true,null,"x\\"y"]}, {}]')).toBeUndefined();
    expect(jsonFaultOffset("[1,]")).toBe(3);
    expect(jsonFaultOffset('{"a" 1}')).toBe(5);
    expect(jsonFaultOffset("[1] x")).toBe(4);
    expect(jsonFaultOffset('["open')).toBe(6);
  });

  it("names every key written twice in a record, by record index and field path, and keeps the records", () => {
    const result = readSeedText(
      "s/c.json",
      '[\n{"id":"b1","name":"Alpha","name":"Beta"},\n{"id":"b2","health":{"up":1,"up":2}},\n{"id":"b3","name":"x"}\n]',
    );
    expect(result.problems).toEqual([
      {
        file: "s/c.json",
        record: "record 0",
        field: "name",
        message: 'The key "name" appears twice in the record (JSON keeps only the last; remove one)',
      },
      {
        file: "s/c.json",
        record: "record 1",
        field: "health.up",
        message: 'The key "up" appears twice in health (JSON keeps only the last; remove one)',
      },
    ]);
    expect(result.records.map((record) => record.location)).toEqual(["record 0", "record 1", "record 2"]);
  });

  it("refuses a document that is not an array, saying what it is", () => {
    expect(readSeedText("s/c.json", '{"a":1}').problems).toEqual([
      { file: "s/c.json", message: "Expected a JSON array of records, found an object" },
    ]);
    expect(readSeedText("s/c.json", '"DE"').problems[0]?.message).toBe(
      "Expected a JSON array of records, found a string",
    );
    expect(readSeedText("s/c.json", "42").problems[0]?.message).toBe(
      "Expected a JSON array of records, found a number",
    );
    expect(readSeedText("s/c.json", "null").problems[0]?.message).toBe("Expected a JSON array of records, found null");
  });

  it("names the member of an envelope saved as a seed file, where one member holds an array", () => {
    expect(readSeedText("s/countries.json", '{"countries":[{"code":"DE"}]}').problems).toEqual([
      {
        file: "s/countries.json",
        message:
          'Expected a JSON array of records, found an object whose member "countries" holds an array: write that array alone as the file\'s content',
      },
    ]);
    expect(
      readSeedText("s/countries.json", '{"meta":{"total":1},"data":[{"code":"DE"}]}').problems[0]?.message,
    ).toContain('member "data" holds an array');
    // Two arrays: which one is meant cannot be told.
    expect(readSeedText("s/countries.json", '{"a":[],"b":[]}').problems[0]?.message).toBe(
      "Expected a JSON array of records, found an object",
    );
  });

  it.each([[""], ["  \n\n"]])("reports a file of only whitespace (%j) as having no records", (text) => {
    expect(readSeedText("s/c.json", text)).toEqual({
      records: [],
      problems: [{ file: "s/c.json", message: "The file has no records" }],
    });
  });
});
