import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    globalSetup: ["test/helpers/global-setup.ts"],
    // fetch retries once a request to a loopback host whose keep-alive connection closed under it (see the file).
    setupFiles: ["test/helpers/retry-reset-fetch.ts"],
    testTimeout: 60_000,
    hookTimeout: 300_000,
    pool: "forks",
    maxWorkers: 2,
  },
});
