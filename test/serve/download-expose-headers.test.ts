/**
 * Issue 28: a browser client reading a download by ranges (DuckDB-Wasm, hyparquet in a page) must be
 * allowed by CORS to read `Content-Range`, `Accept-Ranges` and `Content-Length`: the Node host exposes them
 * on every answer of a download file, and the generated Netlify `_headers` does for the CDN.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startHost } from "../../build/serve/start-host.ts";

const CONTRACT_LIST = "ETag, Link, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After, X-Total-Count";
const RANGE_HEADERS = ["Accept-Ranges", "Content-Length", "Content-Range"];
const exposed = (value: string | null | undefined): string[] => (value ?? "").split(/\s*,\s*/);
const PARQUET = "/downloads/brands.parquet";

describe("Access-Control-Expose-Headers of downloads on the Node host", () => {
  let host: { url: string; close: (grace: number) => Promise<void> };
  beforeAll(async () => {
    host = await startHost({ port: 0, host: "127.0.0.1", dist: inject("sampleDist"), rateLimit: 0, trustProxy: false });
  });
  afterAll(async () => host.close(0));

  it.each([
    ["a whole file", "GET", {}, 200],
    ["HEAD", "HEAD", {}, 200],
    ["one range", "GET", { Range: "bytes=0-3" }, 206],
    ["a range past the end", "GET", { Range: "bytes=999999999-" }, 416],
  ])("exposes the range headers and keeps the contract's list on %s", async (_, method, headers, status) => {
    const got = await fetch(`${host.url}${PARQUET}`, { method, headers });
    expect(got.status).toBe(status);
    const list = exposed(got.headers.get("access-control-expose-headers"));
    expect(list).toEqual(expect.arrayContaining([...exposed(CONTRACT_LIST), ...RANGE_HEADERS]));
    await got.arrayBuffer();
  });

  it.each(["/downloads/", "/api/dataset/v1/brands"])("keeps the contract's list alone on %s", async (address) => {
    const got = await fetch(`${host.url}${address}`);
    expect(got.status).toBe(200);
    expect(got.headers.get("access-control-expose-headers")).toBe(CONTRACT_LIST);
    await got.arrayBuffer();
  });
});

describe("Access-Control-Expose-Headers of downloads in the generated _headers", () => {
  /** The header lines of each path block of `_headers`. */
  async function headerBlocks(): Promise<Map<string, Record<string, string>>> {
    const text = await readFile(path.join(inject("sampleDist"), "_headers"), "utf8");
    const blocks = new Map<string, Record<string, string>>();
    let current: Record<string, string> = {};
    for (const line of text.split("\n")) {
      if (line.startsWith("/")) blocks.set(line, (current = {}));
      else if (line.startsWith("  ")) {
        const at = line.indexOf(":");
        current[line.slice(0, at).trim()] = line.slice(at + 1).trim();
      }
    }
    return blocks;
  }

  it("names the range headers for every download file, and only for them", async () => {
    const blocks = await headerBlocks();
    // A download is a file of the downloads folder but a page (`/downloads/dictionary/brands`, `…/index.html`).
    const downloads = [...blocks.keys()].filter(
      (key) => key.startsWith("/downloads/") && /\.[a-z]+$/.test(key) && !key.endsWith(".html"),
    );
    expect(downloads).toEqual(
      expect.arrayContaining([PARQUET, "/downloads/brands.csv", "/downloads/brands.ndjson.gz"]),
    );
    for (const key of downloads) {
      const list = exposed(blocks.get(key)?.["Access-Control-Expose-Headers"]);
      expect(list, key).toEqual(expect.arrayContaining([...exposed(CONTRACT_LIST), ...RANGE_HEADERS]));
    }
    for (const key of ["/downloads", "/downloads/index.html", "/downloads/dictionary/brands", "/llms.txt"])
      expect(blocks.get(key)?.["Access-Control-Expose-Headers"], key).toBe(CONTRACT_LIST);
  });
});
