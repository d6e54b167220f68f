/**
 * Bad seeds through the real CLI as a child process: each broken seed set gives a clear error naming
 * file, record and field, a non-zero exit, and leaves the previous dist/ byte-identical. The CLI runs as
 * `npm run build` runs it (build-cli.ts), one case through `npx tsx` as the command was run before the bundle.
 * The corpus: the loader's own broken copies of seeds-min (../fixtures/seeds-invalid.ts) plus
 * ../fixtures/seeds-bad/cases.ts (gigantic lines, wrong types, encodings, truncation).
 */
import { spawn } from "node:child_process";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BAD_SEEDS } from "../fixtures/seeds-bad/cases.ts";
import { copySeeds, INVALID_SEEDS, type InvalidSeedCase } from "../fixtures/seeds-invalid.ts";
import { hashTree } from "../fixtures/tree-hash.ts";
import { copySeedsMinBuild } from "../helpers/seeds-min-build.ts";
import { BUILD_SCRIPT, prepareBuildScript } from "./build-cli.ts";

/** One case per kind of the loader's corpus (the rest of it runs in-process in test/cli.test.ts). */
const FROM_LOADER = [
  "malformed-json-line",
  "malformed-csv",
  "malformed-csv-cell",
  "missing-field",
  "dangling-reference-license-brand",
  "duplicate-key",
  "repeated-json-key",
  "empty-file",
  "wrong-encoding-utf16",
  "wrong-encoding-latin1",
];
const CASES: [string, InvalidSeedCase][] = [
  ...FROM_LOADER.map((name): [string, InvalidSeedCase] => [name, INVALID_SEEDS[name]!]),
  ...Object.entries(BAD_SEEDS),
];

/** Runs a command to its end; resolves with its exit code and output. */
function run(command: string, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (text: string) => (stdout += text));
    child.stderr.setEncoding("utf8").on("data", (text: string) => (stderr += text));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

let root: string;
let previous: string;
let before: Record<string, string>;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "bad-seeds-"));
  previous = path.join(root, "dist");
  // seeds-min built as the global setup built it (base URL https://data.example.com): a copy of that build.
  await copySeedsMinBuild(previous);
  before = await hashTree(previous);
  prepareBuildScript();
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("a broken seed set, built by the real CLI over a previous dist/", () => {
  it("the previous dist/ is a real build", () => {
    expect(Object.keys(before)).toContain("_engine/manifest.json");
    expect(Object.keys(before).length).toBeGreaterThan(100);
  });

  // Five child processes at once: the npx one took 33 s pinned to one busy core, of the default 60 s.
  it.concurrent.for(CASES)(
    "%s: exit 1, the problem named, the previous dist/ byte-identical",
    { timeout: 180_000 },
    async ([name, { mutations, expected }], { expect }) => {
      const copy = await copySeeds(mutations);
      try {
        // One case goes through npx and tsx; the others run `npm run build`'s script (a third of the CPU time).
        const options = ["--seeds", copy.dir, "--out", previous];
        const result =
          name === "gigantic-json-line"
            ? await run("npx", ["tsx", "scripts/build.ts", ...options])
            : await run(process.execPath, [BUILD_SCRIPT, ...options]);
        expect(result.code).toBe(1);
        const location = [expected.file, expected.record, expected.field].filter(Boolean).join(" › ");
        expect(result.stderr).toMatch(/^The seeds have \d+ problem/m);
        expect(result.stderr).not.toContain("SeedValidationError");
        expect(result.stderr).toMatch(
          new RegExp(
            `${location.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}: [^\\n]*${expected.message.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`,
          ),
        );
        expect(result.stderr).toContain("Nothing was written; the previous output is unchanged.");
        expect(result.stderr).not.toMatch(/\n\s+at |node_modules/); // no stack trace
        expect(result.stdout).not.toMatch(/^Wrote /m);
        expect(await hashTree(previous)).toEqual(before);
        expect((await readdir(root)).filter((entry) => entry.startsWith(".dist-"))).toEqual([]);
      } finally {
        await copy.cleanup();
      }
    },
  );
});
