/**
 * The emit threads' own contract, below the sink: work still queued when they stop is rejected, not left
 * pending (a build awaiting it would never end).
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { startEmitThreads } from "../../build/emit/emit-threads.ts";
import { jsonBody } from "./compress-fixtures.ts";

let parent: string;
beforeEach(async () => {
  parent = await mkdtemp(path.join(os.tmpdir(), "emit-threads-"));
});
afterEach(async () => {
  await rm(parent, { recursive: true, force: true });
});

it("rejects the work still queued when the threads are stopped", async () => {
  const threads = startEmitThreads(parent, 1);
  // Many large bodies to compress: the thread is still busy with the first when it is stopped.
  const emitted = Array.from({ length: 20 }, (_, i) => threads.emit({ path: `${i}.json`, body: jsonBody(2_000_000, String(i)), compress: true }));
  const outcomes = Promise.allSettled(emitted);
  await threads.close();
  const rejected = (await outcomes).filter((outcome) => outcome.status === "rejected");
  expect(rejected.length).toBeGreaterThan(0);
  expect(String((rejected[0] as PromiseRejectedResult).reason)).toMatch(/^Error: Internal error: an emit thread failed: /);
});
