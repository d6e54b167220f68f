/**
 * The floor a build is measured against: the time to merely write the same files and bytes to disk,
 * read into memory first, written into a fresh folder the fastest of three ways: one synchronous call
 * after another; 16 asynchronous calls in flight; or one thread per core, each writing every n-th file
 * synchronously (on 2 cores about half the time of the first way: the writes are CPU-bound in the kernel).
 * @module
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";

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

const folders = (files: readonly LoadedFile[], out: string): string[] => [
  ...new Set(files.map((file) => path.dirname(path.join(out, file.relative)))),
];

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

/** A writing thread: receives its files, says "ready", writes them all on "go", says "done". */
const THREAD_WRITER = `
const { mkdirSync, writeFileSync } = require("node:fs");
const path = require("node:path");
const { parentPort, workerData } = require("node:worker_threads");
parentPort.once("message", () => {
  const made = new Set();
  for (const file of workerData.files) {
    const target = path.join(workerData.out, file.relative);
    const folder = path.dirname(target);
    if (!made.has(folder)) mkdirSync(folder, { recursive: true }), made.add(folder);
    writeFileSync(target, file.body);
  }
  parentPort.postMessage("done");
});
parentPort.postMessage("ready");
`;

/** Milliseconds for one thread per core to write `files` (dealt in turn), once every thread holds its share. */
async function writeOnThreadsMs(files: readonly LoadedFile[], out: string): Promise<number> {
  const threads = Math.max(1, availableParallelism());
  const shares = Array.from({ length: threads }, (_, thread) => files.filter((_, index) => index % threads === thread));
  const workers = shares.map((share) => new Worker(THREAD_WRITER, { eval: true, workerData: { out, files: share } }));
  try {
    await Promise.all(
      workers.map((worker) => new Promise((resolve, reject) => worker.once("message", resolve).once("error", reject))),
    );
    const started = performance.now();
    const done = workers.map(
      (worker) => new Promise((resolve, reject) => worker.once("message", resolve).once("error", reject)),
    );
    for (const worker of workers) worker.postMessage("go");
    await Promise.all(done);
    return performance.now() - started;
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}

/**
 * Milliseconds of the fastest way to write `files` into fresh folders `<out>-sequential`,
 * `<out>-pooled` and `<out>-threads`, all left in place: removing 27,000 files slows the next writes on this disk several
 * times over for a while, so a benchmark removes nothing until it is done.
 */
export async function writeFloorMs(
  files: readonly LoadedFile[],
  out: string,
): Promise<{ ms: number; sequentialMs: number; pooledMs: number; threadsMs: number }> {
  let started = performance.now();
  writeSequentially(files, `${out}-sequential`);
  const sequentialMs = performance.now() - started;
  spawnSync("sync"); // the second way starts from the same disk state as the first
  started = performance.now();
  await writePooled(files, `${out}-pooled`);
  const pooledMs = performance.now() - started;
  spawnSync("sync");
  const threadsMs = await writeOnThreadsMs(files, `${out}-threads`);
  return { ms: Math.min(sequentialMs, pooledMs, threadsMs), sequentialMs, pooledMs, threadsMs };
}
