/**
 * Load, bounded: autocannon on loopback against the real host process (rate limit off, started as
 * `npm start` starts it) with the mixed workload of load-workload.ts, 3 runs of 2,000 requests after a
 * warm-up of 1,000. Nothing lost (no errors, no timeouts, every status the one intended, no 5xx), memory
 * stable (what the host holds after a full collection at the end of run 3 within 10% of run 1's), and
 * clients reading slowly do not hold up anyone else. Throughput is measured by `npm run bench`
 * (scripts/bench/, wrk over its own URL lists), not here.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { sampleContext } from "../helpers/sample-host.ts";
import { startHostProcess, type HostProcess } from "./host-process.ts";
import { mixedWorkload, runWorkload, type WorkloadRequest } from "./load-workload.ts";
import { slowReader, type SlowReader } from "./slow-clients.ts";
import { bigIndexPath } from "../helpers/big-index-answer.ts";

/**
 * Requests per run: a count rather than a duration (it was 5 s, which gave a different test on every
 * machine: 700 to 1,400 requests a run beside busy neighbours, more on a quiet one). 4,000
 * requests lie between the two memory readings, so a leak of 1.1 KiB a request (10% of the 32 to 45 MiB
 * held) fails the test: a response kept (12 KB on average in this workload) or a connection's state would.
 */
const RUN_REQUESTS = 2_000;
/** While the slow readers hold the host: about 30 of each of the workload's 16 requests (it was 2 s). */
const HELD_REQUESTS = 500;
/**
 * Each of the workload's 16 requests some 60 times: every cache filled and the hot code optimised. The
 * first memory reading comes after run 1 besides, so the warm-up need not be as long as a run (it was
 * 5 s): what the memory check compares, the host after run 1 and after run 3, is unchanged.
 */
const WARM_UP_REQUESTS = 1_000;
let host: HostProcess;
let workload: WorkloadRequest[];
let bigPath = "";

beforeAll(async () => {
  const dist = inject("sampleDist");
  const { context } = await sampleContext();
  // The index of as many countries as one answer holds: several MB, far more than socket buffers hold, so a slow reader stays mid-response.
  bigPath = bigIndexPath(context);
  workload = await mixedWorkload(dist);
  // From npm start's bundle: the same host without transpiling its modules at start (0.4 s rather than 0.75 s).
  host = await startHostProcess(dist, { rateLimit: 0, memoryProbe: true, viaStartScript: true });
});
afterAll(async () => {
  await host.kill();
});

describe("the host under a mixed load", () => {
  it("answers every request of 3 runs as intended, with no errors, and its memory stays flat", async () => {
    await runWorkload(host.url, workload, { requests: WARM_UP_REQUESTS });
    // Heap and buffers right after a full collection: what a leak would raise. The resident size between
    // collections is no measure: on a busy machine the collector runs late (in CI it climbed 288 → 373 MiB
    // over three runs; beside two busy loops, 222 → 350 MiB and then 157 MiB on the next run), while what
    // the host held after collecting stayed at 43.5 to 44.8 MiB.
    const held: number[] = [];
    for (let run = 1; run <= 3; run += 1) {
      const { result, byKind, unexpected } = await runWorkload(host.url, workload, { requests: RUN_REQUESTS });
      const memory = await host.memoryAfterGc();
      held.push(memory.heapUsed + memory.external);
      expect(unexpected, `run ${run}`).toEqual([]);
      expect(
        [result.errors, result.timeouts, result["5xx"], result.mismatches],
        `run ${run}: errors, timeouts, 5xx, mismatches`,
      ).toEqual([0, 0, 0, 0]);
      // Only the intended errors are non-2xx/304, and every kind of request was served.
      expect(result.non2xx).toBe(
        (byKind["not-modified 304"] ?? 0) + (byKind["intended-error 404"] ?? 0) + (byKind["intended-error 400"] ?? 0),
      );
      for (const kind of [
        "precomputed 200",
        "card 200",
        "fallback 200",
        "export 200",
        "not-modified 304",
        "intended-error 404",
      ])
        expect(byKind[kind] ?? 0, `run ${run}: ${kind}`).toBeGreaterThan(0);
    }
    expect(
      held[2]!,
      `heap + external after a full collection, per run: ${held.map((bytes) => `${(bytes / 2 ** 20).toFixed(1)} MiB`).join(", ")}`,
    ).toBeLessThanOrEqual(held[0]! * 1.1);
    expect(host.child.exitCode).toBeNull();
  });

  it("keeps answering others while 16 clients read a large answer and an export a few bytes at a time", async () => {
    const slow: SlowReader[] = [];
    try {
      for (let i = 0; i < 8; i += 1)
        slow.push(
          await slowReader(host.url, bigPath),
          await slowReader(host.url, "/resume/api/v1/resumes/export?per_page=200&sort=experience"),
        );
      // Computing the large answer takes the host a moment per request; once every reader has its first
      // bytes, all that is left is sending megabytes to clients that barely read.
      while (slow.some((reader) => reader.received() === 0)) await new Promise((resolve) => setTimeout(resolve, 50));
      const { result, unexpected } = await runWorkload(host.url, workload, { requests: HELD_REQUESTS });
      expect(unexpected).toEqual([]);
      expect([result.errors, result.timeouts, result["5xx"]]).toEqual([0, 0, 0]);
      expect(result.requests.total).toBeGreaterThan(50);
      // The slow clients are still connected, mid-answer: they held the host the whole time.
      for (const reader of slow) expect([reader.open(), reader.received() > 0]).toEqual([true, true]);
      expect(slow[0]!.received()).toBeLessThan(100_000); // of several MB
    } finally {
      for (const reader of slow) reader.stop();
    }
  });
});
