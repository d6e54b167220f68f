/**
 * Bad seeds through the build's command line: each broken seed set gives a clear error naming file,
 * record and field, a non-zero exit, and leaves the previous dist/ byte-identical. Two cases run the real
 * process, which proves the wiring (exit code and stderr of the binary): one as `npm run build` runs it
 * (build-cli.ts), one from its TypeScript sources through tsx as the command was run before the bundle
 * (`node --import tsx`, as cli.test.ts starts the seed command: npx and tsx's own launcher, two more node
 * processes around the same loader, added 0.8 s of CPU, issue 29). The others run the
 * same command (createBuildCommand) in this process, its output captured: a child process each cost
 * about 0.5 s of CPU (issue 29). Each in-process run sets process.exitCode, which exit-code.ts puts back
 * after each test.
 * The corpus: the loader's own broken copies of seeds-min (../fixtures/seeds-invalid.ts) plus
 * ../fixtures/seeds-bad/cases.ts (gigantic lines, wrong types, encodings, truncation). The loader's corpus
 * runs in process in test/cli.test.ts, with the same checks (refused-seeds.ts); one case of it runs here
 * as a real process (issue 29: its in-process runs here repeated cli.test.ts's).
 */
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createBuildCommand } from "../../build/cli.ts";
import { BAD_SEEDS } from "../fixtures/seeds-bad/cases.ts";
import { copySeeds, INVALID_SEEDS, type InvalidSeedCase } from "../fixtures/seeds-invalid.ts";
import { hashTree } from "../fixtures/tree-hash.ts";
import { restoreExitCodeAfterEach } from "../helpers/exit-code.ts";
import { copySeedsMinBuild } from "../helpers/seeds-min-build.ts";
import { BUILD_SCRIPT, prepareBuildScript } from "./build-cli.ts";
import { expectRefused, type Outcome } from "./refused-seeds.ts";

/** The loader's case run here, as a real process (all of its corpus runs in process in test/cli.test.ts). */
const FROM_LOADER = "duplicate-key";
const CASES: [string, InvalidSeedCase][] = [[FROM_LOADER, INVALID_SEEDS[FROM_LOADER]!], ...Object.entries(BAD_SEEDS)];

/** The cases run as real processes: tsx for this one, the bundled script for REAL_PROCESS's other. */
const THROUGH_TSX = "gigantic-json-line";
const REAL_PROCESS = new Set([THROUGH_TSX, FROM_LOADER]);

/** Runs a command to its end; resolves with its exit code and output. */
function run(command: string, args: string[]): Promise<Outcome> {
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

/**
 * Runs the build command in this process, as scripts/build.ts runs it, with what it prints captured:
 * console.log's lines through its log, console.error's (where the command prints failures) spied on.
 * The lines are joined as the process's streams would hold them. One at a time: exitCode is process-wide.
 */
async function runInProcess(args: string[]): Promise<Outcome> {
  const log: string[] = [];
  const errors: string[] = [];
  const spy = vi.spyOn(console, "error").mockImplementation((...parts: unknown[]) => void errors.push(parts.join(" ")));
  process.exitCode = undefined;
  try {
    await createBuildCommand((line) => log.push(line)).parseAsync(args, { from: "user" });
    return {
      code: process.exitCode,
      stdout: log.map((line) => `${line}\n`).join(""),
      stderr: errors.map((line) => `${line}\n`).join(""),
    };
  } finally {
    spy.mockRestore();
  }
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
// Each run sets process.exitCode: put back after each test, so the file can share a worker.
restoreExitCodeAfterEach();

describe("a broken seed set, built by the real CLI over a previous dist/", () => {
  it("the previous dist/ is a real build", () => {
    expect(Object.keys(before)).toContain("_engine/manifest.json");
    expect(Object.keys(before).length).toBeGreaterThan(100);
  });

  // The real processes at once: the one through tsx (then npx) took 33 s pinned to one busy core, of the default 60 s.
  it.concurrent.for(CASES.filter(([name]) => REAL_PROCESS.has(name)))(
    "%s: exit 1, the problem named, the previous dist/ byte-identical (real process)",
    { timeout: 180_000 },
    async ([name, { mutations, expected }], { expect }) => {
      const copy = await copySeeds(mutations);
      try {
        // One case goes through tsx; the other runs `npm run build`'s script (about a third of tsx's CPU time).
        const options = ["--seeds", copy.dir, "--out", previous];
        const result =
          name === THROUGH_TSX
            ? await run(process.execPath, ["--import", "tsx", "scripts/build.ts", ...options])
            : await run(process.execPath, [BUILD_SCRIPT, ...options]);
        await expectRefused(expect, result, expected, { dir: previous, tree: before });
      } finally {
        await copy.cleanup();
      }
    },
  );

  it.for(CASES.filter(([name]) => !REAL_PROCESS.has(name)))(
    "%s: exit 1, the problem named, the previous dist/ byte-identical",
    async ([, { mutations, expected }], { expect }) => {
      const copy = await copySeeds(mutations);
      try {
        const result = await runInProcess(["--seeds", copy.dir, "--out", previous]);
        await expectRefused(expect, result, expected, { dir: previous, tree: before });
      } finally {
        await copy.cleanup();
      }
    },
  );
});
