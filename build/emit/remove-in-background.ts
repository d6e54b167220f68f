/**
 * Removes a folder tree in a detached process of its own, so that a build need not wait for it (issue 7).
 * The tree a build swaps out holds one entry per file and folder of the previous output (about 27,000
 * and 11,000 for the sample); removing them takes ext4 1.5 to 2 s, much of it freeing folders, which
 * made a rebuild slower than the build itself. A later build removes whatever such a process did not
 * (recoverInterruptedBuild): two removals of the same tree at once are harmless, each missing entry
 * being skipped.
 * @module
 */
import { spawn } from "node:child_process";
import { rm } from "node:fs/promises";

/** Plain JavaScript for `node -e`: the tree is argv[1]; errors are nobody's to read, so none are raised. */
const REMOVER =
  "try { require('node:fs').rmSync(process.argv[1], { recursive: true, force: true, maxRetries: 3 }) } catch {}";

export interface BackgroundRemoval {
  /** The Node binary the remover runs on (a test names one that does not exist). */
  nodePath?: string;
}

/**
 * Starts removing `dir` in a detached process and resolves once that process runs; where it cannot be
 * started (no process slots, say), removes `dir` here and resolves when it is gone.
 */
export async function removeInBackground(dir: string, options: BackgroundRemoval = {}): Promise<void> {
  const started = await new Promise<boolean>((resolve) => {
    // No NODE_OPTIONS: a loader the build runs under (tsx's) would only slow the remover's start.
    const env = { ...process.env };
    delete env.NODE_OPTIONS;
    const child = spawn(options.nodePath ?? process.execPath, ["-e", REMOVER, dir], {
      detached: true,
      stdio: "ignore",
      windowsHide: true,
      env,
    });
    child.once("spawn", () => {
      child.unref();
      resolve(true);
    });
    child.once("error", () => resolve(false));
  });
  if (!started) await rm(dir, { recursive: true, force: true });
}
