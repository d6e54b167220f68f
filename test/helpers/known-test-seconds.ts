/**
 * Roughly how long the slow test files take, in seconds: the clean-clone CI run of issue 29 (three workers
 * on a quiet two-core machine), files of 4 s and more. The sequencer (longest-first-sequencer.ts) starts
 * them first on a machine with no results of its own. Only the order depends on these numbers, never a
 * result: refresh them when a file gets much faster or slower, and add a new slow file.
 */
export const KNOWN_SECONDS: Readonly<Record<string, number>> = {
  "test/publish/browser.test.ts": 75,
  "test/netlify/routing.test.ts": 63,
  "test/emit/determinism.test.ts": 51,
  "test/reliability/two-paths.property.test.ts": 27,
  "test/cli.test.ts": 25,
  "test/reliability/killed-build.test.ts": 21,
  "test/emit/incremental-publish.test.ts": 20,
  "test/netlify/netlify-cli.test.ts": 20,
  "test/reliability/load.test.ts": 17,
  "test/reliability/failing-helpers.test.ts": 14,
  "test/serve/host-reload.test.ts": 11,
  "test/serve/start-script.test.ts": 10,
  "test/publish/render-charts.test.ts": 10,
  "test/sample/synthetic-sample.test.ts": 10,
  "test/reliability/bad-seeds.test.ts": 9,
  "test/publish/releases.test.ts": 9,
  "test/sample/generate-sample.test.ts": 9,
  "test/serve/live-host.test.ts": 9,
  "test/reliability/two-paths-exports.property.test.ts": 8,
  "test/load/load-seeds.test.ts": 8,
  "test/serve/query-script.test.ts": 7,
  "test/consistency/dataset-cross-endpoint.test.ts": 7,
  "test/publish/download-formats.test.ts": 7,
  "test/netlify/function-vs-node-host.property.test.ts": 7,
  "test/query/resumes/contact-rules.test.ts": 7,
  "test/reliability/graceful-shutdown.test.ts": 7,
  "test/reliability/security.test.ts": 7,
  "test/emit/build-script.test.ts": 5,
  "test/reliability/slow-requests.test.ts": 5,
  "test/emit/cli-rebuild.test.ts": 5,
  "test/netlify/function-limits.test.ts": 4,
  "test/netlify/function.test.ts": 4,
  "test/serve/load-host.test.ts": 4,
};
