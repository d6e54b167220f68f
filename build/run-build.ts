/**
 * The build: load → compute → plan → write, each stage timed; returns a report.
 * A library function: no argv, no process.exit.
 * @module
 */
import { canonicalBaseUrl, computeDataset } from "./compute/compute-dataset.ts";
import { fingerprintInputs, recordBuild, recordedBuild, recordsBuildOf } from "./emit/build-inputs.ts";
import { acquireBuildLock } from "./emit/build-lock.ts";
import { BuildError } from "./errors.ts";
import { completeOutput, createOutputSink, type SinkReport } from "./emit/output-sink.ts";
import { planOutputs, type OnPlannedFile, type OutputPlan } from "./emit/plan-outputs.ts";
import { MANIFEST_FILE } from "./output-format/manifest.ts";
import { readPreviousOutput } from "./emit/previous-output.ts";
import { removeInBackground } from "./emit/remove-in-background.ts";
import { recoverInterruptedBuild, refuseForeignOutput, stageOutput } from "./emit/publish-atomically.ts";
import { killedSwapLeftBehind } from "./output-format/output-folder.ts";
import { inspectSeeds, loadSeeds, requireSeedsFolder, type LoadOptions, type LoadStats } from "./load/load-seeds.ts";
import type { BuildWarning } from "./load/seed-warnings.ts";
import { findDatasetWarnings } from "./compute/dataset-warnings.ts";
import type { SeedProblem } from "./errors.ts";
import { NETLIFY_FILE_COUNT, planNetlifyFiles, type NetlifyReport } from "./netlify/netlify-files.ts";
import type { EngineContext } from "./query/endpoint.ts";
import { buildEngineIndex } from "./query/engine-index.ts";
import { ENDPOINTS } from "./query/endpoints.ts";
import { portalPages, SITE_PRODUCERS } from "./publish/registry.ts";
import type { SiteFile } from "./output-format/site-files.ts";
import { buildResumeSearchIndex } from "./search/resume-search-index.ts";
import { eraseSuppressed, suppressionMatcher } from "./compute/erase-resumes.ts";
import { readReleaseArchive, RELEASES_FILE } from "./publish/release-archive.ts";
import { changesSummary } from "./publish/release-changes.ts";
import { releaseSet } from "./publish/releases.ts";
import { etagOf } from "./output-format/etag.ts";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { DEFAULT_RESUME_CONTACTS } from "./compute/resume-contacts.ts";
import type { ContactScope, Meta } from "./load/schemas.ts";

/** The address a build publishes when neither `--base-url` nor `meta.base_url` gives one: this machine only. */
export const DEFAULT_BASE_URL = "http://127.0.0.1:8080";

export interface BuildOptions {
  seedsDir: string;
  outDir: string;
  /** The public address; absent: `meta.base_url`, else the loopback default (#26). */
  baseUrl?: string;
  /** Replaces `meta.snapshot_at` (#26). */
  snapshotAt?: string;
  maxFiles: number;
  /** How far resume contacts may be published: the default consent and the cap (issue 31). @default "public" */
  resumeContacts?: ContactScope;
  /** A folder of earlier releases to carry forward (issue 34): a site's `downloads/` or a whole output; default: the previous output. */
  archive?: string;
  /** How many releases to keep, the current one included (issue 34); default: all. */
  keepReleases?: number;
  /** Plan only: write nothing. */
  dryRun: boolean;
  /**
   * Write the engine's files only (issue 32): `_engine/` (dataset, search index, manifest, build record) and
   * the routing, what the Netlify function and the host's live answers read; no page, download or
   * precomputed response. For benches and tests of the function: not a site to publish. @default false
   */
  engineOnly?: boolean;
  /**
   * Leave the removal of the previous output, once the new one is in place, to a detached process
   * rather than wait for it (the CLI's choice: 1.5 to 2 s for the sample). A later build removes
   * whatever that process did not.
   */
  removePreviousInBackground?: boolean;
  /** Called as each stage starts and ends, for progress output. */
  onStage?: (stage: string, event: "start" | "end", ms?: number) => void;
}

/** The summary row of the compressed variants (not queries: outside the --max-files budget, but reported). */
export const VARIANTS_ROW = "compressed (.br, .gz)";

/** What the suppression list did (issue 31): counted, never named. */
export interface ErasureReport {
  /** Resumes left out. */
  erased: number;
  /** Entries that matched no resume, by their place in the list (`emails[0]`). */
  unmatched: string[];
}

/** The release this build published (issue 34). */
export interface ReleaseReport {
  name: string;
  /** Earlier releases kept beside it. */
  kept: number;
  /** Earlier releases rewritten under the current rules. */
  rewritten: number;
  /** What changed against the newest kept release, one line per resource (empty: nothing, or no earlier release). */
  changes: string[];
}

/** The address the build published and what gave it (#26): the loopback default is worth a line in the summary. */
export interface SiteAddress {
  base_url: string;
  from: "--base-url" | "meta.base_url" | "default";
}

export interface BuildReport {
  seeds: LoadStats;
  site: SiteAddress;
  /** Likely mistakes and weak figures (#26): the build went on. */
  warnings: BuildWarning[];
  /** The build report beside the output, or why it could not be written (absent on a dry run). */
  reportFile?: { written: string } | { failed: string };
  erasure: ErasureReport;
  release?: ReleaseReport;
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

/** What the write did, for the build summary. */
export interface PublishReport {
  /** Files in the published output, compressed variants included. */
  files: number;
  /** Their bytes. */
  bytes: number;
  /** Files whose bytes were written. */
  written: number;
  /** Files hard-linked from the previous output. */
  linked: number;
  /** True when the output in place was already this build's (nothing touched). */
  unchanged: boolean;
}

/** What dist/ records of its build, so that a rebuild from the same inputs can report without redoing it. */
type RecordedSummary = Omit<BuildReport, "stages" | "dryRun" | "outDir">;

/**
 * Runs a build; on a seed error nothing is written and the previous output stays as it was. Another
 * build writing the same output folder makes this one fail once it gets there (build-lock.ts).
 */
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

  await requireSeedsFolder(options.seedsDir);
  if (!options.dryRun) await restoreAfterKilledSwap(options.outDir);
  // A dry run too: it reads only, and "Would write … to" a folder the build refuses was a false promise.
  await refuseForeignOutput(options.outDir, MANIFEST_FILE);
  // Same seeds, options and code as the output in place: it is already what this build would write (issue 7).
  const checking = performance.now();
  const resumeContacts = options.resumeContacts ?? DEFAULT_RESUME_CONTACTS;
  const releaseOptions = {
    archive: options.archive === undefined ? undefined : await archiveFingerprint(options.archive),
    keepReleases: options.keepReleases,
  };
  const fingerprint = options.dryRun
    ? undefined
    : await fingerprintInputs(options.seedsDir, {
        baseUrl: options.baseUrl === undefined ? undefined : canonicalBaseUrl(options.baseUrl),
        snapshotAt: options.snapshotAt,
        maxFiles: options.maxFiles,
        resumeContacts,
        ...releaseOptions,
        // Absent unless set, so that a full build's fingerprint is what it was before the option.
        ...(options.engineOnly === true ? { engineOnly: true } : {}),
      });
  const kept = fingerprint === undefined ? undefined : await keptBuild(options.outDir, fingerprint);
  // Reported after the other stages, which keep their order.
  const inputsMs = Math.round(performance.now() - checking);
  if (kept !== undefined) {
    return {
      ...kept,
      reportFile: await writeBuildReport(options.outDir, kept),
      stages: { inputs: inputsMs },
      dryRun: false,
      outDir: options.outDir,
      publish: { ...kept.publish!, written: 0, linked: 0, unchanged: true },
    };
  }

  const { context, stats, erasure, erased, site, warnings } = await prepareContext(
    options.seedsDir,
    options.baseUrl,
    timed,
    resumeContacts,
    { snapshotAt: options.snapshotAt },
  );
  // From here on the output folder is read and written: one build at a time there (build-lock.ts). A
  // build that fails earlier (bad seeds) holds the lock only for restoreAfterKilledSwap, if at all.
  const lock = fingerprint === undefined ? undefined : await acquireBuildLock(options.outDir);
  try {
    const previous = options.dryRun ? undefined : await readPreviousOutput(options.outDir);
    // Earlier releases, read before anything is staged: from --archive, else from the output in place (issue 34).
    // An engine-only build publishes no downloads, so no release.
    if (options.engineOnly !== true)
      context.releases = {
        earlier: await readReleaseArchive(options.archive ?? options.outDir),
        erased,
        ...(options.keepReleases === undefined ? {} : { keep: options.keepReleases }),
      };
    // Files are written into a staging folder (swapped in at the end) and compressed on other threads
    // as the plan produces them (issue 7); a dry run only compresses, for the summary.
    // With people erased, the previous output (which may hold them) is gone before the build ends, never
    // left to a background process that might not finish (issue 31); stageOutput has already removed
    // whatever earlier builds left beside the output.
    const background = options.removePreviousInBackground === true && !erasesAnyone(erasure);
    const staged =
      fingerprint === undefined
        ? undefined
        : await stageOutput(options.outDir, background ? { removePrevious: removeInBackground } : {});
    const sink = createOutputSink(staged?.dir, previous);
    let committed = false;
    try {
      // The pages for people are made in a stage of their own, so the build's timings show their cost (issue 28).
      const emit = { onFile: sink.addDescribed, pace: sink.paced };
      const portal = options.engineOnly === true ? undefined : await timed("pages", () => portalPages(context));
      const plan = await timed("plan", () =>
        portal === undefined ? planEngineOnly(context, emit) : planBuild(context, options.maxFiles, emit, portal),
      );
      // Netlify's routing comes from the same plan as the files it routes to, so the two cannot drift.
      const netlify = planNetlifyFiles(plan, ENDPOINTS);
      plan.files.push(...netlify.files);
      const report: BuildReport = {
        seeds: stats,
        site,
        warnings,
        erasure,
        release: options.engineOnly === true ? undefined : await releaseReport(context),
        stages,
        files: plan.files.length,
        bytes: 0,
        endpoints: [],
        dryRun: options.dryRun,
        outDir: options.outDir,
        netlify: netlify.report,
      };
      await timed("write", async () => {
        const manifestText = await completeOutput(sink, plan);
        const { variants } = await sink.settled();
        // Files and bytes of the plan (its manifest final): compressed variants have their own row in `endpoints`.
        const bytes = plan.files.reduce((sum, file) => sum + Buffer.byteLength(file.body), 0);
        report.bytes = bytes;
        report.endpoints = endpointBytes(plan, variants);
        if (staged === undefined || fingerprint === undefined) return;
        const summary: RecordedSummary = {
          seeds: stats,
          site,
          warnings,
          erasure,
          release: report.release,
          files: report.files,
          bytes,
          endpoints: report.endpoints,
          netlify: netlify.report,
        };
        // Every file of the output: the plan's, their variants and the build record.
        const files = plan.files.length + variants.files + 1;
        summary.publish = { files, bytes: bytes + variants.bytes, written: files, linked: 0, unchanged: false };
        sink.addPlain(recordBuild({ fingerprint, files, plain: plainSizes(plan), summary }, manifestText));
        const { written, linked } = await sink.settled();
        await staged.commit();
        sink.published(options.outDir);
        report.publish = { files, bytes: bytes + variants.bytes, written, linked, unchanged: false };
      });
      if (fingerprint !== undefined) stages.inputs = inputsMs;
      committed = true;
      if (!options.dryRun) report.reportFile = await writeBuildReport(options.outDir, report);
      return report;
    } finally {
      // Threads first: none may still be writing into the staging folder while it is removed.
      await sink.close();
      if (!committed) await staged?.discard();
    }
  } finally {
    await lock?.release();
  }
}

/** Runs one stage of a build, timing it under its name. */
export type TimeStage = <T>(stage: string, work: () => T | Promise<T>) => Promise<T>;

/**
 * The stages before any file exists: the seeds loaded, the dataset computed and indexed, the resume
 * search index built. Shared with the bench's render floor (scripts/bench/render-child.ts).
 */
export async function prepareContext(
  seedsDir: string,
  baseUrl: string | undefined,
  timed: TimeStage,
  resumeContacts: ContactScope = DEFAULT_RESUME_CONTACTS,
  load: LoadOptions = {},
): Promise<{
  context: EngineContext;
  stats: LoadStats;
  erasure: ErasureReport;
  erased: ReturnType<typeof suppressionMatcher>;
  site: SiteAddress;
  warnings: BuildWarning[];
}> {
  const { seeds, stats, warnings } = await timed("load", () => loadSeeds(seedsDir, load));
  const site = siteAddress(baseUrl, seeds.meta);
  const { kept, erased, unmatched } = eraseSuppressed(seeds.resumes, seeds.suppressions);
  const computed = await timed("compute", () => {
    const dataset = computeDataset({ ...seeds, resumes: kept }, { baseUrl: site.base_url, resumeContacts });
    return { dataset, index: buildEngineIndex(dataset) };
  });
  const resumeSearch = await timed("search", () =>
    buildResumeSearchIndex(computed.dataset.resumes, computed.dataset.searchSynonyms),
  );
  return {
    context: { ...computed, resumeSearch },
    site,
    warnings: [...warnings, ...findDatasetWarnings(computed.dataset)],
    stats,
    erasure: { erased, unmatched },
    erased: suppressionMatcher(seeds.suppressions),
  };
}

/** The public address: `--base-url`, else `meta.base_url`, else the loopback default (#26). */
export function siteAddress(baseUrl: string | undefined, meta: Pick<Meta, "base_url">): SiteAddress {
  if (baseUrl !== undefined) return { base_url: canonicalBaseUrl(baseUrl), from: "--base-url" };
  if (meta.base_url !== undefined) return { base_url: canonicalBaseUrl(meta.base_url), from: "meta.base_url" };
  return { base_url: DEFAULT_BASE_URL, from: "default" };
}

/** The file of the build report (#26): beside the output folder, never inside it, so it is never published. */
export function buildReportPath(outDir: string): string {
  return path.join(path.dirname(path.resolve(outDir)), BUILD_REPORT_FILE);
}
export const BUILD_REPORT_FILE = "build-report.json";

/**
 * Writes the build report: the address, what was read and every warning. Deterministic (no times), and
 * naming no person: warnings name brands, licenses and markets, never a resume.
 */
async function writeBuildReport(
  outDir: string,
  report: Pick<BuildReport, "seeds" | "site" | "warnings">,
): Promise<BuildReport["reportFile"]> {
  const body = {
    out: path.basename(path.resolve(outDir)),
    site: report.site,
    seeds: report.seeds,
    warnings: report.warnings,
  };
  const file = buildReportPath(outDir);
  // The output is in place by now: a report that cannot be written (a read-only parent) is said, not fatal.
  return writeFile(file, `${JSON.stringify(body, null, 2)}\n`).then(
    () => ({ written: file }),
    (error: unknown) => ({ failed: `${file}: ${(error as Error).message}` }),
  );
}

/** Loads and validates the seeds, then computes the dataset for its warnings; writes nothing (`--check`). */
export async function checkSeeds(
  seedsDir: string,
  options: LoadOptions & { baseUrl?: string } = {},
): Promise<{ stats: LoadStats; problems: SeedProblem[]; warnings: BuildWarning[]; site?: SiteAddress }> {
  await requireSeedsFolder(seedsDir);
  const { seeds, stats, problems, warnings } = await inspectSeeds(seedsDir, options);
  if (seeds === undefined) return { stats, problems, warnings };
  const site = siteAddress(options.baseUrl, seeds.meta);
  const dataset = computeDataset(seeds, { baseUrl: site.base_url });
  return { stats, problems, warnings: [...warnings, ...findDatasetWarnings(dataset)], site };
}

/** The release published and what changed since the one before it. */
async function releaseReport(context: EngineContext): Promise<ReleaseReport> {
  const set = await releaseSet(context);
  return {
    name: set.current.name,
    kept: set.kept.length,
    rewritten: set.kept.filter((release) => release.entry.rewritten !== undefined).length,
    changes: set.changes === undefined ? [] : changesSummary(set.changes),
  };
}

/** What of an archive folder a build depends on: its listing of releases (each file is checked against it when read). */
async function archiveFingerprint(dir: string): Promise<string> {
  const listing = await readFile(path.join(dir, "downloads", RELEASES_FILE)).catch(() =>
    readFile(path.join(dir, RELEASES_FILE)).catch(() => Buffer.alloc(0)),
  );
  return `${path.resolve(dir)} ${etagOf(listing)}`;
}

/** Whether the suppression list names anyone: then nothing of the previous output may outlive the build. */
function erasesAnyone(erasure: ErasureReport): boolean {
  return erasure.erased > 0 || erasure.unmatched.length > 0;
}

/** Every response, page and download a build writes, planned; `emit` receives each file as it is planned. */
export function planBuild(
  context: EngineContext,
  maxFiles: number,
  emit: { onFile?: OnPlannedFile; pace?: () => Promise<void> } = {},
  portal?: readonly SiteFile[],
): Promise<OutputPlan> {
  const made = portal ?? portalPages(context);
  return planOutputs(context, ENDPOINTS, {
    maxFiles,
    siteProducers: [...SITE_PRODUCERS, () => [...made]],
    reservedFiles: NETLIFY_FILE_COUNT,
    ...emit,
  });
}

/** The engine's files alone (`--engine-only`): no endpoint's responses, no site file. */
export function planEngineOnly(
  context: EngineContext,
  emit: { onFile?: OnPlannedFile; pace?: () => Promise<void> } = {},
): Promise<OutputPlan> {
  return planOutputs(context, [], { maxFiles: Number.MAX_SAFE_INTEGER, ...emit });
}

/**
 * A build killed inside its swap leaves no output folder, only the previous tree set aside: it is put back
 * first, before the seeds are read, so that a build that then stops on bad seeds still leaves the
 * previous output in place. Skipped while another build holds the folder: that one recovers it itself.
 */
async function restoreAfterKilledSwap(outDir: string): Promise<void> {
  if (!(await killedSwapLeftBehind(outDir))) return;
  const lock = await acquireBuildLock(outDir).catch((error: unknown) => {
    if (error instanceof BuildError) return undefined;
    throw error;
  });
  if (lock === undefined) return;
  try {
    await recoverInterruptedBuild(outDir);
  } finally {
    await lock.release();
  }
}

/**
 * The recorded summary when the output in place is already this build's. Checked under the build lock:
 * another build writing the folder meanwhile makes this one fail as any second build does, rather than
 * report "nothing changed" about a folder about to be replaced.
 */
async function keptBuild(outDir: string, fingerprint: string): Promise<RecordedSummary | undefined> {
  if (!(await recordsBuildOf(outDir, fingerprint))) return undefined;
  const lock = await acquireBuildLock(outDir);
  try {
    return await recordedBuild<RecordedSummary>(outDir, fingerprint);
  } finally {
    await lock.release();
  }
}

/** The sizes of the plan's files that its manifest does not describe (the manifest itself aside). */
function plainSizes(plan: OutputPlan): Record<string, number> {
  const described = new Set([
    ...Object.keys(plan.manifest.files),
    ...Object.values(plan.manifest.site).map((site) => site.file),
    MANIFEST_FILE,
  ]);
  return Object.fromEntries(
    plan.files.filter((file) => !described.has(file.path)).map((file) => [file.path, Buffer.byteLength(file.body)]),
  );
}

function endpointBytes(plan: OutputPlan, variants: SinkReport["variants"]): BuildReport["endpoints"] {
  const bytes = new Map<string, number>();
  for (const file of plan.files) bytes.set(file.group, (bytes.get(file.group) ?? 0) + Buffer.byteLength(file.body));
  const rows = plan.endpoints.map((row) => ({ ...row, bytes: bytes.get(row.id) ?? 0 }));
  for (const group of ["site", "netlify", "engine"])
    rows.push({
      id: group,
      planned: plan.files.filter((file) => file.group === group).length,
      cut: 0,
      bytes: bytes.get(group) ?? 0,
    });
  // Not queries: outside the --max-files budget, but reported.
  rows.push({ id: VARIANTS_ROW, planned: variants.files, cut: 0, bytes: variants.bytes });
  return rows;
}
