/**
 * The render floor, for information beside the write floor (issue 7): what the build's plan costs with
 * nothing written and no compressed variant made. It loads, computes and indexes the seeds as a build does, then
 * runs the build's own plan (every response rendered, encoded and tagged, every page, chart and download
 * made) with no file emitted, and prints one JSON line with the milliseconds of each stage. A build cannot
 * write a response before it is rendered, so load, compute, search and this plan are a floor of its time
 * whatever it writes.
 * Usage: node scripts/bench/render-child.mjs <seeds> (bundled, as `npm run build` runs), or
 * node --import tsx scripts/bench/render-child.ts <seeds>
 * @module
 */
import { portalPages } from "../../build/publish/registry.ts";
import { planBuild, prepareContext } from "../../build/run-build.ts";

const [seedsDir] = process.argv.slice(2);
if (seedsDir === undefined) throw new Error("usage: render-child.ts <seeds>");

const stages: Record<string, number> = {};
async function timed<T>(stage: string, work: () => T | Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  stages[stage] = Math.round(performance.now() - started);
  return result;
}

// The same options as the bench's builds (build-child.ts), the build's own stages, and no file emitted.
const { context } = await prepareContext(seedsDir, "http://127.0.0.1:8080", timed);
const portal = await timed("pages", () => portalPages(context));
const plan = await timed("plan", () => planBuild(context, 20_000, {}, portal));
console.log(JSON.stringify({ stages, files: plan.files.length }));
