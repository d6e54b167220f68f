/**
 * defaultLiveWorkers: the pool's size from the cores, hand-computed (issue 30).
 */
import { describe, expect, it } from "vitest";
import { defaultLiveWorkers } from "../../build/serve/live-pool.ts";

describe("defaultLiveWorkers", () => {
  it.each([
    [1, 1], // one core: still one worker, so that the host's thread never computes
    [2, 1], // the host's thread and one worker, a core each
    [3, 2],
    [5, 4],
    [64, 4], // at most four: each holds the dataset
  ])("%i cores → %i workers", (cores, workers) => {
    expect(defaultLiveWorkers(cores)).toBe(workers);
  });
});
