/**
 * The build's emit threads (issue 7): each planned file is written into the staging folder and
 * compressed on another thread as soon as it is planned, so that disk writes and gzip/brotli run while
 * the plan renders the next responses instead of after it. The work itself is emit-worker.mjs.
 * @module
 */
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { BuildError } from "../errors.ts";
import { ETAG_SETTINGS } from "../output-format/etag.ts";
import { WORKER_SETTINGS, type EncodedVariants, type Encoding } from "../output-format/compress-body.ts";
import { encodeOwned } from "../output-format/owned-bytes.ts";

const WORKER_SCRIPT = new URL("./emit-worker.mjs", import.meta.url);

/** One file to emit. Paths are relative to the staging folder and already checked to stay inside it. */
export interface EmitRequest {
  path: string;
  body: string | Buffer;
  /** The previous output's copy of the same bytes: linked rather than written, once its bytes are checked. */
  linkFrom?: string;
  /** Make its variants (each kept only when smaller than the body). */
  compress: boolean;
  /** The previous output's variant files of the same body, by coding, with their ETags: linked rather than recompressed, once checked. */
  reuse?: Partial<Record<Encoding, { file: string; etag: string }>>;
  /**
   * This output's variant files of an earlier body with the same bytes (a release's copy of a download),
   * by coding, with their ETags: their bytes are copied rather than compressed again, once checked.
   * Copied, not linked: each file of a new output is a file of its own, written.
   */
  copy?: Partial<Record<Encoding, { file: string; etag: string }>>;
}

export interface EmitResult {
  /** Files whose bytes were written, and files linked (variants included). */
  written: number;
  linked: number;
  /** The ETag and length of each new variant kept (tagged on the thread that made it). */
  variants: EncodedVariants;
}

export interface EmitThreads {
  emit(request: EmitRequest): Promise<EmitResult>;
  /**
   * Resolves at once, or, when the bodies sent and not yet answered are over `maxBytes` (sized as in
   * `sentBytes`), once they are down to half; rejects once a thread has failed or a file could not be
   * written, so that the plan stops.
   */
  drained(maxBytes: number): Promise<void>;
  /** Stops the threads (whatever is still queued is dropped). */
  close(): Promise<void>;
}

interface Thread {
  worker: Worker;
  /** Work sent and not yet answered (bytes, compression weighing more): the next file goes to the least loaded thread. */
  queued: number;
  /** Size of the bodies sent and not yet answered (their bytes): copies held in the thread's queue. */
  sentBytes: number;
  pending: Map<
    number,
    { resolve: (result: EmitResult) => void; reject: (error: Error) => void; bytes: number; size: number }
  >;
}

/**
 * Starts `threads` emit threads writing under `root` (undefined: a dry run, compress only). By default
 * one per core: with the plan's thread that is one more than the cores, but a single thread was measured
 * to fall behind the plan (compressing and writing cost about what rendering does) and to leave a core
 * idle once the plan is done; with two on two cores the build took 5.8 s instead of 6.6 s (issue 7).
 */
export function startEmitThreads(
  root: string | undefined,
  threads: number = availableParallelism(),
  script: URL = WORKER_SCRIPT,
): EmitThreads {
  let waiting: { below: number; resolve: () => void; reject: (error: Error) => void } | undefined;
  // The first failure (a thread that died, a file that could not be written): the build cannot complete,
  // and a dead thread would never answer work sent to it.
  let failure: Error | undefined;
  const onFailure = (error: Error) => {
    failure ??= error;
    waiting?.reject(failure);
    waiting = undefined;
  };
  const sentBytes = () => pool.reduce((sum, thread) => sum + thread.sentBytes, 0);
  const onAnswer = () => {
    if (waiting !== undefined && sentBytes() <= waiting.below) {
      waiting.resolve();
      waiting = undefined;
    }
  };
  const pool: Thread[] = Array.from({ length: Math.max(1, threads) }, () =>
    startThread(root, script, onAnswer, onFailure),
  );
  let nextId = 0;
  return {
    emit(request) {
      if (failure !== undefined) return Promise.reject(failure);
      const thread = pool.reduce((least, candidate) => (candidate.queued < least.queued ? candidate : least));
      const id = nextId++;
      // A text body is encoded here into a buffer of its own and moved, not copied: the thread gets bytes
      // to write as they are, and no string in its heap to collect.
      const encoded = typeof request.body === "string" ? encodeOwned(request.body) : undefined;
      const size = (encoded ?? (request.body as Buffer)).byteLength;
      // Compressing costs far more than writing: weigh the queue by the work, not the bytes alone.
      const bytes = (request.compress ? 8 : 1) * size;
      const promise = new Promise<EmitResult>((resolve, reject) =>
        thread.pending.set(id, { resolve, reject, bytes, size }),
      );
      thread.queued += bytes;
      thread.sentBytes += size;
      if (encoded === undefined) thread.worker.postMessage({ id, ...request });
      else thread.worker.postMessage({ id, ...request, body: encoded }, [encoded.buffer]);
      return promise;
    },
    drained(maxBytes) {
      if (failure !== undefined) return Promise.reject(failure);
      if (sentBytes() <= maxBytes) return Promise.resolve();
      waiting?.resolve();
      return new Promise((resolve, reject) => (waiting = { below: maxBytes / 2, resolve, reject }));
    },
    close: async () => {
      await Promise.all(pool.map((thread) => thread.worker.terminate()));
      waiting?.resolve(); // a plan held back must not hang on threads that are gone
    },
  };
}

interface Answer {
  id: number;
  error?: string;
  /** With `error`: the file, relative to the root, that could not be written or compressed. */
  file?: string;
  written: number;
  linked: number;
  variants: EncodedVariants;
}

function startThread(
  root: string | undefined,
  script: URL,
  onAnswer: () => void,
  onFailure: (error: Error) => void,
): Thread {
  // No execArgv: the script is plain JavaScript and must not inherit the loaders (tsx, test preloads) of the build.
  const worker = new Worker(script, {
    workerData: { ...WORKER_SETTINGS, etag: ETAG_SETTINGS, root: root ?? null },
    execArgv: [],
  });
  const thread: Thread = { worker, queued: 0, sentBytes: 0, pending: new Map() };
  worker.on("message", (answer: Answer) => {
    const waiting = thread.pending.get(answer.id);
    if (waiting === undefined) return;
    thread.pending.delete(answer.id);
    thread.queued -= waiting.bytes;
    thread.sentBytes -= waiting.size;
    onAnswer();
    if (answer.error !== undefined) {
      // A full disk or a refused folder: the publisher's to fix, and the build cannot complete, so the plan stops too.
      const failure = new BuildError(
        root === undefined
          ? `Could not compress ${answer.file}: ${answer.error}`
          : `Could not write ${answer.file} into ${root}: ${answer.error}`,
      );
      waiting.reject(failure);
      onFailure(failure);
      return;
    }
    waiting.resolve({ written: answer.written, linked: answer.linked, variants: answer.variants });
  });
  const failAll = (error: Error, withCause = true) => {
    const failure = new Error(
      `Internal error: an emit thread failed: ${error.message}`,
      withCause ? { cause: error } : undefined,
    );
    for (const waiting of thread.pending.values()) waiting.reject(failure);
    thread.pending.clear();
    thread.sentBytes = 0;
    onFailure(failure);
  };
  worker.on("error", failAll);
  // No cause: the message says all there is, and the build's error output would print it twice.
  worker.on("exit", (code) => failAll(new Error(`it exited with code ${code}`), false));
  return thread;
}
