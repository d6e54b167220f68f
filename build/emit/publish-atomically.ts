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

/** Puts back a tree that a killed swap left aside, and removes temporary folders of dead builds. */
export async function recoverInterruptedBuild(outDir: string): Promise<void> {
  const parent = path.dirname(path.resolve(outDir));
  const base = path.basename(path.resolve(outDir));
  const entries = await readdir(parent).catch(() => [] as string[]);
  const olds = entries.filter((name) => name.startsWith(`${OLD_PREFIX}${base}-`)).sort();
  if (!(await exists(outDir)) && olds.length > 0) await rename(path.join(parent, olds[olds.length - 1]!), outDir);
  for (const name of entries.filter((entry) => entry.startsWith(`${TEMP_PREFIX}${base}-`) || entry.startsWith(`${OLD_PREFIX}${base}-`))) {
    await rm(path.join(parent, name), { recursive: true, force: true });
  }
}

/** Runs `write` into a temporary sibling folder, then swaps it in place of `outDir`. */
export async function publishAtomically(outDir: string, write: (tempDir: string) => Promise<void>): Promise<void> {
  const target = path.resolve(outDir);
  const parent = path.dirname(target);
  const base = path.basename(target);
  await mkdir(parent, { recursive: true });
  await recoverInterruptedBuild(target);
  const temp = await mkdtemp(path.join(parent, `${TEMP_PREFIX}${base}-`));
  try {
    await write(temp);
  } catch (error) {
    await rm(temp, { recursive: true, force: true });
    throw error;
  }
  const old = path.join(parent, `${OLD_PREFIX}${base}-${process.pid}-${Date.now()}`);
  const hadPrevious = await exists(target);
  if (hadPrevious) await rename(target, old);
  await rename(temp, target);
  if (hadPrevious) await rm(old, { recursive: true, force: true });
}
