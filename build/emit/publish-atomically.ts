/**
 * Swaps a freshly written folder into place so that readers see the old tree or the new one, and
 * a build that dies at any moment leaves the previous tree (or a recoverable copy) behind.
 * @module
 */
import { randomInt } from "node:crypto";
import { mkdir, readdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { BuildError } from "../errors.ts";
import { processStartTicks } from "../shared/process-start.ts";
import { exists, leftoverPatterns, OLD_PREFIX, outputObstacle, TEMP_PREFIX } from "../output-format/output-folder.ts";

/** The name a build gives the previous tree while it swaps: when, and which process (with its start). */
function oldTreeName(base: string): string {
  const ticks = processStartTicks(process.pid);
  return `${OLD_PREFIX}${base}-${Date.now()}-${process.pid}${ticks === undefined ? "" : `-${ticks}`}`;
}

/** Puts back a tree that a killed swap left aside, and removes temporary folders of dead builds. */
export async function recoverInterruptedBuild(outDir: string): Promise<void> {
  const parent = path.dirname(path.resolve(outDir));
  const base = path.basename(path.resolve(outDir));
  const patterns = leftoverPatterns(base);
  const entries = await readdir(parent).catch(() => [] as string[]);
  // Names carry the time first (13-digit milliseconds), so name order is time order.
  const olds = entries.filter((name) => patterns.old.test(name)).sort();
  if (!(await exists(outDir)) && olds.length > 0) await rename(path.join(parent, olds[olds.length - 1]!), outDir);
  for (const name of entries.filter((entry) => patterns.temp.test(entry) || patterns.old.test(entry))) {
    await rm(path.join(parent, name), { recursive: true, force: true });
  }
}

/** A temporary sibling of the output folder to write into, then swap in place of it or throw away. */
export interface StagedOutput {
  dir: string;
  /**
   * Swaps the staged tree in place of the output folder, then has the previous tree removed (stageOutput's
   * `removePrevious`) and resolves when that resolves.
   */
  commit(): Promise<void>;
  /** Removes the staged tree; the output folder stays as it was. */
  discard(): Promise<void>;
}

export interface StageOptions {
  /**
   * Removes the previous tree once it is swapped out, under a temporary folder's name; the default
   * removes it before commit resolves, the CLI leaves it to a detached process (removeInBackground).
   */
  removePrevious?: (tree: string) => Promise<void>;
}

/** Makes a staging folder beside `outDir`, after recovering what an interrupted build left there. */
export async function stageOutput(outDir: string, options: StageOptions = {}): Promise<StagedOutput> {
  const target = path.resolve(outDir);
  const parent = path.dirname(target);
  const base = path.basename(target);
  await mkdir(parent, { recursive: true });
  await recoverInterruptedBuild(target);
  const temp = await makeStagingFolder(parent, base);
  return {
    dir: temp,
    async commit() {
      const old = path.join(parent, oldTreeName(base));
      const hadPrevious = await exists(target);
      if (hadPrevious) await rename(target, old);
      await rename(temp, target);
      if (!hadPrevious) return;
      // Renamed first as a temporary folder, which a later build removes and never puts back: under
      // its set-aside name, a tree half removed could be taken for one a killed swap left.
      const trash = path.join(parent, temporaryName(base));
      await rename(old, trash);
      await (options.removePrevious ?? removeNow)(trash);
    },
    discard: () => rm(temp, { recursive: true, force: true }),
  };
}

function removeNow(tree: string): Promise<void> {
  return rm(tree, { recursive: true, force: true });
}

const NAME_CHARACTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** `.dist-tmp-<base>-<6 random characters>`: a staging folder, or a previous tree being removed. */
function temporaryName(base: string): string {
  return `${TEMP_PREFIX}${base}-${Array.from({ length: 6 }, () => NAME_CHARACTERS[randomInt(NAME_CHARACTERS.length)]).join("")}`;
}

/**
 * A staging folder, made with the process's umask like any folder (mkdtemp
 * would make it private, 0700, and the swapped-in output with it: unreadable to a web server of
 * another user, or to a deploy that copies modes).
 */
async function makeStagingFolder(parent: string, base: string): Promise<string> {
  for (;;) {
    const folder = path.join(parent, temporaryName(base));
    try {
      await mkdir(folder);
      return folder;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
}

/**
 * Refuses an output folder that a build must not replace (outputObstacle). The output folder is
 * replaced as a whole, so `--out build` or `--out ~/Documents` would otherwise delete what is there.
 */
export async function refuseForeignOutput(outDir: string, marker: string): Promise<void> {
  const obstacle = await outputObstacle(outDir, marker);
  if (obstacle === undefined) return;
  if (obstacle.kind === "foreign") {
    throw new BuildError(
      `The output folder ${outDir} holds files but no ${marker}: it is not a build's output, and a build replaces its output folder as a whole. Choose a folder of its own, such as dist, or empty this one first.`,
    );
  }
  if (obstacle.path === path.normalize(outDir))
    throw new BuildError(
      `The output folder ${outDir} is a file, not a folder: a build does not replace it. Choose a folder of its own, such as dist.`,
    );
  throw new BuildError(`The output folder ${outDir} cannot be made: ${obstacle.path} is a file.`);
}
