/**
 * One build at a time per output folder: a second build started while one runs (a scheduled rebuild
 * overlapping a manual one) would clear the first one's staging folder as a dead build's leftover and
 * both would fail. The lock is a file beside the output folder naming its build's process; a lock whose
 * process is gone (a killed build), or whose process id another process has since taken, is taken over.
 * @module
 */
import { link, mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { BuildError } from "../errors.ts";
import { processStartTicks, recordedProcessRuns } from "../shared/process-start.ts";

const LOCK_PREFIX = ".dist-lock-";

interface LockRecord {
  pid: number;
  host: string;
  started: string;
  /** The process's start in clock ticks since boot, where Linux tells (process-start.ts); absent in older locks. */
  startTicks?: number;
}

export interface BuildLock {
  /** The lock file. */
  file: string;
  /** Removes the lock (if it is still this build's). */
  release(): Promise<void>;
}

/** The lock file of `outDir`: a sibling, so that swapping the folder leaves it in place. */
export function lockFileOf(outDir: string): string {
  const target = path.resolve(outDir);
  return path.join(path.dirname(target), `${LOCK_PREFIX}${path.basename(target)}`);
}

/** Whether process `pid` of machine `host` may still be running (on another machine: assumed so). */
function mayBeRunning(pid: number, host: string, startTicks?: number): boolean {
  // A process that got the id since (after a reboot, say) is not the build that wrote the lock.
  return host !== os.hostname() || recordedProcessRuns(pid, startTicks);
}

function parseRecord(text: string): LockRecord | undefined {
  try {
    const record = JSON.parse(text) as Partial<LockRecord>;
    const valid =
      typeof record.pid === "number" &&
      typeof record.host === "string" &&
      typeof record.started === "string" &&
      (record.startTicks === undefined || typeof record.startTicks === "number");
    return valid ? (record as LockRecord) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Takes the lock of `outDir` for this process, or throws a BuildError naming the build that holds it.
 * The lock file appears whole (written aside, then linked into place, which fails if it exists).
 */
export async function acquireBuildLock(outDir: string): Promise<BuildLock> {
  const file = lockFileOf(outDir);
  const text = `${JSON.stringify({ pid: process.pid, host: os.hostname(), started: new Date().toISOString(), startTicks: processStartTicks(process.pid) } satisfies LockRecord)}\n`;
  const draft = `${file}.${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  try {
    await mkdir(path.dirname(file), { recursive: true });
    // Inside the try: a full disk makes the draft, then fails its write, and the empty draft must go too.
    await writeFile(draft, text);
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        await link(draft, file);
        await removeDeadDrafts(file);
        return { file, release: () => removeIfUnchanged(file, text) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      }
      const held = await readFile(file, "utf8").catch(() => undefined);
      if (held === undefined) continue; // released meanwhile
      const record = parseRecord(held);
      if (record !== undefined && mayBeRunning(record.pid, record.host, record.startTicks)) {
        throw new BuildError(
          `Another build (process ${record.pid} on ${record.host}, started ${record.started}) is writing ${path.resolve(outDir)}: wait for it to finish. If no build is running, remove ${file}.`,
        );
      }
      // A killed build's lock: removed only if it is still that one, then taken.
      await removeIfUnchanged(file, held);
    }
    throw new BuildError(`Could not take the build lock ${file}: another build is starting; try again.`);
  } catch (error) {
    if (error instanceof BuildError) throw error;
    // Not a BuildError: that means "held by another build" to restoreAfterKilledSwap (run-build.ts).
    throw new Error(`Could not write the build lock ${file}`, { cause: error });
  } finally {
    await rm(draft, { force: true });
  }
}

/** The drafts (`<lock>.<pid>-<6 chars>`) of killed builds; a draft of a running build stays. */
async function removeDeadDrafts(file: string): Promise<void> {
  const prefix = `${path.basename(file)}.`;
  for (const name of await readdir(path.dirname(file))) {
    const pid = name.startsWith(prefix) ? /^(\d+)-[a-z0-9]+$/.exec(name.slice(prefix.length))?.[1] : undefined;
    if (pid !== undefined && !mayBeRunning(Number(pid), os.hostname()))
      await rm(path.join(path.dirname(file), name), { force: true });
  }
}

/** Removes `file` if it still holds `text` (this build's lock, or the dead build's it is taking over). */
async function removeIfUnchanged(file: string, text: string): Promise<void> {
  if ((await readFile(file, "utf8").catch(() => undefined)) === text) await rm(file, { force: true });
}
