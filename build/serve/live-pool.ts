/**
 * The live workers (issue 30): threads that compute the answers no file holds, so that the host's own
 * thread stays free for files, 304s, errors and the live cache. Each worker loads a build's engine files
 * from memory the host shares with it (live-protocol.ts), and answers one query at a time; an export's
 * lines keep coming from the worker that started it, as they are read.
 * @module
 */
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { HttpError } from "../errors.ts";
import type { LiveJson } from "./live-answer.ts";
import type { FromWorker, LiveJobRequest, SharedEngineFiles, ToWorker } from "./live-protocol.ts";
import type { Started } from "./live-scheduler.ts";
import { RemoteLines } from "./remote-lines.ts";

const WORKER_SCRIPT = new URL("./live-worker.mjs", import.meta.url);

/** A worker that fails this many times in a row before it is ready is not started again. */
const MAX_START_FAILURES = 3;

/**
 * Workers when the host is not told: one per core beyond the host's own thread (at least one, at most
 * four). On two cores, one: the host's thread and one worker each have a core.
 */
export function defaultLiveWorkers(cores: number = availableParallelism()): number {
  return Math.max(1, Math.min(4, cores - 1));
}

/** A live export from a worker: its headers, and its lines unless none were asked for. */
export interface RemoteExport {
  kind: "ndjson";
  contentType: string;
  link?: string;
  total?: number;
  lines?: RemoteLines;
}

/** One build's engine files as the pool knows them. */
export interface PoolSnapshot {
  id: number;
  files: SharedEngineFiles;
}

interface Pending {
  resolve: (started: Started<LiveJson | RemoteExport>) => void;
  reject: (error: Error) => void;
}

export interface PoolWorker {
  readonly worker: Worker;
  ready: boolean;
  /** Computing a job (its first answer not back yet). */
  busy: boolean;
  /** Snapshots this worker holds. */
  readonly holds: Set<number>;
  readonly jobs: Map<number, Pending>;
  readonly streams: Map<number, RemoteLines>;
}

export class LivePool {
  private readonly workers: PoolWorker[] = [];
  private nextJob = 0;
  private failures = 0;
  private closing = false;
  /** The latest build, warmed in every worker as soon as it is shared. */
  private latest: PoolSnapshot | undefined;
  /** Jobs and streams of each snapshot still under way: an older snapshot is dropped once it has none. */
  private readonly active = new Map<number, number>();

  /** Set once no worker could be started: answers are computed on the host's thread instead, as with no pool. */
  gaveUp = false;

  /** Called whenever a worker becomes free (the scheduler's pump). */
  onFree: () => void = () => {};

  constructor(
    readonly size: number,
    private readonly logError: (error: unknown) => void,
    private readonly script: URL = WORKER_SCRIPT,
  ) {
    for (let i = 0; i < size; i += 1) this.spawn();
  }

  /** Workers ready to answer. */
  get readyCount(): number {
    return this.workers.filter((entry) => entry.ready).length;
  }

  /** A ready worker computing nothing, or undefined. */
  acquire(): PoolWorker | undefined {
    return this.workers.find((entry) => entry.ready && !entry.busy);
  }

  /** Shares a newly loaded build with the workers, which parse it at once; older ones are dropped once idle. */
  share(snapshot: PoolSnapshot): void {
    const previous = this.latest;
    this.latest = snapshot;
    for (const entry of this.workers) if (entry.ready) this.give(entry, snapshot, true);
    if (previous !== undefined) this.dropIfIdle(previous.id);
  }

  /** Answers `request` from `snapshot` on `entry` (acquired), resolving once its first byte is ready. */
  run(entry: PoolWorker, snapshot: PoolSnapshot, request: LiveJobRequest): Promise<Started<LiveJson | RemoteExport>> {
    const id = this.nextJob++;
    entry.busy = true;
    this.active.set(snapshot.id, (this.active.get(snapshot.id) ?? 0) + 1);
    const done = () => {
      const left = (this.active.get(snapshot.id) ?? 1) - 1;
      this.active.set(snapshot.id, left);
      if (left === 0 && snapshot.id !== this.latest?.id) this.dropIfIdle(snapshot.id);
    };
    if (!entry.holds.has(snapshot.id)) this.give(entry, snapshot, false);
    return new Promise<Started<LiveJson | RemoteExport>>((resolve, reject) => {
      entry.jobs.set(id, {
        resolve: (started) => {
          void started.finished.then(done);
          resolve(started);
        },
        reject: (error) => {
          done();
          reject(error);
        },
      });
      this.post(entry, { type: "job", id, snapshot: snapshot.id, request });
    });
  }

  /** Stops every worker; exports still streaming from them fail. */
  async close(): Promise<void> {
    this.closing = true;
    await Promise.all(this.workers.map((entry) => entry.worker.terminate()));
  }

  private spawn(): void {
    // No execArgv: the script is plain JavaScript and loads the engine itself (live-worker.mjs), not
    // through the loaders of this thread (tsx, test preloads).
    const worker = new Worker(this.script, { execArgv: [] });
    const entry: PoolWorker = {
      worker,
      ready: false,
      busy: false,
      holds: new Set(),
      jobs: new Map(),
      streams: new Map(),
    };
    this.workers.push(entry);
    worker.on("message", (message: FromWorker) => this.receive(entry, message));
    worker.on("error", (error) => this.logError(error));
    worker.on("exit", (code) => this.lost(entry, code));
  }

  private post(entry: PoolWorker, message: ToWorker): void {
    entry.worker.postMessage(message);
  }

  private give(entry: PoolWorker, snapshot: PoolSnapshot, warm: boolean): void {
    entry.holds.add(snapshot.id);
    this.post(entry, { type: "snapshot", snapshot: snapshot.id, files: snapshot.files, warm });
  }

  private dropIfIdle(id: number): void {
    if ((this.active.get(id) ?? 0) > 0) return;
    this.active.delete(id);
    for (const entry of this.workers) {
      if (!entry.holds.delete(id)) continue;
      this.post(entry, { type: "drop", snapshot: id });
    }
  }

  private receive(entry: PoolWorker, message: FromWorker): void {
    if (message.type === "ready") {
      entry.ready = true;
      this.failures = 0;
      if (this.latest !== undefined) this.give(entry, this.latest, true);
      return this.onFree();
    }
    if (message.type === "chunk") return entry.streams.get(message.id)?.receive(bufferOf(message.chunk), message.done);
    const stream = entry.streams.get(message.id);
    if (stream !== undefined) {
      // A stream that fails midway: the reader's next read throws, and the connection is cut.
      entry.streams.delete(message.id);
      return stream.fail(
        message.type === "fault" ? faultOf(message) : new Error("Internal error: a live export failed"),
      );
    }
    const pending = entry.jobs.get(message.id);
    if (pending === undefined) return;
    entry.jobs.delete(message.id);
    entry.busy = false;
    this.settle(entry, message, pending);
    this.onFree();
  }

  private settle(entry: PoolWorker, message: Exclude<FromWorker, { type: "ready" | "chunk" }>, pending: Pending): void {
    const now = { finished: Promise.resolve(), abandon: () => {} };
    switch (message.type) {
      case "json": {
        const { contentType, etag, contentEncoding, vary, link, total } = message;
        const body = Buffer.from(message.body);
        const representation = {
          body,
          etag,
          bytes: body.length,
          ...(contentEncoding === undefined ? {} : { contentEncoding }),
          vary,
          link,
          total,
        };
        return pending.resolve({ value: { kind: "json", contentType, representation }, ...now });
      }
      case "stream": {
        const head = {
          kind: "ndjson" as const,
          contentType: message.contentType,
          link: message.link,
          total: message.total,
        };
        if (message.chunk === undefined && message.done) return pending.resolve({ value: head, ...now });
        const id = message.id;
        const lines = new RemoteLines(
          {
            pull: () => this.post(entry, { type: "pull", id }),
            cancel: () => this.post(entry, { type: "cancel", id }),
          },
          bufferOf(message.chunk),
          message.done,
        );
        if (!message.done) entry.streams.set(id, lines);
        void lines.finished.then(() => entry.streams.delete(id));
        return pending.resolve({
          value: { ...head, lines },
          finished: lines.finished,
          abandon: () => void lines.return(),
        });
      }
      case "error":
        return pending.reject(
          new HttpError(
            message.error.status,
            message.error.code,
            message.error.message,
            message.error.details,
            message.error.headers,
          ),
        );
      case "fault":
        return pending.reject(faultOf(message));
    }
  }

  /** A worker that exited: what it was doing fails, and another takes its place. */
  private lost(entry: PoolWorker, code: number): void {
    this.workers.splice(this.workers.indexOf(entry), 1);
    const failure = new Error(`Internal error: a live worker exited with code ${code}`);
    for (const pending of entry.jobs.values()) pending.reject(failure);
    for (const stream of entry.streams.values()) stream.fail(failure);
    if (this.closing) return;
    this.logError(failure);
    if (!entry.ready) this.failures += 1;
    if (this.failures < MAX_START_FAILURES) this.spawn();
    else if (this.workers.length === 0) {
      this.gaveUp = true;
      this.logError(
        new Error(
          "Internal error: no live worker could be started; answers computed on the fly are computed on the host's thread",
        ),
      );
      this.onFree();
    }
  }
}

function bufferOf(chunk: ArrayBuffer | undefined): Buffer | undefined {
  return chunk === undefined ? undefined : Buffer.from(chunk);
}

function faultOf(message: { message: string; stack?: string }): Error {
  const error = new Error(`Internal error in a live worker: ${message.message}`);
  if (message.stack !== undefined) error.stack = message.stack;
  return error;
}
