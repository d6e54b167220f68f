/**
 * Issue 28: every download also as CSV and Parquet, read back here (csv-parse, hyparquet) and compared
 * with the gzip NDJSON file value by value; the data package lists each format with its size and hash.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { parse } from "csv-parse/sync";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { toCsv } from "../../build/publish/csv-table.ts";
import { parquetTypeOf, toParquet } from "../../build/publish/parquet-table.ts";
import { readTarArchive, tarArchive } from "../../build/publish/tar-archive.ts";
import type { TableField, TableSchema } from "../../build/publish/table-schema.ts";
import { expectToEqual } from "../helpers/expect-equal.ts";
import { parquetRows } from "../query/resumes/dist-text.ts";

interface Format {
  format: string;
  path: string;
  bytes: number;
  hash: string;
  mediatype: string;
}
interface Resource {
  name: string;
  path: string;
  schema?: TableSchema;
  formats: Format[];
}

const DOWNLOADS = () => path.join(inject("sampleDist"), "downloads");
let resources: Resource[];
beforeAll(async () => {
  resources = (
    JSON.parse(await readFile(path.join(DOWNLOADS(), "datapackage.json"), "utf8")) as { resources: Resource[] }
  ).resources;
});

/** A CSV cell read back by the schema's type: empty and unquoted is null, nested fields are JSON text. */
function cellValue(text: string, quoted: boolean, field: TableField): unknown {
  if (text === "" && !quoted) return null;
  if (field.type === "integer" || field.type === "number") return Number(text);
  if (field.type === "boolean") return text === "true";
  if (field.type === "object" || field.type === "array" || field.type === "any") return JSON.parse(text);
  return text;
}

/**
 * Which cells of each record are quoted, for telling an empty text (`""`) from null (nothing): RFC 4180's
 * rule that a quoted cell starts with a quote, in which a quote is written twice. Only the flags come from
 * here; the values are csv-parse's, and both must count the same records and cells. (csv-parse tells the
 * quoting to a `cast` callback, called once per cell with a fresh context object: five times slower than
 * its plain parse on the 500,000 cells of the sample's downloads.)
 */
function quotedCells(text: string): boolean[][] {
  const records: boolean[][] = [];
  let record: boolean[] = [];
  let at = 0;
  while (at < text.length) {
    let end: number;
    if (text[at] === '"') {
      record.push(true);
      end = at + 1;
      for (;;) {
        end = text.indexOf('"', end) + 1;
        if (end === 0) throw new Error(`a quote opened at character ${at} is never closed`);
        if (text[end] !== '"') break;
        end += 1;
      }
    } else {
      record.push(false);
      const comma = text.indexOf(",", at);
      const line = text.indexOf("\r\n", at);
      end = comma === -1 ? (line === -1 ? text.length : line) : line === -1 ? comma : Math.min(comma, line);
    }
    if (text[end] === ",") at = end + 1;
    else {
      records.push(record);
      record = [];
      at = end + 2;
    }
  }
  return records;
}

function readCsv(text: string, schema: TableSchema): Record<string, unknown>[] {
  const rows = parse(text) as string[][];
  const quoted = quotedCells(text);
  expect(quoted.map((cells) => cells.length)).toEqual(rows.map((cells) => cells.length));
  expect(rows[0]).toEqual(schema.fields.map((field) => field.name));
  return rows
    .slice(1)
    .map((row, at) =>
      Object.fromEntries(
        schema.fields.map((field, column) => [field.name, cellValue(row[column]!, quoted[at + 1]![column]!, field)]),
      ),
    );
}

/** An NDJSON record as a flat format holds it: every schema field, absent ones null. */
function asRow(record: Record<string, unknown>, schema: TableSchema): Record<string, unknown> {
  return Object.fromEntries(schema.fields.map((field) => [field.name, record[field.name] ?? null]));
}

/** Each resource's NDJSON records as flat rows, read once for both the CSV and the Parquet comparison. */
const flatRows = new Map<string, Promise<Record<string, unknown>[]>>();

function ndjsonRows(resource: Resource, schema: TableSchema): Promise<Record<string, unknown>[]> {
  let rows = flatRows.get(resource.name);
  if (rows === undefined) {
    rows = readFile(path.join(DOWNLOADS(), resource.path)).then((gzip) =>
      gunzipSync(gzip)
        .toString("utf8")
        .split("\n")
        .filter(Boolean)
        .map((line) => asRow(JSON.parse(line) as Record<string, unknown>, schema)),
    );
    flatRows.set(resource.name, rows);
  }
  return rows;
}

describe("the CSV and Parquet downloads of the sample", () => {
  it("list every format of every resource with the size and SHA-256 of its file", async () => {
    expect(resources.length).toBeGreaterThan(10);
    for (const resource of resources) {
      expect(resource.formats.map((entry) => entry.format)).toEqual(["ndjson", "csv", "parquet"]);
      expect(resource.formats.map((entry) => entry.path)).toEqual([
        `${resource.name}.ndjson.gz`,
        `${resource.name}.csv`,
        `${resource.name}.parquet`,
      ]);
      for (const entry of resource.formats) {
        const bytes = await readFile(path.join(DOWNLOADS(), entry.path));
        expect(entry.bytes, entry.path).toBe(bytes.length);
        expect(entry.hash, entry.path).toBe(`sha256:${createHash("sha256").update(bytes).digest("hex")}`);
      }
    }
  });

  it("hold in CSV the rows and values of the NDJSON file, nested fields as JSON text", async () => {
    for (const resource of resources.filter((entry) => entry.schema !== undefined)) {
      const schema = resource.schema!;
      const csv = await readFile(path.join(DOWNLOADS(), `${resource.name}.csv`), "utf8");
      expectToEqual(readCsv(csv, schema), await ndjsonRows(resource, schema), resource.name);
    }
  });

  it("hold in Parquet the rows and values of the NDJSON file", async () => {
    for (const resource of resources.filter((entry) => entry.schema !== undefined)) {
      const schema = resource.schema!;
      const rows = await parquetRows(await readFile(path.join(DOWNLOADS(), `${resource.name}.parquet`)));
      expectToEqual(rows, await ndjsonRows(resource, schema), resource.name);
    }
  });

  it("state in the Table Schema that nested fields are JSON text in CSV and Parquet", () => {
    const brands = resources.find((entry) => entry.name === "brands")!.schema!;
    const components = brands.fields.find((field) => field.name === "trust_components")!;
    expect(components.type).toBe("object");
    expect(components.description).toContain("JSON text in the CSV and Parquet files");
    expect(brands.fields.find((field) => field.name === "name")!.description ?? "").not.toContain("JSON");
  });
});

describe("quotedCells, this test's reader of the quoting", () => {
  it("flags quoted cells, a doubled quote and a line break inside one included, record by record", () => {
    expect(quotedCells('text,count\r\n"a, ""b""\r\nc",3\r\n"",\r\n')).toEqual([
      [false, false],
      [true, false],
      [true, false],
    ]);
  });
});

describe("toCsv", () => {
  const schema: TableSchema = {
    fields: [
      { name: "text", type: "string" },
      { name: "count", type: "integer" },
      { name: "nested", type: "object" },
      { name: "ok", type: "boolean" },
    ],
  };

  it("quotes what needs quoting, writes null as an empty cell and empty text as two quotes", () => {
    expect(
      toCsv(
        [
          { text: 'a, "b"\nc', count: 3, nested: { x: [1, "y"] }, ok: true },
          { text: "", count: null, ok: false },
        ],
        schema,
      ),
    ).toBe('text,count,nested,ok\r\n"a, ""b""\nc",3,"{""x"":[1,""y""]}",true\r\n"",,,false\r\n');
  });

  it("writes nothing for a table without fields", () => {
    expect(toCsv([], { fields: [] })).toBe("");
  });
});

describe("toParquet", () => {
  it("maps Table Schema types to Parquet types", () => {
    expect(
      (["string", "date", "yearmonth", "integer", "number", "boolean", "object", "array", "any"] as const).map((type) =>
        parquetTypeOf({ type }),
      ),
    ).toEqual(["STRING", "STRING", "STRING", "INT64", "DOUBLE", "BOOLEAN", "JSON", "JSON", "JSON"]);
  });

  it("writes the same bytes twice, and values hyparquet reads back (integers past 2^31 included)", async () => {
    const schema: TableSchema = {
      fields: [
        { name: "id", type: "integer" },
        { name: "tags", type: "array" },
        { name: "score", type: "number" },
      ],
    };
    const records = [
      { id: 5_000_000_000, tags: ["a", "b"], score: 1.5 },
      { id: 2, tags: null, score: null },
    ];
    const bytes = toParquet(records, schema);
    expect(toParquet(records, schema).equals(bytes)).toBe(true);
    expect(bytes.subarray(0, 4).toString()).toBe("PAR1");
    expect(await parquetRows(bytes)).toEqual(records);
  });
});

describe("tarArchive", () => {
  it("writes an archive that GNU tar lists and that reads back to the same files", async () => {
    const files = [
      { name: "a.txt", body: Buffer.from("hello\n") },
      { name: "b.bin", body: Buffer.alloc(1000, 7) },
    ];
    const tar = tarArchive("downloads-2026-11-01", files, 1_793_491_200);
    expect(tar.length % 512).toBe(0);
    expect(readTarArchive(tar).map(({ name, body }) => [name, body.toString("base64")])).toEqual(
      files.map(({ name, body }) => [`downloads-2026-11-01/${name}`, body.toString("base64")]),
    );
    const dir = await mkdtemp(path.join(os.tmpdir(), "tar-"));
    try {
      await writeFile(path.join(dir, "all.tar"), tar);
      const listing = execFileSync("tar", ["-tvf", path.join(dir, "all.tar")], {
        encoding: "utf8",
        env: { TZ: "UTC" },
      });
      expect(listing).toMatch(/0\/0\s+6 2026-11-01 00:00 downloads-2026-11-01\/a\.txt/);
      expect(listing).toMatch(/0\/0\s+1000 2026-11-01 00:00 downloads-2026-11-01\/b\.bin/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
