/**
 * `npm run query`'s script (scripts/query.mjs): the query command line from an esbuild bundle of its
 * sources (scripts/run-bundled.mjs), printing what the same command run from its sources prints, with
 * the same exit status. The sources' run is the command in this process (createQueryCommand, which
 * scripts/query.ts runs), not a second child through tsx (issue 29). Both ask the run's seeds-min build
 * (global setup), which each run loads in a fraction of the sample's time.
 */
import { spawnSync, type SpawnSyncReturns } from "node:child_process";
import { readFile, rm } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createQueryCommand } from "../../build/serve/query-command.ts";
import { restoreExitCodeAfterEach } from "../helpers/exit-code.ts";

// Inside the project: the bundle finds its packages from its own folder up.
const bundleDir = path.resolve("node_modules", ".cache", `query-script-test-${process.pid}`);
let dist: string;

beforeAll(async () => {
  dist = inject("seedsMinDist");
  await rm(bundleDir, { recursive: true, force: true });
});
afterAll(async () => {
  await rm(bundleDir, { recursive: true, force: true });
});

// The query run in process sets the exit status: each test's goes after it.
restoreExitCodeAfterEach();

/** Runs node with `args`; a run repeated with the same arguments is the first one's result (it prints the same). */
const runs = new Map<string, SpawnSyncReturns<string>>();
function run(args: readonly string[]): SpawnSyncReturns<string> {
  const key = JSON.stringify(args);
  let result = runs.get(key);
  if (result === undefined) {
    result = spawnSync(process.execPath, args, {
      encoding: "utf8",
      env: { ...process.env, BUNDLE_CACHE_DIR: bundleDir },
    });
    runs.set(key, result);
  }
  return result;
}

/** The query command of scripts/query.ts run in this process: what it prints on stdout and stderr, and its exit status. */
async function runFromSources(args: readonly string[]): Promise<{ stdout: string; stderr: string; status: number }> {
  const stdout: Buffer[] = [];
  let stderr = "";
  process.exitCode = undefined;
  await createQueryCommand({
    line: (text) => void stdout.push(Buffer.from(`${text}\n`)),
    write: (chunk) => void stdout.push(Buffer.from(chunk)),
    error: (text) => void (stderr += `${text}\n`),
  }).parseAsync(args, { from: "user" });
  const status = Number(process.exitCode ?? 0);
  process.exitCode = undefined;
  return { stdout: Buffer.concat(stdout).toString("utf8"), stderr, status };
}

describe("scripts/query.mjs", () => {
  it("is what npm run query runs", async () => {
    const manifest = JSON.parse(await readFile("package.json", "utf8")) as { scripts: Record<string, string> };
    expect(manifest.scripts.query).toBe("node scripts/query.mjs");
  });

  it.each([
    ["a precomputed page", ["/api/dataset/v1/brands?per_page=2"], 0],
    ["an answer made on the fly, with its headers", ["--headers", "/resume/api/v1/resumes?q=seo&per_page=3"], 0],
    ["an NDJSON export", ["/resume/api/v1/resumes/export?role=seo&per_page=2"], 0],
    ["an unknown brand (404)", ["/api/dataset/v1/brands/no-such-brand"], 1],
    ["a bad parameter (400)", ["--headers", "/api/dataset/v1/brands?per_page=1000"], 1],
  ])("prints %s as the query run from its sources does, with the same exit status", async (_case, args, status) => {
    const bundled = run(["scripts/query.mjs", "--dist", dist, ...args]);
    const fromSources = await runFromSources(["--dist", dist, ...args]);
    expect(bundled.stderr).toBe("");
    expect(bundled.status).toBe(status);
    expect(bundled.stdout.length).toBeGreaterThan(40);
    expect(bundled.stdout).toBe(fromSources.stdout);
    expect(fromSources.status).toBe(status);
  });

  it("prints the status line and headers before the body with --headers", () => {
    const bad = run(["scripts/query.mjs", "--dist", dist, "--headers", "/api/dataset/v1/brands?per_page=1000"]);
    const [statusLine, ...rest] = bad.stdout.split("\n");
    expect(statusLine).toBe("HTTP/1.1 400 Bad Request");
    expect(rest).toContain("Content-Type: application/json; charset=utf-8");
    const body = rest.slice(rest.indexOf("") + 1).join("\n");
    expect(JSON.parse(body)).toMatchObject({ error: "invalid_parameter", status: 400 });
    expect(
      run(["scripts/query.mjs", "--dist", dist, "--headers", "/api/dataset/v1/countries"]).stdout.split("\n")[0],
    ).toBe("HTTP/1.1 200 OK");
  });

  it("runs from a bundle it records, made from the query's sources", async () => {
    expect(run(["scripts/query.mjs", "--dist", dist, "/api/dataset/v1/countries"]).status).toBe(0);
    const record = JSON.parse(await readFile(path.join(bundleDir, "query-bundle.json"), "utf8")) as {
      entry: string;
      bundle: string;
      inputs: Record<string, string>;
    };
    expect(record.entry).toBe("scripts/query.ts");
    expect(record.bundle).toMatch(/^query-[0-9a-f]{16}\.mjs$/);
    expect(Object.keys(record.inputs)).toEqual(
      expect.arrayContaining(["scripts/query.ts", "build/serve/handle-request.ts", "build/serve/load-host.ts"]),
    );
  });

  it("refuses a missing dist folder as the run from its sources does: exit 1, one message, no stack trace", async () => {
    const missing = path.join(dist, "no-such-folder");
    const bundled = run(["scripts/query.mjs", "--dist", missing, "/api/dataset/v1/"]);
    expect(bundled.status).toBe(1);
    expect(bundled.stderr).not.toBe("");
    expect(bundled.stderr).not.toMatch(/\n\s+at /);
    expect(bundled.stderr).toBe((await runFromSources(["--dist", missing, "/api/dataset/v1/"])).stderr);
  });
});
