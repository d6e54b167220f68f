/**
 * One build in a process of its own, so its peak memory is its own: prints one JSON line with the
 * build's wall time (inside the process, without Node's start), its report and its peak RSS.
 * Usage: node scripts/bench/build-child.mjs <seeds> <out> [--engine-only] (bundled, as `npm run build`
 * runs), or node --import tsx scripts/bench/build-child.ts <seeds> <out> [--engine-only]
 * @module
 */
import { runBuild } from "../../build/run-build.ts";

const [seedsDir, outDir, option] = process.argv.slice(2);
if (seedsDir === undefined || outDir === undefined) throw new Error("usage: build-child.ts <seeds> <out>");
const started = performance.now();
// As the CLI runs it: the previous output, where there is one, is removed by a detached process.
const report = await runBuild({
  seedsDir,
  outDir,
  baseUrl: "http://127.0.0.1:8080",
  maxFiles: 20_000,
  dryRun: false,
  // The Netlify function's bench needs its engine files alone (issue 32).
  engineOnly: option === "--engine-only",
  removePreviousInBackground: true,
});
const ms = performance.now() - started;
const variants = report.endpoints.find((row) => row.id.startsWith("compressed"));
console.log(
  JSON.stringify({
    ms,
    stages: report.stages,
    files: report.files,
    bytes: report.bytes,
    variants: { files: variants?.planned ?? 0, bytes: variants?.bytes ?? 0 },
    seedBytes: report.seeds.bytes,
    records: report.seeds.records,
    publish: report.publish,
    // resourceUsage reports kibibytes.
    maxRssBytes: process.resourceUsage().maxRSS * 1024,
  }),
);
