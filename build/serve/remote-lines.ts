/**
 * An export's lines as they come from a live worker: chunks pulled one ahead of the reader, so the
 * worker produces while the socket sends, and no faster than the client reads.
 * @module
 */

/** What the stream asks of its worker. */
export interface LineSource {
  pull(): void;
  cancel(): void;
}

export class RemoteLines implements AsyncIterableIterator<Buffer> {
  private readonly chunks: Buffer[] = [];
  private waiting: { resolve: (result: IteratorResult<Buffer>) => void; reject: (error: Error) => void } | undefined;
  private pulling = false;
  private ended = false;
  private failure: Error | undefined;
  private onEnd!: () => void;
  /** Resolves once the stream is over: read to its end, cancelled, or failed. */
  readonly finished = new Promise<void>((resolve) => (this.onEnd = resolve));

  constructor(
    private readonly source: LineSource,
    first: Buffer | undefined,
    done: boolean,
  ) {
    if (first !== undefined) this.chunks.push(first);
    if (done) this.end();
  }

  /** A chunk from the worker (`done`: it was the last). */
  receive(chunk: Buffer | undefined, done: boolean): void {
    this.pulling = false;
    if (chunk !== undefined) this.chunks.push(chunk);
    if (done) this.end();
    this.wake();
  }

  /** The worker failed or went away: the reader's next read throws. */
  fail(error: Error): void {
    if (this.ended) return;
    this.failure = error;
    this.end();
    this.wake();
  }

  next(): Promise<IteratorResult<Buffer>> {
    const chunk = this.chunks.shift();
    if (chunk !== undefined) {
      this.prefetch();
      return Promise.resolve({ value: chunk, done: false });
    }
    if (this.failure !== undefined) return Promise.reject(this.failure);
    if (this.ended) return Promise.resolve({ value: undefined, done: true });
    this.prefetch();
    return new Promise((resolve, reject) => (this.waiting = { resolve, reject }));
  }

  /** The reader stopped (the client left, or a 304 or HEAD needs no lines): the worker drops the export. */
  return(): Promise<IteratorResult<Buffer>> {
    if (!this.ended) {
      this.source.cancel();
      this.end();
    }
    this.chunks.length = 0;
    return Promise.resolve({ value: undefined, done: true });
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<Buffer> {
    return this;
  }

  private prefetch(): void {
    if (this.ended || this.pulling) return;
    this.pulling = true;
    this.source.pull();
  }

  private end(): void {
    this.ended = true;
    this.onEnd();
  }

  private wake(): void {
    const waiting = this.waiting;
    if (waiting === undefined) return;
    this.waiting = undefined;
    const chunk = this.chunks.shift();
    if (chunk !== undefined) {
      this.prefetch();
      waiting.resolve({ value: chunk, done: false });
    } else if (this.failure !== undefined) waiting.reject(this.failure);
    else if (this.ended) waiting.resolve({ value: undefined, done: true });
    else this.prefetch();
  }
}
