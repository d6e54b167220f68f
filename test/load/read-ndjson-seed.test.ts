import { describe, expect, it } from "vitest";
import { readSeedText } from "../../build/load/read-seed-file.ts";
import { MAX_LINE_BYTES } from "../../build/load/read-result.ts";

describe("readSeedText: NDJSON", () => {
  it("reads one record per line, skips blank lines and CRLF endings, and locates by 1-based line", () => {
    const result = readSeedText("s/b.ndjson", '{"a":1}\r\n\n{"a":2}\n');
    expect(result).toEqual({
      records: [
        { location: "line 1", value: { a: 1 } },
        { location: "line 3", value: { a: 2 } },
      ],
      problems: [],
    });
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

  it.each([
    [
      "joined without a line break",
      '{"a":1}{"a":2}\n',
      "two records on one line (files joined, the first without a line break at its end?): put each on a line of its own",
    ],
    [
      "split by bare carriage returns",
      '{"a":1}\r{"a":2}\r{"a":3}\r',
      "records split by a bare carriage return (\\r, old Mac line ends): .ndjson lines end in \\n or \\r\\n",
    ],
  ])("says why records %s are one line", (_case, text, message) => {
    expect(readSeedText("s/b.ndjson", text).problems).toEqual([
      { file: "s/b.ndjson", record: "line 1", message: `Malformed JSON: ${message}` },
    ]);
  });

  it("reports a record pretty-printed over several lines once, and reads the lines after it", () => {
    const text = '{"a":1}\n{\n  "a": 2,\n  "b": {\n    "c": 3\n  }\n}\r\n{"a":4}\n  {\n    "a": 5\n  },\n';
    expect(readSeedText("s/b.ndjson", text)).toEqual({
      records: [
        { location: "line 1", value: { a: 1 } },
        { location: "line 8", value: { a: 4 } },
      ],
      problems: [
        {
          file: "s/b.ndjson",
          record: "line 2",
          message:
            "A record written over lines 2–7: an .ndjson file holds each record on one line (write it on one line, e.g. with jq -c)",
        },
        {
          file: "s/b.ndjson",
          record: "line 9",
          message:
            "A record written over lines 9–11: an .ndjson file holds each record on one line (write it on one line, e.g. with jq -c)",
        },
      ],
    });
    // Lines that make no object between them are each malformed, as before.
    expect(readSeedText("s/b.ndjson", '{\n  "a": \n}\n').problems.map((problem) => problem.record)).toEqual([
      "line 1",
      "line 2",
      "line 3",
    ]);
  });

  it("reports a pretty-printed JSON array saved as .ndjson once, not once per line", () => {
    expect(readSeedText("s/b.ndjson", '\n[\n  {"a": 1},\n  {"a": 2}\n]\n').problems).toEqual([
      {
        file: "s/b.ndjson",
        record: "line 2",
        message:
          "A JSON array: an .ndjson file holds one record per line (name the file .json, or write one record per line)",
      },
    ]);
  });

  it("names every key written twice in a line, by line and field path, and keeps the records", () => {
    const result = readSeedText(
      "s/b.ndjson",
      '{"a":1}\n{"id":"b1","name":"Alpha","name":"Beta"}\n\n{"apps":[{"os":"ios","os":"android"}],"id":1,"id":2}\n',
    );
    expect(result.problems).toEqual([
      {
        file: "s/b.ndjson",
        record: "line 2",
        field: "name",
        message: 'The key "name" appears twice in the record (JSON keeps only the last; remove one)',
      },
      {
        file: "s/b.ndjson",
        record: "line 4",
        field: "apps[0].os",
        message: 'The key "os" appears twice in apps[0] (JSON keeps only the last; remove one)',
      },
      {
        file: "s/b.ndjson",
        record: "line 4",
        field: "id",
        message: 'The key "id" appears twice in the record (JSON keeps only the last; remove one)',
      },
    ]);
    expect(result.records.map((record) => record.location)).toEqual(["line 1", "line 2", "line 4"]);
  });

  it("reads a line of exactly the maximum length", () => {
    const line = `"${"x".repeat(MAX_LINE_BYTES - 2)}"`;
    expect(readSeedText("s/b.ndjson", `${line}\n`)).toMatchObject({ records: [{ location: "line 1" }], problems: [] });
  });

  it("refuses a gigantic line without parsing it, and still reads the others", () => {
    const huge = `{"a":"${"x".repeat(MAX_LINE_BYTES + 10)}"}`;
    const result = readSeedText("s/b.ndjson", `{"a":1}\n${huge}\n{"a":3}\n`);
    expect(result.problems).toEqual([
      { file: "s/b.ndjson", record: "line 2", message: `The line is over ${MAX_LINE_BYTES} characters` },
    ]);
    expect(result.records.map((record) => record.location)).toEqual(["line 1", "line 3"]);
  });
});
