/**
 * Live answers off the host's thread (issue 30): the worker pool and the queue in front of it, wired
 * together for each build the host loads. With no workers (`LIVE_WORKERS=0`) there is none of it: the
 * engine runs on the request's thread, as it always did.
 * @module
 */
import type { LiveJson } from "./live-answer.ts";
import { LivePool, type PoolWorker, type RemoteExport } from "./live-pool.ts";
import type { LiveJobRequest, SharedEngineFiles } from "./live-protocol.ts";
import { LiveScheduler, type SchedulerLimits } from "./live-scheduler.ts";

/** How the host computes live answers. */
export interface LiveSettings extends SchedulerLimits {
  /** Worker threads; 0 computes on the host's thread (no queue, no budget). */
  workers: number;
}

/** Defaults of the queue: the bench's 100 concurrent exports from one address fit in a client's half. */
export const DEFAULT_LIVE_QUEUE = 256;
export const DEFAULT_LIVE_PER_CLIENT = 2;
export const DEFAULT_LIVE_BUDGET_MS = 10_000;

/** Answers one build's live queries; undefined means "compute it on this thread" (no worker could start). */
export interface LiveAnswerer {
  answer(request: LiveJobRequest, clientAddress: string): Promise<LiveJson | RemoteExport | undefined>;
}

export interface LiveEngine {
  /** The answerer of a newly loaded build, whose files the workers load at once. */
  forSnapshot(files: SharedEngineFiles): LiveAnswerer;
  /** Answers waiting for a worker. */
  readonly waiting: number;
  /** See LiveScheduler.stop: nothing waits past the grace period. */
  stop(graceMs: number): void;
  /** Stops the workers. */
  close(): Promise<void>;
}

/** The pool and its queue, or undefined when `settings.workers` is 0. */
export function startLiveEngine(
  settings: LiveSettings,
  logError: (error: unknown) => void,
  script?: URL,
): LiveEngine | undefined {
  if (settings.workers <= 0) return undefined;
  const pool = new LivePool(settings.workers, logError, script);
  const scheduler = new LiveScheduler<PoolWorker>(settings, () => pool.acquire());
  pool.onFree = () => scheduler.pump();
  let nextSnapshot = 0;
  return {
    forSnapshot(files) {
      const snapshot = { id: nextSnapshot++, files };
      pool.share(snapshot);
      return {
        answer: async (request, clientAddress) =>
          pool.gaveUp ? undefined : scheduler.submit(clientAddress, (worker) => pool.run(worker, snapshot, request)),
      };
    },
    get waiting() {
      return scheduler.waiting;
    },
    stop: (graceMs) => scheduler.stop(graceMs),
    close: () => pool.close(),
  };
}
