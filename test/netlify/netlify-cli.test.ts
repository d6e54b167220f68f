/**
 * Smoke test: the sample build served by the Netlify CLI itself (`netlify dev --offline`, edge functions
 * off, every server bound to 127.0.0.1), one URL of each kind. The CLI (26.x, the last line for Node 20)
 * is installed outside the project's package.json, from its own manifest and lock (test/netlify/cli), into
 * node_modules/.cache/netlify-cli (or NETLIFY_CLI_CACHE), once per version of the lock; where it cannot be
 * installed or started, each test fails with the reason.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ENDPOINTS } from "../../build/query/endpoints.ts";
import { handleRequest } from "../../build/serve/handle-request.ts";
import { EMPTY_STORE } from "../../build/serve/precomputed-store.ts";
import { sampleContext } from "../helpers/sample-host.ts";

/** netlify-cli 26.2.0 and its whole tree, locked: a fresh resolve would pull packages that need Node 22. */
const LOCKED = path.resolve("test/netlify/cli");
const CACHE = path.resolve(process.env.NETLIFY_CLI_CACHE ?? "node_modules/.cache/netlify-cli");
const CLI_BIN = path.join(CACHE, "node_modules/netlify-cli/bin/run.js");
/** A copy of the lock the cache was installed from, written once `npm ci` succeeded. */
const INSTALLED_LOCK = path.join(CACHE, "installed-package-lock.json");
/** How long `netlify dev` may take to say it is ready (about 70 s here once, on a busy machine). */
const START_MS = 300_000;

let cli: ChildProcess | undefined;
let site: string | undefined;
let base = "";
let unavailable: string | undefined;

/** Installs the locked CLI into the cache folder unless that lock is installed there; returns why it cannot be had, if so. */
function installCli(): string | undefined {
  const lock = readFileSync(path.join(LOCKED, "package-lock.json"));
  if (existsSync(CLI_BIN) && existsSync(INSTALLED_LOCK) && readFileSync(INSTALLED_LOCK).equals(lock)) return undefined;
  // Removed first, so an install that fails halfway is never taken for the locked one.
  rmSync(INSTALLED_LOCK, { force: true });
  mkdirSync(CACHE, { recursive: true });
  for (const file of ["package.json", "package-lock.json"]) cpSync(path.join(LOCKED, file), path.join(CACHE, file));
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  // About 1,100 packages, 345 MB: 95 s here once, 290 s once on a busy machine, so far more than that before calling it a failure.
  // npm runs none of the tree's install scripts (none is allowed): the CLI needs none (its postinstall only prints a
  // welcome and sets up shell completion; esbuild's and sharp's check binaries that their platform packages supply).
  const result = spawnSync(npm, ["ci", "--prefix", CACHE, "--no-audit", "--no-fund"], {
    encoding: "utf8",
    timeout: 900_000,
  });
  if (result.status !== 0 || !existsSync(CLI_BIN))
    return `npm ci could not install netlify-cli from test/netlify/cli/package-lock.json: ${(result.stderr || String(result.error)).trim().split("\n").slice(-3).join(" ")}`;
  cpSync(path.join(LOCKED, "package-lock.json"), INSTALLED_LOCK);
  return undefined;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/** A throwaway project folder: the config and code copied, dependencies and the sample build linked. */
function makeSite(dist: string): string {
  const root = mkdtempSync(path.join(os.tmpdir(), "netlify-site-"));
  for (const file of ["netlify.toml", "package.json"]) cpSync(file, path.join(root, file));
  for (const dir of ["build", "scripts"]) cpSync(dir, path.join(root, dir), { recursive: true });
  symlinkSync(path.resolve("node_modules"), path.join(root, "node_modules"));
  symlinkSync(dist, path.join(root, "dist"));
  return root;
}

/** Starts `netlify dev` and resolves when it says it is ready (or rejects with its output). */
function startCli(root: string, port: number): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [
      CLI_BIN,
      "dev",
      "--offline",
      "--no-open",
      "--skip-gitignore",
      "--internal-disable-edge-functions",
      "--port",
      String(port),
      "--dir",
      "dist",
    ],
    {
      cwd: root,
      detached: true,
      env: {
        ...process.env,
        NODE_OPTIONS: `--import ${path.resolve("test/netlify/loopback-only.mjs")}`,
        BROWSER: "none",
        NETLIFY_TELEMETRY_DISABLED: "1",
        CI: "true",
      },
    },
  );
  let output = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      // Not handed to the caller, so stopped here: a CLI still starting would outlive the test run.
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        // already gone
      }
      reject(new Error(`netlify dev did not start in ${START_MS / 1000} s:\n${output.slice(-2000)}`));
    }, START_MS);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/Local dev server ready/.test(output)) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`netlify dev exited with ${code}:\n${output.slice(-2000)}`));
    });
  });
}

beforeAll(
  async () => {
    unavailable = installCli();
    if (unavailable !== undefined) return;
    site = makeSite(inject("sampleDist"));
    const port = await freePort();
    try {
      cli = await startCli(site, port);
      base = `http://127.0.0.1:${port}`;
    } catch (error) {
      unavailable = `netlify dev could not be started: ${String(error).slice(0, 1500)}`;
    }
  },
  900_000 + START_MS + 60_000,
);

afterAll(() => {
  if (cli?.pid !== undefined) process.kill(-cli.pid, "SIGTERM"); // the CLI's process group: its servers too
  if (site !== undefined) rmSync(site, { recursive: true, force: true });
});

describe("the sample build on `netlify dev --offline`", () => {
  it.for([
    ["a static card", "/api/dataset/v1/brands/", "brand"],
    ["a precomputed list page", "/api/dataset/v1/brands?page=2", "list"],
    ["a fallback with q (the function)", "/api/dataset/v1/brands?q=bet&page=1", "function"],
    ["an export (the function, streamed)", "/resume/api/v1/resumes/export?per_page=3", "function"],
    ["an unknown slug (the function)", "/api/dataset/v1/games/no-such-game", "function"],
  ] as const)("answers %s as the engine does: %s", async ([, url, kind]) => {
    // The registry is reachable wherever this suite runs: a CLI that cannot be installed or started is a failure, not a skip.
    if (unavailable !== undefined) throw new Error(unavailable);
    const { context: engineContext } = await sampleContext();
    const target = kind === "brand" ? `${url}${engineContext.dataset.brands[0]!.slug}` : url;
    const response = await fetch(`${base}${target}`, { signal: AbortSignal.timeout(60_000) });
    const expected = await handleRequest(
      { method: "GET", url: target, clientAddress: "127.0.0.1" },
      { context: engineContext, endpoints: ENDPOINTS, store: EMPTY_STORE },
    );
    const body =
      expected.body === undefined || typeof expected.body === "string" || Buffer.isBuffer(expected.body)
        ? String(expected.body ?? "")
        : [...(expected.body as Iterable<string>)].join("");
    expect(response.status).toBe(expected.status);
    expect(await response.text()).toBe(body);
    expect(response.headers.get("content-type")).toBe(expected.headers["Content-Type"]);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    if (expected.headers.Link !== undefined) expect(response.headers.get("link")).toBe(expected.headers.Link);
    // The function sets its own caching; static files get netlify.toml's (which the CLI's static server overrides).
    if (kind === "function") expect(response.headers.get("cache-control")).toBe(expected.headers["Cache-Control"]);
  });
});
