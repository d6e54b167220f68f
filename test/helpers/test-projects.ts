/**
 * Which test files run in their own module graph (vitest project `isolated`) and which share one per
 * worker (`shared-graph`, `isolate: false`): vitest.config.ts reads these lists, and shared-graph.test.ts
 * checks that no shared file holds state across files.
 *
 * Why share: an isolated file starts in a fresh module graph and imports the build's modules again (about
 * 1.2 s of CPU a file that runs a build or a host, issue 29); a shared worker imports them once and loads
 * the sample build once (sample-host.ts). So a file is shared unless it must not be.
 */

/**
 * The files that change something process-wide which a later file in the same worker would inherit,
 * each with its reason. A new test file that mocks a module, writes `process.env` or `process.exitCode`,
 * patches a global or leaves a process listener belongs here (shared-graph.test.ts fails until it is).
 * Not here: a file that sets process.exitCode and puts it back after each test (exit-code.ts: the CLI's
 * and the query command's in-process runs), and one that starts child processes and stops them in its
 * hooks (netlify dev, npm start, npm run serve; test/reliability/ signals, kills and holds sockets of child
 * processes and servers of its own, never of this process): neither leaves anything to the next file (issue 29).
 */
export const ISOLATED_TESTS = [
  // vi.mock of node:fs/promises or of a build module.
  "test/emit/build-lock-race.test.ts",
  "test/emit/failed-build.test.ts",
  "test/serve/host-swap-race.test.ts",
  "test/serve/load-host.test.ts",
  // Write process.env.API_DIST, which the Netlify function reads.
  "test/netlify/function.test.ts",
  "test/netlify/function-vs-node-host.property.test.ts",
] as const;

/** Every test file; those not isolated share a module graph. */
export const ALL_TESTS = "test/**/*.test.ts";
