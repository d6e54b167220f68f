/**
 * The queue of live answers waiting for a worker (issue 30): bounded, served client by client, each
 * answer with a time budget to its first byte. Precomputed answers never come here, so they never wait
 * behind live ones. Workers are whatever `acquire` hands out; `pump` is called when one frees up.
 * @module
 */
import { HttpError } from "../errors.ts";
import { LIVE_RETRY_AFTER_SECONDS, serviceUnavailable } from "../shared/host-errors.ts";

export interface SchedulerLimits {
  /** Live answers waiting at most, all clients together; one more is refused with a 503. */
  maxQueued: number;
  /** Live answers in flight (computing or streaming) at most per client address; its others wait. */
  perClient: number;
  /** Milliseconds from arrival to the first byte: an answer not started by then is refused with a 503. */
  budgetMs: number;
}

/** What a task hands back once its first byte is ready: the value, and when its worker and client slot are free. */
export interface Started<R> {
  value: R;
  /** Resolves when the answer is fully handed over (at once for a whole body; at a stream's end). */
  finished: Promise<void>;
  /** Stops an answer nobody will read (abandoned past its budget): its stream is cancelled. */
  abandon(): void;
}

/** Seconds a refused client is told to wait (host-errors.ts). */
export const RETRY_AFTER_SECONDS = LIVE_RETRY_AFTER_SECONDS;

/** A stop keeps this share of its grace period (at most a second) to send its 503s before connections are cut. */
const STOP_MARGIN_MS = 1000;

interface Job<W> {
  client: string;
  run: (worker: W) => Promise<Started<unknown>>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  timer?: NodeJS.Timeout;
  /** When its budget runs out (the clock's milliseconds). */
  at?: number;
  /** Past its budget: answered 503, whatever its worker still sends is dropped. */
  settled: boolean;
}

export class LiveScheduler<W> {
  /** Waiting jobs per client, clients in the order they are served next (a Map keeps insertion order). */
  private readonly queues = new Map<string, Job<W>[]>();
  private readonly inFlight = new Map<string, number>();
  /** Jobs started on a worker whose first byte has not come yet. */
  private readonly running = new Set<Job<W>>();
  private queued = 0;
  private deadline = Number.POSITIVE_INFINITY;

  constructor(
    private readonly limits: SchedulerLimits,
    private readonly acquire: () => W | undefined,
    private readonly now: () => number = Date.now,
  ) {}

  /** Answers waiting for a worker, all clients together. */
  get waiting(): number {
    return this.queued;
  }

  /**
   * Queues `run` for a worker and resolves with its value once its first byte is ready; rejects with
   * a 503 when the queue (or the client's share of it, half) is full, or the budget runs out first.
   */
  submit<R>(client: string, run: (worker: W) => Promise<Started<R>>): Promise<R> {
    const queue = this.queues.get(client) ?? [];
    const budget = Math.min(this.limits.budgetMs, this.deadline - this.now());
    if (
      this.queued >= this.limits.maxQueued ||
      queue.length >= Math.max(1, Math.floor(this.limits.maxQueued / 2)) ||
      budget <= 0
    ) {
      return Promise.reject(serviceUnavailable(RETRY_AFTER_SECONDS));
    }
    return new Promise<R>((resolve, reject) => {
      const job: Job<W> = {
        client,
        run: run as Job<W>["run"],
        resolve: resolve as Job<W>["resolve"],
        reject,
        settled: false,
      };
      this.arm(job, budget);
      queue.push(job);
      this.queues.set(client, queue);
      this.queued += 1;
      this.pump();
    });
  }

  /** Starts waiting jobs while a worker is free, one client after the other (round robin). */
  pump(): void {
    while (this.queued > 0) {
      const client = this.nextClient();
      if (client === undefined) return;
      const worker = this.acquire();
      if (worker === undefined) return;
      this.start(this.take(client), worker);
    }
  }

  /**
   * From now on, no answer waits past `graceMs` (less a margin to send the 503s): the queued and running
   * answers finish if they can, and are answered 503 otherwise, before a graceful close cuts connections.
   */
  stop(graceMs: number): void {
    this.deadline = this.now() + Math.max(0, graceMs - Math.min(STOP_MARGIN_MS, graceMs / 4));
    const left = Math.max(0, this.deadline - this.now());
    for (const queue of this.queues.values()) for (const job of queue) this.arm(job, left, true);
    for (const job of this.running) this.arm(job, left, true);
  }

  /** Sets the job's budget timer (with `sooner`, only if it shortens the one set). */
  private arm(job: Job<W>, ms: number, sooner = false): void {
    const at = this.now() + ms;
    if (sooner && job.at !== undefined && job.at <= at) return;
    job.at = at;
    clearTimeout(job.timer);
    job.timer = setTimeout(() => this.expire(job), ms);
    job.timer.unref?.();
  }

  private expire(job: Job<W>): void {
    if (job.settled) return;
    job.settled = true;
    const queue = this.queues.get(job.client);
    const at = queue?.indexOf(job) ?? -1;
    if (at >= 0) {
      queue!.splice(at, 1);
      this.queued -= 1;
      if (queue!.length === 0) this.queues.delete(job.client);
    }
    job.reject(serviceUnavailable(RETRY_AFTER_SECONDS));
  }

  /** The first client in serving order with a job waiting and a free slot. */
  private nextClient(): string | undefined {
    for (const client of this.queues.keys())
      if ((this.inFlight.get(client) ?? 0) < this.limits.perClient) return client;
    return undefined;
  }

  /** The client's oldest job, the client moved to the back of the serving order. */
  private take(client: string): Job<W> {
    const queue = this.queues.get(client)!;
    const job = queue.shift()!;
    this.queued -= 1;
    this.queues.delete(client);
    if (queue.length > 0) this.queues.set(client, queue);
    return job;
  }

  private start(job: Job<W>, worker: W): void {
    this.inFlight.set(job.client, (this.inFlight.get(job.client) ?? 0) + 1);
    this.running.add(job);
    const release = () => {
      const left = (this.inFlight.get(job.client) ?? 1) - 1;
      if (left === 0) this.inFlight.delete(job.client);
      else this.inFlight.set(job.client, left);
      this.pump();
    };
    job.run(worker).then(
      (started) => {
        this.running.delete(job);
        clearTimeout(job.timer);
        void started.finished.then(release, release);
        if (job.settled) return started.abandon();
        job.settled = true;
        job.resolve(started.value);
      },
      (error: unknown) => {
        this.running.delete(job);
        clearTimeout(job.timer);
        release();
        if (job.settled) return;
        job.settled = true;
        job.reject(error instanceof HttpError || error instanceof Error ? error : new Error(String(error)));
      },
    );
  }
}
