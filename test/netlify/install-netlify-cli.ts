/**
 * Installs the Netlify CLI that test/netlify/netlify-cli.test.ts runs: netlify-cli 26.2.0 and its whole tree,
 * from the manifest and lock in test/netlify/cli/ (a fresh resolve would pull packages that need Node 22), into
 * node_modules/.cache/netlify-cli (or NETLIFY_CLI_CACHE), once per version of the lock. The test calls it, so
 * that it installs the CLI wherever it is missing; CI (`.ci/run`) runs it before `npm test`
 * (`npx tsx test/netlify/install-netlify-cli.ts`), as it installs Chromium, so that about 1,100 packages are not
 * installed while the other test files run (48 s of that test's 76 s in a clean-clone CI run).
 * @module
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";

/** The repository's root: the cache lives under its node_modules, wherever this runs from. */
const ROOT = path.resolve(import.meta.dirname, "../..");
const LOCKED = path.join(import.meta.dirname, "cli");
const CACHE = process.env.NETLIFY_CLI_CACHE
  ? path.resolve(process.env.NETLIFY_CLI_CACHE)
  : path.join(ROOT, "node_modules/.cache/netlify-cli");
/** The CLI's entry point in the cache. */
export const NETLIFY_CLI_BIN = path.join(CACHE, "node_modules/netlify-cli/bin/run.js");
/** A copy of the lock the cache was installed from, written once `npm ci` succeeded. */
const INSTALLED_LOCK = path.join(CACHE, "installed-package-lock.json");

/** Installs the locked CLI into the cache folder unless that lock is installed there; returns why it cannot be had, if so. */
export function installNetlifyCli(): string | undefined {
  const lock = readFileSync(path.join(LOCKED, "package-lock.json"));
  if (existsSync(NETLIFY_CLI_BIN) && existsSync(INSTALLED_LOCK) && readFileSync(INSTALLED_LOCK).equals(lock))
    return undefined;
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
  if (result.status !== 0 || !existsSync(NETLIFY_CLI_BIN))
    return `npm ci could not install netlify-cli from test/netlify/cli/package-lock.json: ${(result.stderr || String(result.error)).trim().split("\n").slice(-3).join(" ")}`;
  cpSync(path.join(LOCKED, "package-lock.json"), INSTALLED_LOCK);
  return undefined;
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === import.meta.filename) {
  const reason = installNetlifyCli();
  if (reason !== undefined) {
    console.error(reason);
    process.exit(1);
  }
  console.log(`netlify-cli ready: ${NETLIFY_CLI_BIN}`);
}
