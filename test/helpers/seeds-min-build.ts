/**
 * A previous output for a test to build over (issue 29): a copy of the run's seeds-min build (global
 * setup: SEEDS_MIN_BASE_URL, maxFiles 20,000), instead of a build of its own. Modification times are
 * kept, as `cp -p` keeps them. The shared tree itself is never written to.
 */
import { chmodSync, copyFileSync, mkdirSync, readdirSync, statSync, utimesSync } from "node:fs";
import path from "node:path";
import { inject } from "vitest";
import { BUILD_REPORT_FILE } from "../../build/run-build.ts";

/**
 * Copies the seeds-min build to `outDir` (made, with any missing parent, where it does not exist yet); with `withReport`, its build report
 * too, beside `outDir` where a build writes it.
 */
export async function copySeedsMinBuild(outDir: string, { withReport = false } = {}): Promise<void> {
  const built = inject("seedsMinDist");
  copyTreeSync(built, outDir);
  if (withReport)
    copyFileKeepingTimes(
      path.join(path.dirname(built), BUILD_REPORT_FILE),
      path.join(path.dirname(path.resolve(outDir)), BUILD_REPORT_FILE),
    );
}

/**
 * What `fs.cp(from, to, { recursive: true, preserveTimestamps: true })` does with a build's tree (folders
 * and regular files; folders keep their mode, files their mode and times), synchronously: a quarter of
 * its CPU time for seeds-min's 560 files, copied about thirty times a run (issue 29).
 */
function copyTreeSync(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) copyTreeSync(source, target);
    else if (entry.isFile()) copyFileKeepingTimes(source, target);
    else throw new Error(`Internal error: ${source} is neither a folder nor a regular file`);
  }
  chmodSync(to, statSync(from).mode & 0o7777);
}

function copyFileKeepingTimes(source: string, target: string): void {
  copyFileSync(source, target);
  const { atime, mtime } = statSync(source);
  utimesSync(target, atime, mtime);
}
