import { createHash } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import type { OutputFile } from "../../build/emit/plan-outputs.ts";
import { runBuild } from "../../build/run-build.ts";
import { SAMPLE_BASE_URL } from "../helpers/global-setup.ts";
import { SEEDS_MIN } from "../fixtures/seeds-invalid.ts";
import { hashTree } from "../fixtures/tree-hash.ts";

// Writing the sample's ~15,000 files takes most of a build's time; for the sample, the second build's
// planned files are captured in memory and compared with the first build's files on disk.
const capture = vi.hoisted(() => ({ on: false, files: [] as OutputFile[] }));
vi.mock("../../build/emit/write-outputs.ts", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../build/emit/write-outputs.ts")>();
  return {
    ...original,
    writeOutputs: async (...args: Parameters<typeof original.writeOutputs>) => {
      if (!capture.on) return original.writeOutputs(...args);
      capture.files = [...args[1]];
      return 0;
    },
  };
});

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "determinism-"));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const build = (seedsDir: string, outDir: string) => runBuild({ seedsDir, outDir, baseUrl: SAMPLE_BASE_URL, maxFiles: 20_000, dryRun: false });

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

  it("plans the committed sample, in another process than its first build, with the same files byte for byte", async () => {
    capture.on = true;
    try {
      await build("seeds", path.join(root, "sample"));
    } finally {
      capture.on = false;
    }
    const planned = Object.fromEntries(
      capture.files.map((file) => [file.path, createHash("sha256").update(file.body).digest("hex")] as const).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    );
    const built = await hashTree(inject("sampleDist"));
    expect(Object.keys(built).length).toBeGreaterThan(1000);
    expect(Object.keys(planned)).toEqual(Object.keys(built));
    expect(planned).toEqual(built);
  });
});
