/**
 * Preloaded into a build child process (`node --import ./test/reliability/failing-helpers.mjs scripts/build.mjs …`)
 * to make one of the build's helpers fail, as slow-fs.mjs slows them:
 * - FAIL_WRITE=<code>:<text>: every file write or link whose path holds <text> fails with that errno
 *   code (ENOSPC, EACCES), or ends its thread (EXIT), on the emit threads too;
 * - FAIL_RENDERER=<JavaScript>: the chart renderer runs that (`node -e`) instead of render-vega-lite.mjs;
 * - FAIL_GZIP=<message>: every gzip on libuv's pool (the downloads') fails with that message.
 * Test-only: the build's code is untouched. Plain JavaScript, so that a worker thread can preload it too.
 */
import childProcess from "node:child_process";
import fsSync from "node:fs";
import fs from "node:fs/promises";
import { syncBuiltinESMExports } from "node:module";
import workerThreads from "node:worker_threads";
import zlib from "node:zlib";

const [failCode, failPath] = (process.env.FAIL_WRITE ?? "").split(/:(.*)/s);
/**
 * What the system call would do: a full disk lets the file be made and fails the write (Node's message then
 * names no file); a refused permission fails the open. EXIT ends the thread, as a native crash would.
 */
const fail = (file, make) => {
  if (failCode === "EXIT") process.exit(7);
  if (failCode === "ENOSPC") {
    make();
    throw Object.assign(new Error("ENOSPC: no space left on device, write"), {
      code: "ENOSPC",
      errno: -28,
      syscall: "write",
    });
  }
  throw Object.assign(new Error(`${failCode}: simulated failure, open '${file}'`), {
    code: failCode,
    syscall: "open",
    path: String(file),
  });
};
if (failPath !== undefined && failPath !== "") {
  const writeFileSync = fsSync.writeFileSync;
  fsSync.writeFileSync = (file, ...rest) =>
    String(file).includes(failPath) ? fail(file, () => writeFileSync(file, "")) : writeFileSync(file, ...rest);
  const linkSync = fsSync.linkSync;
  fsSync.linkSync = (from, to) =>
    String(to).includes(failPath) ? fail(to, () => writeFileSync(to, "")) : linkSync(from, to);
  const writeFile = fs.writeFile;
  fs.writeFile = async (file, ...rest) =>
    String(file).includes(failPath) ? fail(file, () => writeFileSync(file, "")) : writeFile(file, ...rest);
}

const renderer = process.env.FAIL_RENDERER;
if (renderer !== undefined) {
  const spawn = childProcess.spawn;
  childProcess.spawn = (command, args, options) =>
    spawn(
      command,
      args.flatMap((arg) => (String(arg).endsWith("render-vega-lite.mjs") ? ["-e", renderer] : [arg])),
      options,
    );
}

const gzipFault = process.env.FAIL_GZIP;
if (gzipFault !== undefined) {
  zlib.gzip = (_data, _options, callback) => setImmediate(() => (callback ?? _options)(new Error(gzipFault)));
}

// Threads the build starts (without its loaders) preload this file as well, so their writes fail too.
const OriginalWorker = workerThreads.Worker;
workerThreads.Worker = class extends OriginalWorker {
  constructor(script, options = {}) {
    super(script, { ...options, execArgv: [...(options.execArgv ?? []), "--import", import.meta.url] });
  }
};

// Named imports of these modules are live bindings: this makes the build's imports see the patches.
syncBuiltinESMExports();
