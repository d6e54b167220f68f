/**
 * The build: load → compute → plan → write, each stage timed; returns a report.
 * A library function: no argv, no process.exit.
 * @module
 */
import { computeDataset } from "./compute/compute-dataset.ts";
import { fingerprintInputs, recordBuild, recordedBuild } from "./emit/build-inputs.ts";
import { compressOutputs, type CompressedPlan } from "./emit/compress-outputs.ts";
import { startEarlyCompression } from "./emit/early-compression.ts";
import { MANIFEST_FILE, planOutputs, type OutputPlan } from "./emit/plan-outputs.ts";
import { publishOutputs, readPreviousOutput, type PublishReport } from "./emit/publish-outputs.ts";
import { loadSeeds, type LoadStats } from "./load/load-seeds.ts";
import { NETLIFY_FILE_COUNT, planNetlifyFiles, type NetlifyReport } from "./netlify/netlify-files.ts";
import { buildEngineIndex } from "./query/engine-index.ts";
import { ENDPOINTS } from "./query/endpoints.ts";
import { SITE_PRODUCERS } from "./publish/registry.ts";
import { buildResumeSearchIndex } from "./search/resume-search-index.ts";

export interface BuildOptions {
  seedsDir: string;
  outDir: string;
  baseUrl: string;
  maxFiles: number;
  /** Plan only: write nothing. */
  dryRun: boolean;
  /** Called as each stage starts and ends, for progress output. */
  onStage?: (stage: string, event: "start" | "end", ms?: number) => void;
}

export interface BuildReport {
  seeds: LoadStats;
  stages: Record<string, number>;
  files: number;
  bytes: number;
  endpoints: { id: string; planned: number; cut: number; bytes: number }[];
  dryRun: boolean;
  outDir: string;
  /** Netlify routing made from the plan (dist/_redirects, dist/_headers). */
  netlify: NetlifyReport;
  /** What the write did: files written and hard-linked, or left unchanged (absent on a dry run). */
  publish?: PublishReport;
}

/** What dist/ records of its build, so that a rebuild from the same inputs can report without redoing it. */
type RecordedSummary = Omit<BuildReport, "stages" | "dryRun" | "outDir">;

/** Runs a build; on a seed error nothing is written and the previous output stays as it was. */
export async function runBuild(options: BuildOptions): Promise<BuildReport> {
  const stages: Record<string, number> = {};
  const timed = async <T>(stage: string, work: () => T | Promise<T>): Promise<T> => {
    options.onStage?.(stage, "start");
    const started = performance.now();
    const result = await work();
    stages[stage] = Math.round(performance.now() - started);
    options.onStage?.(stage, "end", stages[stage]);
    return result;
  };

  // Same seeds, options and code as the output in place: it is already what this build would write (issue 7).
  const checking = performance.now();
  const fingerprint = options.dryRun ? undefined : await fingerprintInputs(options.seedsDir, { baseUrl: options.baseUrl, maxFiles: options.maxFiles });
  const kept = fingerprint === undefined ? undefined : await recordedBuild<RecordedSummary>(options.outDir, fingerprint);
  // Reported after the other stages, which keep their order.
  const inputsMs = Math.round(performance.now() - checking);
  if (kept !== undefined) return { ...kept, stages: { inputs: inputsMs }, dryRun: false, outDir: options.outDir, publish: { ...kept.publish!, written: 0, linked: 0, unchanged: true } };

  const { seeds, stats } = await timed("load", () => loadSeeds(options.seedsDir));
  const computed = await timed("compute", () => {
    const dataset = computeDataset(seeds, { baseUrl: options.baseUrl });
    return { dataset, index: buildEngineIndex(dataset) };
  });
  const resumeSearch = await timed("search", () => buildResumeSearchIndex(computed.dataset.resumes));
  const context = { ...computed, resumeSearch };
  const previous = options.dryRun ? undefined : await readPreviousOutput(options.outDir);
  // Responses are compressed on other threads as the plan renders them (issue 7).
  const early = startEarlyCompression(previous);
  let plan: OutputPlan;
  let netlify: ReturnType<typeof planNetlifyFiles>;
  let output: CompressedPlan;
  try {
    plan = await timed("plan", async () => planOutputs(context, ENDPOINTS, { maxFiles: options.maxFiles, siteProducers: SITE_PRODUCERS, reservedFiles: NETLIFY_FILE_COUNT, onResponse: early.offer }));
    // Netlify's routing comes from the same plan as the files it routes to, so the two cannot drift.
    netlify = planNetlifyFiles(plan, ENDPOINTS);
    plan.files.push(...netlify.files);
    // Compressed variants (issue 5), reusing the previous output's for bodies that did not change (issue 7).
    output = await timed("compress", () => compressOutputs(plan, previous, early));
  } finally {
    await early.close();
  }
  // Files and bytes of the plan: compressed variants have their own row in `endpoints`.
  const bytes = plan.files.reduce((sum, file) => sum + Buffer.byteLength(file.body), 0);
  const report: BuildReport = { seeds: stats, stages, files: plan.files.length, bytes, endpoints: endpointBytes(output), dryRun: options.dryRun, outDir: options.outDir, netlify: netlify.report };
  await timed("write", async () => {
    if (fingerprint === undefined) return;
    const summary: RecordedSummary = { seeds: stats, files: report.files, bytes, endpoints: report.endpoints, netlify: netlify.report };
    const files = output.files.length + output.reused.length + 1;
    const outputBytes = bytes + output.variants.bytes;
    summary.publish = { files, bytes: outputBytes, written: files, linked: 0, unchanged: false };
    output.files.push(recordBuild({ fingerprint, files, summary }, output.files.find((file) => file.path === MANIFEST_FILE)!.body));
    report.publish = await publishOutputs(options.outDir, output, previous);
  });
  if (fingerprint !== undefined) stages.inputs = inputsMs;
  return report;
}

function endpointBytes(plan: OutputPlan & Pick<CompressedPlan, "variants">): BuildReport["endpoints"] {
  const bytes = new Map<string, number>();
  for (const file of plan.files) bytes.set(file.group, (bytes.get(file.group) ?? 0) + Buffer.byteLength(file.body));
  const rows = plan.endpoints.map((row) => ({ ...row, bytes: bytes.get(row.id) ?? 0 }));
  for (const group of ["site", "netlify", "engine"]) rows.push({ id: group, planned: plan.files.filter((file) => file.group === group).length, cut: 0, bytes: bytes.get(group) ?? 0 });
  // Not queries: outside the --max-files budget, but reported.
  rows.push({ id: "compressed (.br, .gz)", planned: plan.variants.files, cut: 0, bytes: plan.variants.bytes });
  return rows;
}
