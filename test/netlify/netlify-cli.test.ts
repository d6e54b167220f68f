/**
 * Smoke test: a build served by the Netlify CLI itself (`netlify dev --offline`, edge functions off, every
 * server bound to 127.0.0.1), one URL of each kind. The build is the run's seeds-min (global setup), not the
 * sample: the CLI parses its _redirects and _headers (0.1 MB rather than 3 MB) and the function loads its
 * engine (0.1 MB rather than 13 MB) in a fraction of the time, and what is tested, that the CLI sends each
 * kind of URL to the file or the function that answers as the engine does, is the same (issue 29).
 * The CLI (26.x, the last line for Node 20) is installed outside the project's package.json, from its own
 * manifest and lock, by test/netlify/install-netlify-cli.ts (which CI runs before `npm test`; here it installs
 * the CLI where it is missing); where it cannot be installed or started, each test fails with the reason.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ENDPOINTS } from "../../build/query/endpoints.ts";
import { handleRequest } from "../../build/serve/handle-request.ts";
import { loadHost } from "../../build/serve/load-host.ts";
import { EMPTY_STORE } from "../../build/serve/precomputed-store.ts";
import { installNetlifyCli, NETLIFY_CLI_BIN } from "./install-netlify-cli.ts";

/** How long `netlify dev` may take to say it is ready (about 70 s here once, on a busy machine). */
const START_MS = 300_000;

let cli: ChildProcess | undefined;
let site: string | undefined;
let base = "";
let unavailable: string | undefined;
/** The build as the Node host loads it: the engine whose answers the CLI's must equal. */
let engine: ReturnType<typeof loadHost> | undefined;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/** The folder `netlify dev --dir` serves: the whole build (see makeSite). */
const SERVED_DIR = "public";

/**
 * A throwaway project folder: the config and code copied, dependencies linked, and the build linked
 * twice. The CLI serves it from SERVED_DIR (`--dir`), whose _redirects and _headers its proxy, which answers
 * every request, reads itself. `dist`, netlify.toml's publish folder, holds only `_engine`, the function's
 * included files: from a full publish folder the CLI's config loaders (@netlify/config, then @netlify/dev)
 * would parse _redirects and _headers twice more, only to hand the proxy the same rules again, with a parser
 * quadratic in the rules (the sample has 5,923 header blocks): 4 to 10 s of the CLI's 28 s of CPU on the
 * sample.
 */
function makeSite(dist: string): string {
  const root = mkdtempSync(path.join(os.tmpdir(), "netlify-site-"));
  for (const file of ["netlify.toml", "package.json"]) cpSync(file, path.join(root, file));
  for (const dir of ["build", "scripts"]) cpSync(dir, path.join(root, dir), { recursive: true });
  symlinkSync(path.resolve("node_modules"), path.join(root, "node_modules"));
  mkdirSync(path.join(root, "dist"));
  symlinkSync(path.join(dist, "_engine"), path.join(root, "dist", "_engine"));
  symlinkSync(dist, path.join(root, SERVED_DIR));
  return root;
}

/** Starts `netlify dev` and resolves when it says it is ready (or rejects with its output). */
function startCli(root: string, port: number): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [
      NETLIFY_CLI_BIN,
      "dev",
      "--offline",
      "--no-open",
      "--skip-gitignore",
      "--internal-disable-edge-functions",
      "--port",
      String(port),
      "--dir",
      SERVED_DIR,
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
    unavailable = installNetlifyCli();
    if (unavailable !== undefined) return;
    site = makeSite(inject("seedsMinDist"));
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

describe("the seeds-min build on `netlify dev --offline`", () => {
  it.for([
    ["a static card", "/api/dataset/v1/brands/", "brand"],
    ["a precomputed list page", "/api/dataset/v1/brands?country=GB", "list"],
    ["a fallback with q (the function)", "/api/dataset/v1/brands?q=bet&page=1", "function"],
    ["an export (the function, streamed)", "/resume/api/v1/resumes/export?per_page=3", "function"],
    ["an unknown slug (the function)", "/api/dataset/v1/games/no-such-game", "function"],
  ] as const)("answers %s as the engine does: %s", async ([, url, kind]) => {
    // The registry is reachable wherever this suite runs: a CLI that cannot be installed or started is a failure, not a skip.
    if (unavailable !== undefined) throw new Error(unavailable);
    const { context: engineContext } = await (engine ??= loadHost(inject("seedsMinDist")));
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
