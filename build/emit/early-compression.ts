/**
 * Compression that starts while the plan is still rendering (issue 7): each planned response goes to
 * worker threads as soon as it is rendered, so gzip and brotli run on the other cores during the
 * plan instead of after it. The threads use compress-body.ts's settings: the same bytes as before.
 * @module
 */
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { COMPRESS_MIN_BYTES, pinGzipOs, WORKER_SETTINGS, type Encoding } from "./compress-body.ts";
import { reusableVariants, type PreviousOutput } from "./compress-outputs.ts";
import type { ManifestEntry, OutputFile } from "./plan-outputs.ts";

const WORKER_SCRIPT = new URL("./compress-worker.mjs", import.meta.url);

export type BothCodings = Record<Encoding, Buffer>;

export interface EarlyCompression {
  /** Starts compressing a planned response, unless it is too small or the previous output has its variants. */
  offer(file: OutputFile, entry: ManifestEntry): void;
  /** Both codings of an offered file, or undefined if it was not offered. */
  take(file: OutputFile): Promise<BothCodings> | undefined;
  /** Stops the threads (whatever is still queued is dropped). */
  close(): Promise<void>;
}

interface Thread {
  worker: Worker;
  /** Bytes sent and not yet answered: the next body goes to the least loaded thread. */
  queued: number;
  pending: Map<number, { resolve: (codings: BothCodings) => void; reject: (error: Error) => void; bytes: number }>;
}

/** Starts `threads` compression threads: by default one per core but the one the plan renders on (measured: a thread per core slows the plan more than it gains). */
export function startEarlyCompression(previous: PreviousOutput | undefined, threads: number = Math.max(1, availableParallelism() - 1)): EarlyCompression {
  const pool: Thread[] = Array.from({ length: Math.max(1, threads) }, startThread);
  const offered = new Map<OutputFile, Promise<BothCodings>>();
  const previousFiles = previous?.manifest.files ?? {};
  let nextId = 0;
  return {
    offer(file, entry) {
      if (entry.bytes < COMPRESS_MIN_BYTES) return;
      const before = Object.hasOwn(previousFiles, file.path) ? previousFiles[file.path] : undefined;
      if (reusableVariants(entry, before) !== undefined) return; // linked from the previous output, not recompressed
      const thread = pool.reduce((least, candidate) => (candidate.queued < least.queued ? candidate : least));
      const id = nextId++;
      const promise = new Promise<BothCodings>((resolve, reject) => thread.pending.set(id, { resolve, reject, bytes: entry.bytes }));
      promise.catch(() => {}); // a failure surfaces where the variants are taken, not as an unhandled rejection
      thread.queued += entry.bytes;
      thread.worker.postMessage({ id, body: file.body });
      offered.set(file, promise);
    },
    take: (file) => offered.get(file),
    close: async () => {
      await Promise.all(pool.map((thread) => thread.worker.terminate()));
    },
  };
}

function startThread(): Thread {
  // No execArgv: the script is plain JavaScript and must not inherit the loaders (tsx, test preloads) of the build.
  const worker = new Worker(WORKER_SCRIPT, { workerData: WORKER_SETTINGS, execArgv: [] });
  const thread: Thread = { worker, queued: 0, pending: new Map() };
  worker.on("message", ({ id, gzip, br }: { id: number; gzip: Uint8Array; br: Uint8Array }) => {
    const waiting = thread.pending.get(id);
    if (waiting === undefined) return;
    thread.pending.delete(id);
    thread.queued -= waiting.bytes;
    waiting.resolve({ gzip: pinGzipOs(asBuffer(gzip)), br: asBuffer(br) });
  });
  const failAll = (error: Error) => {
    for (const waiting of thread.pending.values()) waiting.reject(new Error(`Internal error: a compression thread failed: ${error.message}`, { cause: error }));
    thread.pending.clear();
  };
  worker.on("error", failAll);
  worker.on("exit", (code) => failAll(new Error(`it exited with code ${code}`)));
  return thread;
}

function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
