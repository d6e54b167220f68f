/**
 * Swaps a freshly written folder into place so that readers see the old tree or the new one, and
 * a build that dies at any moment leaves the previous tree (or a recoverable copy) behind.
 * @module
 */
import { mkdir, mkdtemp, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";

const TEMP_PREFIX = ".dist-tmp-";
const OLD_PREFIX = ".dist-old-";

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * The leftovers of `base` only: `.dist-old-<base>-<ms>-<pid>` and `.dist-tmp-<base>-<6 random chars>`.
 * Matched exactly, because a bare prefix test would take `dist-staging`'s leftovers for `dist`'s.
 */
function leftoverPatterns(base: string): { old: RegExp; temp: RegExp } {
  const name = escapeRegExp(base);
  return { old: new RegExp(`^${escapeRegExp(OLD_PREFIX)}${name}-\\d{13,}-\\d+$`), temp: new RegExp(`^${escapeRegExp(TEMP_PREFIX)}${name}-[A-Za-z0-9]{6}$`) };
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
  /** Swaps the staged tree in place of the output folder (the previous tree is removed after). */
  commit(): Promise<void>;
  /** Removes the staged tree; the output folder stays as it was. */
  discard(): Promise<void>;
}

/** Makes a staging folder beside `outDir`, after recovering what an interrupted build left there. */
export async function stageOutput(outDir: string): Promise<StagedOutput> {
  const target = path.resolve(outDir);
  const parent = path.dirname(target);
  const base = path.basename(target);
  await mkdir(parent, { recursive: true });
  await recoverInterruptedBuild(target);
  const temp = await mkdtemp(path.join(parent, `${TEMP_PREFIX}${base}-`));
  return {
    dir: temp,
    async commit() {
      const old = path.join(parent, `${OLD_PREFIX}${base}-${Date.now()}-${process.pid}`);
      const hadPrevious = await exists(target);
      if (hadPrevious) await rename(target, old);
      await rename(temp, target);
      if (hadPrevious) await rm(old, { recursive: true, force: true });
    },
    discard: () => rm(temp, { recursive: true, force: true }),
  };
}
