import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { runBuild } from "../../build/run-build.ts";
import { SEEDS_MIN } from "../fixtures/seeds-invalid.ts";
import { hashTree } from "../fixtures/tree-hash.ts";
import { copySeedsMinBuild } from "../helpers/seeds-min-build.ts";

// A site file whose bytes fail, at once or late (while responses are being written into the staging folder).
const failing = vi.hoisted(() => ({ on: false, afterMs: 0 }));
vi.mock("../../build/publish/llms-txt.ts", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../build/publish/llms-txt.ts")>();
  return {
    ...original,
    llmsTxtProducer: (context: Parameters<typeof original.llmsTxtProducer>[0]) => {
      if (!failing.on) return original.llmsTxtProducer(context);
      return [
        {
          urlPath: "/llms.txt",
          file: "llms.txt",
          contentType: "text/plain",
          body: new Promise((_, reject) =>
            setTimeout(() => reject(new Error("llms.txt could not be made")), failing.afterMs),
          ),
        },
      ];
    },
  };
});

let parent: string;
beforeAll(async () => {
  parent = await mkdtemp(path.join(os.tmpdir(), "failed-build-"));
});
afterAll(async () => {
  await rm(parent, { recursive: true, force: true });
});

describe("a build that fails after it started writing", () => {
  it.each([0, 200])(
    "a page failing after %i ms: rejects with the error, leaves the previous dist/ byte-identical and no staging folder",
    async (afterMs) => {
      const out = path.join(parent, "dist");
      failing.afterMs = afterMs;
      const options = {
        seedsDir: SEEDS_MIN,
        outDir: out,
        baseUrl: "https://data.example.com",
        maxFiles: 20_000,
        dryRun: false,
      };
      // The previous output and its report: a copy of the global setup's seeds-min build, made with these options.
      await copySeedsMinBuild(out, { withReport: true });
      const before = await hashTree(out);
      failing.on = true;
      try {
        await expect(runBuild({ ...options, baseUrl: "https://other.example.com" })).rejects.toThrow(
          "llms.txt could not be made",
        );
      } finally {
        failing.on = false;
      }
      expect(await hashTree(out)).toEqual(before);
      // The first build's report stays beside it (#26); no staging folder does.
      expect(await readdir(parent)).toEqual(["build-report.json", "dist"]);
      await rm(out, { recursive: true });
    },
  );
});
