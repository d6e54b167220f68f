import { defineConfig } from "vitest/config";

/**
 * Test folders whose files hold no state between them (no host process, no patched global, no
 * environment or working-folder change, no module mock): they share one module graph per worker
 * (`isolate: false`), so the build modules are imported and transformed once per worker rather than once
 * per file (most of vitest's "import" time), and the sample build is loaded once per worker
 * (sample-host.ts). The rest stay isolated: sockets, child processes, signals and races.
 */
const SHARED_GRAPH = [
  "test/compute/**/*.test.ts",
  "test/load/**/*.test.ts",
  "test/search/**/*.test.ts",
  "test/shared/**/*.test.ts",
  "test/bench/**/*.test.ts",
  "test/docs/**/*.test.ts",
  "test/publish/**/*.test.ts",
  "test/helpers/**/*.test.ts",
];

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
    maxWorkers: 2,
    projects: [
      { test: { ...COMMON, name: "shared-graph", include: SHARED_GRAPH, isolate: false } },
      { test: { ...COMMON, name: "isolated", include: ["test/**/*.test.ts"], exclude: SHARED_GRAPH } },
    ],
  },
});
