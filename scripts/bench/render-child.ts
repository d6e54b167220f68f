/**
 * The render floor, for information beside the write floor (issue 7): what the build's plan costs with
 * nothing written and nothing compressed. It loads, computes and indexes the seeds as a build does, then
 * runs the build's own plan (every response rendered, encoded and tagged, every page, chart and download
 * made) with no file emitted, and prints one JSON line with the milliseconds of each stage. A build cannot
 * write a response before it is rendered, so load, compute, search and this plan are a floor of its time
 * whatever it writes.
 * Usage: node scripts/bench/render-child.mjs <seeds> (bundled, as `npm run build` runs), or
 * node --import tsx scripts/bench/render-child.ts <seeds>
 * @module
 */
import { computeDataset } from "../../build/compute/compute-dataset.ts";
import { planOutputs } from "../../build/emit/plan-outputs.ts";
import { loadSeeds } from "../../build/load/load-seeds.ts";
import { NETLIFY_FILE_COUNT } from "../../build/netlify/netlify-files.ts";
import { SITE_PRODUCERS } from "../../build/publish/registry.ts";
import { buildEngineIndex } from "../../build/query/engine-index.ts";
import { ENDPOINTS } from "../../build/query/endpoints.ts";
import { buildResumeSearchIndex } from "../../build/search/resume-search-index.ts";

const [seedsDir] = process.argv.slice(2);
if (seedsDir === undefined) throw new Error("usage: render-child.ts <seeds>");

const stages: Record<string, number> = {};
async function timed<T>(stage: string, work: () => T | Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  stages[stage] = Math.round(performance.now() - started);
  return result;
}

// The same options as the bench's builds (build-child.ts).
const { seeds } = await timed("load", () => loadSeeds(seedsDir));
const computed = await timed("compute", () => {
  const dataset = computeDataset(seeds, { baseUrl: "http://127.0.0.1:8080" });
  return { dataset, index: buildEngineIndex(dataset) };
});
const resumeSearch = await timed("search", () => buildResumeSearchIndex(computed.dataset.resumes));
const plan = await timed("plan", () => planOutputs({ ...computed, resumeSearch }, ENDPOINTS, { maxFiles: 20_000, siteProducers: SITE_PRODUCERS, reservedFiles: NETLIFY_FILE_COUNT }));
console.log(JSON.stringify({ stages, files: plan.files.length }));
