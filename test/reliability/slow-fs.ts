/**
 * Preloaded into a build child process (`node --import tsx --import ./test/reliability/slow-fs.ts …`)
 * to widen the moments a kill should hit: SLOW_FS_WRITE_MS delays each file write and hard link (asynchronous or synchronous), so the
 * write phase lasts long enough to kill it midway; SLOW_FS_SWAP_MS pauses right after the output folder
 * was renamed aside, inside the swap. Test-only: the build's code is untouched.
 */
import fsSync from "node:fs";
import fs from "node:fs/promises";
import { syncBuiltinESMExports } from "node:module";
import path from "node:path";

const writeDelay = Number(process.env.SLOW_FS_WRITE_MS ?? 0);
const swapDelay = Number(process.env.SLOW_FS_SWAP_MS ?? 0);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
type AnyAsync = (...args: unknown[]) => Promise<unknown>;
const patchable = fs as unknown as Record<string, AnyAsync>;

for (const name of ["writeFile", "link"]) {
  const original = patchable[name]!;
  patchable[name] = async (...args: unknown[]) => {
    await sleep(writeDelay);
    return original(...args);
  };
}

// The build writes with synchronous calls (build/emit/write-outputs.ts): those block for the delay.
const syncPatchable = fsSync as unknown as Record<string, (...args: unknown[]) => unknown>;
const blocker = new Int32Array(new SharedArrayBuffer(4));
for (const name of ["writeFileSync", "linkSync"]) {
  const original = syncPatchable[name]!;
  syncPatchable[name] = (...args: unknown[]) => {
    if (writeDelay > 0) Atomics.wait(blocker, 0, 0, writeDelay);
    return original(...args);
  };
}

const rename = patchable.rename!;
patchable.rename = async (...args: unknown[]) => {
  const result = await rename(...args);
  if (path.basename(String(args[1])).startsWith(".dist-old-")) await sleep(swapDelay);
  return result;
};

// Named imports of node:fs/promises are live bindings: this makes the build's `import { writeFile }` see the patch.
syncBuiltinESMExports();
