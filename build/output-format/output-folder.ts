/**
 * How a build's output folder looks on disk while it is replaced, and whether a folder is a build's
 * output at all: the build writes by these rules (publish-atomically.ts) and the host reads by them.
 * @module
 */
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { recordedProcessRuns } from "../shared/process-start.ts";

export const TEMP_PREFIX = ".dist-tmp-";
export const OLD_PREFIX = ".dist-old-";

export async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * The leftovers of `base` only: `.dist-old-<base>-<ms>-<pid>[-<start ticks>]` and `.dist-tmp-<base>-<6
 * random chars>`. Matched exactly, because a bare prefix test would take `dist-staging`'s leftovers for
 * `dist`'s. The old tree's name captures the process that set it aside and, where Linux tells, its start.
 */
export function leftoverPatterns(base: string): { old: RegExp; temp: RegExp } {
  const name = escapeRegExp(base);
  return {
    old: new RegExp(`^${escapeRegExp(OLD_PREFIX)}${name}-\\d{13,}-(\\d+)(?:-(\\d+))?$`),
    temp: new RegExp(`^${escapeRegExp(TEMP_PREFIX)}${name}-[A-Za-z0-9]{6}$`),
  };
}

/**
 * Whether the build that set an old tree aside still runs: its process is alive and, where its name
 * records the start, it is that process and not one that got the same id since.
 */
function setterRuns(match: RegExpExecArray): boolean {
  return recordedProcessRuns(Number(match[1]), match[2] === undefined ? undefined : Number(match[2]));
}

/**
 * Whether a build is inside its swap (commit below), between its two renames: `outDir` is absent and a
 * build process still running has just set the previous tree aside as `.dist-old-<base>-<ms>-<pid>[-<start>]`.
 * A reader that finds no output can wait for the new one, which is a rename away; a tree left aside
 * by a killed build (its process gone) is not waited for.
 */
export async function swapUnderway(outDir: string): Promise<boolean> {
  return (await treesSetAsideInPlaceOf(outDir)).some(setterRuns);
}

/** With `outDir` absent, the previous trees set aside beside it (their names matched); otherwise none. */
async function treesSetAsideInPlaceOf(outDir: string): Promise<RegExpExecArray[]> {
  if (await exists(outDir)) return [];
  const parent = path.dirname(path.resolve(outDir));
  const { old } = leftoverPatterns(path.basename(path.resolve(outDir)));
  const entries = await readdir(parent).catch(() => [] as string[]);
  return entries.map((name) => old.exec(name)).filter((match) => match !== null);
}

/**
 * Whether a killed build's swap left the output folder missing: `outDir` is absent and a previous tree
 * is set aside, by a process no longer running (a running one is inside its swap: swapUnderway).
 */
export async function killedSwapLeftBehind(outDir: string): Promise<boolean> {
  return (await treesSetAsideInPlaceOf(outDir)).some((match) => !setterRuns(match));
}

/** Why a folder cannot be a build's output: a file stands at `path` (the folder itself or a folder above it), or the folder holds files but not the build's marker. */
export type OutputObstacle = { kind: "file"; path: string } | { kind: "foreign" };

/**
 * What stands in the way of `dir` being a build's output folder, if anything: a file at it or on its
 * path, or files in it without `marker` (the manifest every build writes). A missing or empty folder, or
 * a build's, is none. The build refuses such an output folder, the host such a folder to serve.
 */
export async function outputObstacle(dir: string, marker: string): Promise<OutputObstacle | undefined> {
  // The nearest part of the path that exists decides: a file there blocks the folder.
  for (let folder = path.normalize(dir); ; folder = path.dirname(folder)) {
    const found = await stat(folder).catch(() => undefined);
    if (found?.isDirectory() === false) return { kind: "file", path: folder };
    if (found !== undefined) {
      if (folder !== path.normalize(dir)) return undefined; // the folder does not exist yet: nothing in it
      break;
    }
    if (folder === path.dirname(folder)) return undefined;
  }
  if ((await readdir(dir)).length === 0 || (await exists(path.join(dir, marker)))) return undefined;
  return { kind: "foreign" };
}
