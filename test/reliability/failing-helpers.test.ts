/**
 * A build whose helper fails, through the real CLI as a child process over a previous dist/: a file the
 * emit threads cannot write (a full disk, a refused permission), an emit thread that dies, the lock file
 * that cannot be written, the chart renderer failing or printing garbage, the downloads' gzip failing.
 * Each ends promptly with exit code 1 and one message naming what failed (no stack trace, no warning of
 * an unhandled rejection), the previous dist/ byte-identical, and nothing left beside it. The faults
 * are injected by a preloaded module (failing-helpers.mjs); the build's code is untouched.
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { SEEDS_MIN } from "../fixtures/seeds-invalid.ts";
import { hashTree } from "../fixtures/tree-hash.ts";
import { copySeedsMinBuild } from "../helpers/seeds-min-build.ts";
import { BUILD_SCRIPT, prepareBuildScript } from "./build-cli.ts";

const PRELOAD = path.resolve("test/reliability/failing-helpers.mjs");

/** Each case: the fault (environment of failing-helpers.mjs) and the whole message, all that is printed before "Nothing was written". */
const CASES: [string, Record<string, string>, RegExp][] = [
  [
    "a full disk under a response",
    { FAIL_WRITE: "ENOSPC:responses/api/dataset/v1/brands/index.json" },
    /^Could not write responses\/api\/dataset\/v1\/brands\/index\.json into \S+\/\.dist-tmp-dist-\w+: ENOSPC: no space left on device, write$/,
  ],
  [
    "a refused permission on a compressed variant",
    { FAIL_WRITE: "EACCES:.br" },
    /^Could not write \S+\.br into \S+: EACCES: /,
  ],
  [
    "an emit thread that dies",
    { FAIL_WRITE: "EXIT:responses/api/dataset/v1/brands/index.json" },
    /^Error: Internal error: an emit thread failed: it exited with code 7$/,
  ],
  [
    "a full disk under the lock file",
    { FAIL_WRITE: "ENOSPC:.dist-lock-" },
    /^Error: Could not write the build lock \S+\/\.dist-lock-dist\n {2}1\. caused by Error: ENOSPC: no space left on device, write$/,
  ],
  [
    "the chart renderer exiting with code 3",
    { FAIL_RENDERER: "process.stderr.write('vega: no such mark\\n'); process.exit(3)" },
    /^Error: Internal error: the chart renderer failed \(exit code 3\): vega: no such mark$/,
  ],
  [
    "the chart renderer printing no JSON",
    { FAIL_RENDERER: "process.stdin.resume(); process.stdin.on('end', () => process.stdout.write('<svg>'))" },
    /^Error: Internal error: the chart renderer printed no JSON: "<svg>"$/,
  ],
  [
    "the downloads' gzip failing",
    { FAIL_GZIP: "zlib: out of memory" },
    /^Error: Internal error: the download downloads\/\w+\.ndjson\.gz could not be made\n {2}1\. caused by Error: zlib: out of memory$/,
  ],
];

/** Runs the build CLI to its end with the preload and `env`; resolves with its exit code and error output. */
function build(out: string, env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const args = [
    "--import",
    PRELOAD,
    BUILD_SCRIPT,
    "--seeds",
    SEEDS_MIN,
    "--out",
    out,
    "--base-url",
    "https://other.example.com",
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      stdio: ["ignore", "ignore", "pipe"],
      env: { ...process.env, ...env },
    });
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (text: string) => (stderr += text));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stderr }));
  });
}

let root: string;
let before: Record<string, string>;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "failing-helpers-"));
  // Each case builds over a copy of seeds-min as the global setup built it (base URL https://data.example.com).
  before = await hashTree(inject("seedsMinDist"));
  prepareBuildScript();
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("a build whose helper fails, over a previous dist/", () => {
  // Child processes at once; each takes 1 to 3 s alone, longer on a busy machine.
  it.concurrent.for(CASES)(
    "%s: exit 1, one message naming it, the previous dist/ byte-identical, nothing left beside it",
    { timeout: 120_000 },
    async ([name, env, message], { expect }) => {
      const dist = path.join(root, name.replace(/\W+/g, "-"), "dist");
      await copySeedsMinBuild(dist);
      const result = await build(dist, env);
      expect(result.code).toBe(1);
      // One message and the closing line: no stack trace, no warning (of an unhandled rejection, say) around them.
      const closing = "\nNothing was written; the previous output is unchanged.\n";
      expect(result.stderr.endsWith(closing)).toBe(true);
      expect(result.stderr.slice(0, -closing.length)).toMatch(message);
      expect(await hashTree(dist)).toEqual(before);
      expect(await readdir(path.dirname(dist))).toEqual(["dist"]);
      // A hang would meet the test's timeout: no duration is asserted (the machine is shared and noisy).
    },
  );
});

describe("a build that fails while its chart renderer is stuck", () => {
  it("exits with its message at once, and the renderer goes with it (not waited for up to its 120 s, nor left running)", {
    timeout: 100_000,
  }, async () => {
    const dist = path.join(root, "stuck-renderer", "dist");
    await copySeedsMinBuild(dist);
    // The marker names this run's renderer among the machine's processes.
    const marker = `stuck-renderer-${process.pid}-${Date.now()}`;
    const result = await build(dist, {
      FAIL_WRITE: "ENOSPC:responses/api/dataset/v1/brands/index.json",
      FAIL_RENDERER: `/* ${marker} */ setInterval(() => {}, 1000);`,
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^Could not write responses\/api\/dataset\/v1\/brands\/index\.json into /);
    expect(await hashTree(dist)).toEqual(before);
    await new Promise((resolve) => setTimeout(resolve, 500)); // a renderer killed at exit is gone by then
    expect(execFileSync("ps", ["-eo", "args"], { encoding: "utf8" })).not.toContain(marker);
  });
});
