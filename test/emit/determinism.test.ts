import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { runBuild } from "../../build/run-build.ts";
import { SAMPLE_BASE_URL } from "../helpers/global-setup.ts";
import { SEEDS_MIN } from "../fixtures/seeds-invalid.ts";
import { hashTree, treeDifferences } from "../fixtures/tree-hash.ts";
import { compareTrees, describeTree, writeGolden, type GoldenTree } from "../helpers/golden-tree.ts";

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "determinism-"));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const build = (seedsDir: string, outDir: string, baseUrl = SAMPLE_BASE_URL) =>
  runBuild({ seedsDir, outDir, baseUrl, maxFiles: 20_000, dryRun: false });

/** seeds-min built once for the file: the determinism check builds it a second time, the golden check reads it. */
let minBuild: Promise<string> | undefined;
const builtMin = (): Promise<string> => {
  const outDir = path.join(root, "min-1");
  minBuild ??= build(SEEDS_MIN, outDir).then(() => outDir);
  return minBuild;
};

const GOLDEN_JSON = "test/golden/seeds-min.json";
const GOLDEN_FULL = "test/golden/seeds-min";
/** Small files kept in full beside the digests, so that a change to them reads as a diff. */
const GOLDEN_IN_FULL = [
  "responses/api/dataset/v1/index.json",
  "responses/api/dataset/v1/brands/index.json",
  "responses/api/dataset/v1/brands/alpha-casino/index.json",
  "responses/resume/api/v1/stats/index.json",
  "_redirects",
];
const GOLDEN_ABOUT = `The tree that \`npm run build -- --seeds test/fixtures/seeds-min --base-url ${SAMPLE_BASE_URL} --max-files 20000\` writes, file by file (test/emit/determinism.test.ts). Refresh it with UPDATE_GOLDEN=1 npx vitest run test/emit/determinism.test.ts, and review the diff like code.`;

describe("the build is deterministic", () => {
  it("builds seeds-min twice into byte-identical trees (same file list, same sha-256 of every file)", async () => {
    const first = await builtMin();
    const second = path.join(root, "min-2");
    await build(SEEDS_MIN, second);
    const a = await hashTree(first);
    const b = await hashTree(second);
    expect(Object.keys(a).length).toBeGreaterThan(20);
    expect(Object.keys(b)).toEqual(Object.keys(a));
    expect(b).toEqual(a);
  });

  it("builds seeds-min into the golden tree, file by file (test/golden/; UPDATE_GOLDEN=1 refreshes it)", async () => {
    const dir = await builtMin();
    const built = { ...(await describeTree(dir)), about: GOLDEN_ABOUT };
    if (process.env.UPDATE_GOLDEN === "1") await writeGolden(dir, built, GOLDEN_JSON, GOLDEN_FULL, GOLDEN_IN_FULL);
    expect(
      existsSync(GOLDEN_JSON),
      `${GOLDEN_JSON} is missing: write it with UPDATE_GOLDEN=1 npx vitest run test/emit/determinism.test.ts`,
    ).toBe(true);
    const golden = JSON.parse(await readFile(GOLDEN_JSON, "utf8")) as GoldenTree;
    expect(Object.keys(golden.files).length).toBeGreaterThan(200);
    const { differ, skipped } = compareTrees(built, golden);
    const refresh =
      "if the change is intended, refresh with UPDATE_GOLDEN=1 npx vitest run test/emit/determinism.test.ts and review the diff";
    expect(differ, `files that differ from the golden copy (${refresh})`).toEqual([]);
    // Another compressor (Node version, or a CPU without CRC32C): only the files quoting compressed bytes are left out.
    expect(skipped.every((file) => golden.files[file]?.quotesCompressed === true)).toBe(true);
    for (const file of GOLDEN_IN_FULL)
      expect(await readFile(path.join(dir, file), "utf8"), `${file} (${refresh})`).toBe(
        await readFile(path.join(GOLDEN_FULL, file), "utf8"),
      );
  });

  it("builds seeds-min with its base URL spelled in two equal ways (scheme and host case, default port, trailing slash) into the same files", async () => {
    const plain = path.join(root, "url-plain");
    const spelled = path.join(root, "url-spelled");
    await build(SEEDS_MIN, plain, "https://data.example.com/v2");
    await build(SEEDS_MIN, spelled, "HTTPS://Data.Example.COM:443/v2/");
    expect(await hashTree(spelled)).toEqual(await hashTree(plain));
  });

  it("builds the committed sample, in another process than its first build, into the same files byte for byte", async () => {
    const again = path.join(root, "sample");
    await build("seeds", again);
    // Byte for byte rather than by hashes: the same check at a third of the CPU time (32,000 files, issue 29).
    const { files, differ } = treeDifferences(inject("sampleDist"), again);
    expect(files).toBeGreaterThan(1000);
    expect(differ).toEqual([]);
  }, 300_000); // a whole sample build: 12 s of CPU, over 60 s beside the rest of the suite on a busy machine (as the global setup's)
});
