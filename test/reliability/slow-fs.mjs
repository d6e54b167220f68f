/**
 * Preloaded into a build child process (`node --import ./test/reliability/slow-fs.mjs scripts/build.mjs …`)
 * to widen the moments a kill should hit: SLOW_FS_WRITE_MS delays each file write and hard link
 * (asynchronous or synchronous, on the build's emit threads too), so the write phase lasts long enough to
 * kill it midway; SLOW_FS_SWAP_MS pauses right after the output folder was renamed aside, inside the swap.
 * Test-only: the build's code is untouched. Plain JavaScript, so that a worker thread can preload it too.
 */
import fsSync from "node:fs";
import fs from "node:fs/promises";
import { syncBuiltinESMExports } from "node:module";
import path from "node:path";
import workerThreads from "node:worker_threads";

const writeDelay = Number(process.env.SLOW_FS_WRITE_MS ?? 0);
const swapDelay = Number(process.env.SLOW_FS_SWAP_MS ?? 0);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

for (const name of ["writeFile", "link"]) {
  const original = fs[name];
  fs[name] = async (...args) => {
    await sleep(writeDelay);
    return original(...args);
  };
}

// The build writes with synchronous calls on its emit threads (build/emit/emit-worker.mjs): those block for the delay.
const blocker = new Int32Array(new SharedArrayBuffer(4));
for (const name of ["writeFileSync", "linkSync"]) {
  const original = fsSync[name];
  fsSync[name] = (...args) => {
    if (writeDelay > 0) Atomics.wait(blocker, 0, 0, writeDelay);
    return original(...args);
  };
}

// Threads the build starts (without its loaders) preload this file as well, so their writes are slowed too.
const OriginalWorker = workerThreads.Worker;
workerThreads.Worker = class extends OriginalWorker {
  constructor(script, options = {}) {
    super(script, { ...options, execArgv: [...(options.execArgv ?? []), "--import", import.meta.url] });
  }
};

const rename = fs.rename;
fs.rename = async (...args) => {
  const result = await rename(...args);
  if (path.basename(String(args[1])).startsWith(".dist-old-")) await sleep(swapDelay);
  return result;
};

// Named imports of node:fs, node:fs/promises and node:worker_threads are live bindings: this makes the build's imports see the patches.
syncBuiltinESMExports();
