/**
 * The floor a build is measured against: the time to merely write the same files and bytes to disk,
 * read into memory first, written into a fresh folder the faster of two ways (one synchronous call
 * after another, or 16 asynchronous calls in flight).
 * @module
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";

interface LoadedFile {
  relative: string;
  body: Buffer;
}

/** Every file under `dir`, in memory. */
export function loadTree(dir: string): LoadedFile[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const full = path.join(entry.parentPath, entry.name);
      return { relative: path.relative(dir, full), body: readFileSync(full) };
    });
}

const folders = (files: readonly LoadedFile[], out: string): string[] => [...new Set(files.map((file) => path.dirname(path.join(out, file.relative))))];

function writeSequentially(files: readonly LoadedFile[], out: string): void {
  for (const dir of folders(files, out)) mkdirSync(dir, { recursive: true });
  for (const file of files) writeFileSync(path.join(out, file.relative), file.body);
}

async function writePooled(files: readonly LoadedFile[], out: string): Promise<void> {
  for (const dir of folders(files, out)) await mkdir(dir, { recursive: true });
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < files.length) {
      const file = files[next++]!;
      await writeFile(path.join(out, file.relative), file.body);
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
}

/**
 * Milliseconds of the faster way to write `files` into fresh folders `<out>-sequential` and
 * `<out>-pooled`, both left in place: removing 27,000 files slows the next writes on this disk several
 * times over for a while, so a benchmark removes nothing until it is done.
 */
export async function writeFloorMs(files: readonly LoadedFile[], out: string): Promise<{ ms: number; sequentialMs: number; pooledMs: number }> {
  let started = performance.now();
  writeSequentially(files, `${out}-sequential`);
  const sequentialMs = performance.now() - started;
  spawnSync("sync"); // the second way starts from the same disk state as the first
  started = performance.now();
  await writePooled(files, `${out}-pooled`);
  const pooledMs = performance.now() - started;
  return { ms: Math.min(sequentialMs, pooledMs), sequentialMs, pooledMs };
}
