import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { runBuild } from "../../build/run-build.ts";
import { SAMPLE_BASE_URL } from "../helpers/global-setup.ts";
import { SEEDS_MIN } from "../fixtures/seeds-invalid.ts";
import { hashTree } from "../fixtures/tree-hash.ts";

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "determinism-"));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const build = (seedsDir: string, outDir: string, baseUrl = SAMPLE_BASE_URL) => runBuild({ seedsDir, outDir, baseUrl, maxFiles: 20_000, dryRun: false });

describe("the build is deterministic", () => {
  it("builds seeds-min twice into byte-identical trees (same file list, same sha-256 of every file)", async () => {
    const first = path.join(root, "min-1");
    const second = path.join(root, "min-2");
    await build(SEEDS_MIN, first);
    await build(SEEDS_MIN, second);
    const a = await hashTree(first);
    const b = await hashTree(second);
    expect(Object.keys(a).length).toBeGreaterThan(20);
    expect(Object.keys(b)).toEqual(Object.keys(a));
    expect(b).toEqual(a);
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
    const built = await hashTree(inject("sampleDist"));
    expect(Object.keys(built).length).toBeGreaterThan(1000);
    expect(await hashTree(again)).toEqual(built);
  }, 300_000); // a whole sample build: 12 s of CPU, over 60 s beside the rest of the suite on a busy machine (as the global setup's)
});
