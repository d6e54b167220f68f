import { createHash } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compareTrees, describeTree, goldenText, type GoldenTree } from "./golden-tree.ts";

let dir: string;
let golden: GoldenTree;
const DOWNLOAD = gzipSync('{"a":1}\n', { level: 6 });

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "golden-tree-"));
  await writeFile(path.join(dir, "page.html"), "<p>hello</p>\n");
  await writeFile(path.join(dir, "page.html.gz"), gzipSync("<p>hello</p>\n"));
  await writeFile(path.join(dir, "data.ndjson.gz"), DOWNLOAD);
  await writeFile(
    path.join(dir, "llms.txt"),
    `data.ndjson.gz sha256 ${createHash("sha256").update(DOWNLOAD).digest("hex")}\n`,
  );
  golden = await describeTree(dir);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The golden copy with one file's entry changed. */
const withEntry = (file: string, change: object): GoldenTree => ({
  ...golden,
  files: { ...golden.files, [file]: { ...golden.files[file]!, ...change } },
});

describe("describeTree", () => {
  it("records each file's sha-256 and length, a compressed file's decoded bytes, and which files quote compressed bytes", () => {
    expect(golden.files["page.html"]).toEqual({ sha256: expect.stringMatching(/^[0-9a-f]{64}$/), bytes: 13 });
    expect(golden.files["page.html.gz"]?.decoded).toEqual(golden.files["page.html"]);
    expect(golden.files["llms.txt"]?.quotesCompressed).toBe(true);
    expect(golden.files["page.html"]?.quotesCompressed).toBeUndefined();
  });
});

describe("goldenText", () => {
  it("writes the JSON of the tree, one line per file", () => {
    const text = goldenText(golden);
    expect(JSON.parse(text)).toEqual(golden);
    expect(text.split("\n").filter((line) => line.startsWith('    "'))).toHaveLength(Object.keys(golden.files).length);
  });
});

describe("compareTrees", () => {
  it("finds nothing between a tree and its own description", () => {
    expect(compareTrees(golden, golden)).toEqual({ differ: [], skipped: [] });
  });

  it("names a changed, a missing and a new file", () => {
    const changed = withEntry("page.html", { sha256: "0".repeat(64), bytes: 99 });
    const rest = { ...golden.files };
    delete rest["llms.txt"];
    expect(compareTrees(golden, changed).differ).toEqual([
      expect.stringMatching(/^page\.html: 13 bytes, sha-256 \w{12}…, golden 99 bytes/),
    ]);
    expect(compareTrees({ ...golden, files: rest }, golden).differ).toEqual(["llms.txt: missing from the build"]);
    expect(compareTrees(golden, { ...golden, files: rest }).differ).toEqual(["llms.txt: new, not in the golden copy"]);
  });

  it("with another compressor, compares compressed files by their decoded bytes and skips the files quoting them", () => {
    // The golden's gzip made other bytes of the same content: as on a machine with another zlib.
    const otherGzip = withEntry("data.ndjson.gz", { sha256: "1".repeat(64) });
    expect(compareTrees(golden, otherGzip)).toEqual({ differ: [], skipped: ["llms.txt"] });
    const otherContent = withEntry("data.ndjson.gz", {
      sha256: "1".repeat(64),
      decoded: { sha256: "2".repeat(64), bytes: 8 },
    });
    expect(compareTrees(golden, otherContent).differ).toEqual([expect.stringMatching(/^data\.ndjson\.gz: decoded /)]);
  });
});
