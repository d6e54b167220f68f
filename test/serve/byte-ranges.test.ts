/**
 * Issue 28: the Node host answers Range requests on download files as a CDN does (206, Content-Range,
 * Accept-Ranges, 416), so that DuckDB, pandas and hyparquet read a Parquet file over HTTP by ranges.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { asyncBufferFromUrl, parquetMetadataAsync, parquetReadObjects } from "hyparquet";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { answersRanges } from "../../build/output-format/http-headers.ts";
import { parseRange } from "../../build/serve/byte-ranges.ts";
import { startHost } from "../../build/serve/start-host.ts";

describe("parseRange", () => {
  it.each([
    ["bytes=0-99", 1000, { kind: "range", start: 0, end: 99 }],
    ["bytes=990-", 1000, { kind: "range", start: 990, end: 999 }],
    ["bytes=990-5000", 1000, { kind: "range", start: 990, end: 999 }],
    ["bytes=-8", 1000, { kind: "range", start: 992, end: 999 }],
    ["bytes=-5000", 1000, { kind: "range", start: 0, end: 999 }],
    ["bytes=1000-", 1000, { kind: "unsatisfiable" }],
    ["bytes=-0", 1000, { kind: "unsatisfiable" }],
    ["bytes=5-2", 1000, { kind: "none" }],
    ["bytes=0-1,5-9", 1000, { kind: "none" }],
    ["items=0-9", 1000, { kind: "none" }],
    ["bytes=-", 1000, { kind: "none" }],
  ])("reads %s of a %i-byte file", (header, size, expected) => {
    expect(parseRange(header, size)).toEqual(expected);
  });

  it("applies to the files of the downloads folder, not to its pages", () => {
    expect(answersRanges("downloads/brands.parquet")).toBe(true);
    expect(answersRanges("downloads/2026-11-01/brands.csv")).toBe(true);
    expect(answersRanges("downloads/index.html")).toBe(false);
    expect(answersRanges("index.html")).toBe(false);
  });
});

describe("Range requests through the Node host", () => {
  let host: { url: string; close: (grace: number) => Promise<void> };
  let parquet: Buffer;
  const PARQUET = "/downloads/brands.parquet";
  beforeAll(async () => {
    const dist = inject("sampleDist");
    parquet = await readFile(path.join(dist, PARQUET));
    host = await startHost({ port: 0, host: "127.0.0.1", dist, rateLimit: 0, trustProxy: false });
  });
  afterAll(async () => host.close(0));

  it("answers a whole download with Accept-Ranges, and HEAD with its Content-Length", async () => {
    const got = await fetch(`${host.url}${PARQUET}`);
    expect(got.status).toBe(200);
    expect(got.headers.get("accept-ranges")).toBe("bytes");
    expect(got.headers.get("content-type")).toBe("application/vnd.apache.parquet");
    expect(Buffer.from(await got.arrayBuffer()).equals(parquet)).toBe(true);
    const head = await fetch(`${host.url}${PARQUET}`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(parquet.length));
    expect(head.headers.get("accept-ranges")).toBe("bytes");
  });

  it("answers the footer of a Parquet file with 206 and its Content-Range", async () => {
    const tail = await fetch(`${host.url}${PARQUET}`, { headers: { Range: "bytes=-8" } });
    expect(tail.status).toBe(206);
    expect(tail.headers.get("content-range")).toBe(
      `bytes ${parquet.length - 8}-${parquet.length - 1}/${parquet.length}`,
    );
    expect(tail.headers.get("content-length")).toBe("8");
    const bytes = Buffer.from(await tail.arrayBuffer());
    expect(bytes.subarray(4).toString()).toBe("PAR1");
    // The footer's length, then the footer itself by an explicit range.
    const footerLength = bytes.readUInt32LE(0);
    const start = parquet.length - 8 - footerLength;
    const footer = await fetch(`${host.url}${PARQUET}`, { headers: { Range: `bytes=${start}-${parquet.length - 9}` } });
    expect(footer.status).toBe(206);
    expect(Buffer.from(await footer.arrayBuffer()).equals(parquet.subarray(start, parquet.length - 8))).toBe(true);
  });

  it("lets hyparquet read the file over HTTP by ranges alone, as DuckDB does", async () => {
    const statuses: number[] = [];
    const counting: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if ((init?.method ?? "GET") === "GET") statuses.push(response.status);
      return response;
    };
    const file = await asyncBufferFromUrl({ url: `${host.url}${PARQUET}`, fetch: counting });
    const metadata = await parquetMetadataAsync(file);
    const rows = await parquetReadObjects({ file, metadata, columns: ["slug"] });
    const local = await parquetReadObjects({
      file: parquet.buffer.slice(parquet.byteOffset, parquet.byteOffset + parquet.length) as ArrayBuffer,
      columns: ["slug"],
    });
    expect(rows).toEqual(local);
    expect(rows.length).toBeGreaterThan(100);
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.every((status) => status === 206)).toBe(true);
  });

  it("answers the identity bytes of a compressible download, whatever Accept-Encoding says", async () => {
    const csv = await readFile(path.join(inject("sampleDist"), "downloads/brands.csv"));
    const got = await fetch(`${host.url}/downloads/brands.csv`, {
      headers: { Range: "bytes=0-4", "Accept-Encoding": "br, gzip" },
    });
    expect(got.status).toBe(206);
    expect(got.headers.get("content-encoding")).toBeNull();
    expect(Buffer.from(await got.arrayBuffer()).equals(csv.subarray(0, 5))).toBe(true);
  });

  it("answers 416 with the size for a range past the end, and the whole file for an If-Range of another ETag", async () => {
    const past = await fetch(`${host.url}${PARQUET}`, { headers: { Range: `bytes=${parquet.length}-` } });
    expect(past.status).toBe(416);
    expect(past.headers.get("content-range")).toBe(`bytes */${parquet.length}`);
    expect(((await past.json()) as { error: string }).error).toBe("range_not_satisfiable");
    const stale = await fetch(`${host.url}${PARQUET}`, { headers: { Range: "bytes=0-3", "If-Range": '"old"' } });
    expect(stale.status).toBe(200);
    expect(Number(stale.headers.get("content-length"))).toBe(parquet.length);
    const current = stale.headers.get("etag")!;
    const fresh = await fetch(`${host.url}${PARQUET}`, { headers: { Range: "bytes=0-3", "If-Range": current } });
    expect(fresh.status).toBe(206);
    expect(Buffer.from(await fresh.arrayBuffer()).toString()).toBe("PAR1");
  });

  it("ignores Range on pages", async () => {
    const page = await fetch(`${host.url}/downloads/`, { headers: { Range: "bytes=0-3" } });
    expect(page.status).toBe(200);
    expect(page.headers.get("accept-ranges")).toBeNull();
  });
});
