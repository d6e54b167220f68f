import { defineConfig } from "vitest/config";
import { LongestFirstSequencer } from "./test/helpers/longest-first-sequencer.ts";
import { ALL_TESTS, ISOLATED_TESTS } from "./test/helpers/test-projects.ts";

/** What both projects share. Not through `extends`: the global setup runs once, for the root project only. */
const COMMON = {
  // fetch retries once a request to a loopback host whose keep-alive connection closed under it (see the file).
  setupFiles: ["test/helpers/retry-reset-fetch.ts"],
  testTimeout: 60_000,
  hookTimeout: 300_000,
  pool: "forks" as const,
};

export default defineConfig({
  test: {
    // The root project's: its `provide` reaches every project (the sample is built once per run).
    globalSetup: ["test/helpers/global-setup.ts"],
    // One more worker than CI's two cores: some files wait more than they compute (security and slow-requests
    // on the host's timers, others on child processes starting), and a worker idles between files; a third
    // worker keeps both cores busy then (CPU idle during a run here: about 5 % with two workers, 2 % with
    // three; vitest 301 s -> 283 s wall, issue 29).
    maxWorkers: 3,
    // Slow files first, isolated before shared: see the file (issue 29).
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      // Files that hold no state between them share one module graph per worker (`isolate: false`): the
      // build modules are imported once per worker rather than once per file, and the sample build is loaded
      // once per worker (sample-host.ts). test-projects.ts names the exceptions and why.
      {
        test: { ...COMMON, name: "shared-graph", include: [ALL_TESTS], exclude: [...ISOLATED_TESTS], isolate: false },
      },
      { test: { ...COMMON, name: "isolated", include: [...ISOLATED_TESTS] } },
    ],
  },
});
