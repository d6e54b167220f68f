/**
 * The build command: parses options, runs the build, prints progress and the summary.
 * @module
 */
import { Command, InvalidArgumentError } from "commander";
import path from "node:path";
import { BuildError, formatErrorChain, HELP_HINT } from "./errors.ts";
import {
  checkSeeds,
  DEFAULT_BASE_URL,
  runBuild,
  VARIANTS_ROW,
  type BuildReport,
  type SiteAddress,
} from "./run-build.ts";
import { CONTACT_SCOPES, metaSchema, type ContactScope } from "./load/schemas.ts";
import { formatSeedProblem } from "./errors.ts";
import { formatWarning, type BuildWarning } from "./load/seed-warnings.ts";

export { DEFAULT_BASE_URL };
export const DEFAULT_MAX_FILES = 20_000;

function contactScope(text: string): ContactScope {
  if (!(CONTACT_SCOPES as readonly string[]).includes(text))
    throw new InvalidArgumentError(`Expected one of ${CONTACT_SCOPES.join(", ")}.`);
  return text as ContactScope;
}

function positiveInt(text: string): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < 1) throw new InvalidArgumentError("Expected a positive integer.");
  return value;
}

/** An http(s) address with a host: `localhost:8080` parses as a URL of scheme `localhost:`, and is none. */
function url(text: string): string {
  const parsed = URL.canParse(text) ? new URL(text) : undefined;
  if (parsed === undefined || (parsed.protocol !== "http:" && parsed.protocol !== "https:") || parsed.host === "") {
    throw new InvalidArgumentError("Expected an absolute http or https URL such as https://data.example.com.");
  }
  // The documents append their paths to it: a query or fragment gave "http://x.com/?a=1/api/dataset/v1".
  // Tested on the text, which also catches the empty `?` or `#` that URL parsing drops.
  if (/[?#]/.test(text)) {
    throw new InvalidArgumentError(
      "Expected the site's address without a query or fragment, such as https://data.example.com.",
    );
  }
  return text;
}

/** A date-time with a zone, as `meta.snapshot_at` takes it. */
function snapshotTime(text: string): string {
  if (!metaSchema.shape.snapshot_at.safeParse(text).success)
    throw new InvalidArgumentError("Expected an ISO 8601 date-time with a zone, such as 2026-11-01T00:00:00Z.");
  return text;
}

/** The commander program of `npm run build`. */
export function createBuildCommand(log: (line: string) => void = console.log): Command {
  return new Command("build")
    .description("Build dist/ from the seed files: validate, compute every figure, precompute responses.")
    .option("--seeds <dir>", "folder of seed files", "seeds")
    .option(
      "--out <dir>",
      "output folder, replaced atomically as a whole: absent, empty or a previous build's output",
      "dist",
    )
    .option(
      "--base-url <url>",
      `public address of the site, used in discovery documents (default: meta.base_url of the seeds, else ${DEFAULT_BASE_URL}, which only this machine reaches)`,
      url,
    )
    .option(
      "--snapshot-at <date-time>",
      "when the data was taken, every response's generated_at: overrides meta.snapshot_at of the seeds",
      snapshotTime,
    )
    .option(
      "--max-files <n>",
      "file budget: the site, engine and routing files count first and are never cut; responses past it are cut, least important first",
      positiveInt,
      DEFAULT_MAX_FILES,
    )
    .option(
      "--resume-contacts <rule>",
      "how far resume contacts are published, the default for resumes without consent and the limit for all: public (card, exports, downloads), card_only (the resume's own card only) or withheld (nowhere)",
      contactScope,
      "public" as ContactScope,
    )
    .option(
      "--archive <dir>",
      "earlier releases to carry forward under /downloads/<release>/: a site's downloads folder or a whole output (default: the output in place)",
    )
    .option("--keep-releases <n>", "how many releases to keep, the current one included (default: all)", positiveInt)
    .option("--dry-run", "plan and print the summary and warnings without writing", false)
    .option(
      "--engine-only",
      "write only what the Netlify function and the host's live answers read (_engine/ and the routing): no page, download or precomputed response; for benches and tests, not a site to publish",
      false,
    )
    .option(
      "--check",
      "load and validate the seeds only: print every problem and every warning, plan and write nothing",
      false,
    )
    .showHelpAfterError(HELP_HINT)
    .action(
      async (options: {
        seeds: string;
        out: string;
        baseUrl?: string;
        snapshotAt?: string;
        maxFiles: number;
        resumeContacts: ContactScope;
        archive?: string;
        keepReleases?: number;
        dryRun: boolean;
        engineOnly: boolean;
        check: boolean;
      }) => {
        if (options.check) return checkCommand(options, log);
        try {
          refuseUnsafeOutDir(options.out, options.seeds, process.cwd());
          const report = await runBuild({
            seedsDir: options.seeds,
            outDir: options.out,
            ...(options.baseUrl === undefined ? {} : { baseUrl: options.baseUrl }),
            ...(options.snapshotAt === undefined ? {} : { snapshotAt: options.snapshotAt }),
            maxFiles: options.maxFiles,
            resumeContacts: options.resumeContacts,
            ...(options.archive === undefined ? {} : { archive: options.archive }),
            ...(options.keepReleases === undefined ? {} : { keepReleases: options.keepReleases }),
            dryRun: options.dryRun,
            ...(options.engineOnly ? { engineOnly: true } : {}),
            removePreviousInBackground: true,
            onStage: (stage, event, ms) => log(event === "start" ? `${stage} …` : `${stage} done in ${ms} ms`),
          });
          for (const line of formatReport(report)) log(line);
        } catch (error) {
          console.error(formatErrorChain(error));
          console.error("Nothing was written; the previous output is unchanged.");
          process.exitCode = 1;
        }
      },
    );
}

/** `--check`: every problem and every warning of the seeds; exit code 1 when there is a problem. */
async function checkCommand(
  options: { seeds: string; baseUrl?: string; snapshotAt?: string },
  log: (line: string) => void,
): Promise<void> {
  try {
    const { stats, problems, warnings, site } = await checkSeeds(options.seeds, {
      ...(options.baseUrl === undefined ? {} : { baseUrl: options.baseUrl }),
      ...(options.snapshotAt === undefined ? {} : { snapshotAt: options.snapshotAt }),
    });
    log(
      `Checked ${stats.files} seed files, ${stats.records} valid records, ${kib(stats.bytes)}: ${count(problems.length, "problem")}, ${count(warnings.length, "warning")}.`,
    );
    if (problems.length > 0) log("Problems (the build stops on these):");
    for (const problem of problems) log(`  - ${formatSeedProblem(problem)}`);
    for (const line of [...warningLines(warnings), ...(site === undefined ? [] : siteLines(site))]) log(line);
    if (problems.length > 0) process.exitCode = 1;
  } catch (error) {
    console.error(formatErrorChain(error));
    process.exitCode = 1;
  }
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}

/** The warnings, one a line; none when there is none. */
function warningLines(warnings: readonly BuildWarning[]): string[] {
  if (warnings.length === 0) return [];
  return [
    `Warnings (${warnings.length}; the build goes on):`,
    ...warnings.map((warning) => `  - ${formatWarning(warning)}`),
  ];
}

/** The address published, and a warning when it is the loopback default (#26). */
function siteLines(site: SiteAddress): string[] {
  if (site.from !== "default") return [`Base URL ${site.base_url} (from ${site.from}).`];
  return [
    `Base URL ${site.base_url}: the loopback default, since neither --base-url nor meta.base_url gives one. Discovery documents, llms.txt and the pages name an address only this machine reaches; set meta.base_url or pass --base-url to publish.`,
  ];
}

/** True when `inner` is `outer` or lies inside it. */
function isWithin(inner: string, outer: string): boolean {
  const relative = path.relative(outer, inner);
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
}

/**
 * The output folder is replaced as a whole: an `--out` of `.`, of a folder holding the seeds or the
 * working folder, or of a file-system root would delete them with the old output. Refused up front.
 */
export function refuseUnsafeOutDir(outDir: string, seedsDir: string, cwd: string): void {
  const out = path.resolve(cwd, outDir);
  const seeds = path.resolve(cwd, seedsDir);
  const reason =
    out === path.parse(out).root
      ? "is the root of the file system"
      : isWithin(cwd, out)
        ? "is the working folder or holds it"
        : isWithin(seeds, out)
          ? "is the seeds folder or holds it"
          : isWithin(out, seeds)
            ? "is inside the seeds folder"
            : undefined;
  if (reason !== undefined)
    throw new BuildError(
      `Refusing --out ${outDir}: it ${reason}, and the output folder is replaced as a whole. Choose a folder of its own, such as dist.`,
    );
}

/** The closing summary: seeds read, per-endpoint files and bytes, totals. */
export function formatReport(report: BuildReport): string[] {
  const lines = [
    `Read ${report.seeds.files} seed files, ${report.seeds.records} records, ${kib(report.seeds.bytes)}.`,
    ...siteLines(report.site),
    ...warningLines(report.warnings),
    ...reportFileLines(report),
    ...erasureLines(report),
    ...releaseLines(report),
    "",
    "endpoint                      files    cut        size",
  ];
  for (const row of report.endpoints)
    lines.push(
      `${row.id.padEnd(28)} ${String(row.planned).padStart(6)} ${String(row.cut).padStart(6)} ${kib(row.bytes).padStart(11)}`,
    );
  const verb = report.dryRun ? "Would write" : report.publish?.unchanged === true ? "Kept" : "Wrote";
  const ms = Object.values(report.stages).reduce((sum, value) => sum + value, 0);
  const { netlify } = report;
  lines.push(
    "",
    `Netlify: ${netlify.staticFiles} of ${netlify.files} precomputed responses reached statically (${percent(netlify.staticFiles, netlify.files)}) by ${netlify.rules} rules in _redirects; the function answers the rest.`,
  );
  const publish = report.publish;
  if (publish?.unchanged === true)
    lines.push("", `Nothing changed since the previous build: 0 files rewritten, ${report.outDir} left as it was.`);
  else if (publish !== undefined && publish.linked > 0)
    lines.push(
      "",
      `Incremental: ${publish.written} files rewritten, ${publish.linked} unchanged ones hard-linked from the previous build.`,
    );
  const { files, bytes, parts } = writtenTotals(report);
  lines.push(
    "",
    parts,
    `${verb} ${files} files, ${kib(bytes)}, to ${report.outDir} in ${(ms / 1000).toFixed(2)} s (${Object.entries(
      report.stages,
    )
      .map(([stage, value]) => `${stage} ${value} ms`)
      .join(", ")}).`,
  );
  return lines;
}

/** The release published, the releases kept and what changed (issue 34). */
function releaseLines(report: BuildReport): string[] {
  const release = report.release;
  if (release === undefined) return [];
  const kept =
    release.kept === 0
      ? "the first kept"
      : `${release.kept} earlier ${release.kept === 1 ? "release" : "releases"} kept${release.rewritten > 0 ? `, ${release.rewritten} rewritten under the current rules` : ""}`;
  const changes =
    release.kept === 0
      ? []
      : release.changes.length === 0
        ? ["  no record changed since the release before it"]
        : release.changes.map((line) => `  ${line}`);
  return [`Release ${release.name} (${kept}).`, ...changes];
}

/** Where the build report went, or why it did not (#26). */
function reportFileLines({ reportFile, warnings }: BuildReport): string[] {
  if (reportFile === undefined) return [];
  if ("failed" in reportFile) return [`Warning: the build report could not be written (${reportFile.failed}).`];
  return warnings.length === 0 ? [] : [`The warnings are also in ${reportFile.written}.`];
}

/** The suppression list's effect: counts and places in the list only, never a person's id, name or contact. */
function erasureLines(report: BuildReport): string[] {
  const { erased, unmatched } = report.erasure ?? { erased: 0, unmatched: [] };
  if (erased === 0 && unmatched.length === 0) return [];
  const lines = [
    `Erasure: ${erased} ${erased === 1 ? "resume" : "resumes"} left out on request (meta/suppressions.json).`,
  ];
  if (unmatched.length > 0)
    lines.push(
      `Warning: ${unmatched.length} ${unmatched.length === 1 ? "entry" : "entries"} of meta/suppressions.json ${unmatched.length === 1 ? "matches" : "match"} no resume: ${unmatched.join(", ")}.`,
    );
  return lines;
}

/**
 * What the output folder holds (or would): the planned files, their compressed variants and, once
 * written, the build record, so that the count is the one a listing of the folder gives.
 */
function writtenTotals(report: BuildReport): { files: number; bytes: number; parts: string } {
  const variants = report.endpoints.find((row) => row.id === VARIANTS_ROW) ?? { planned: 0, bytes: 0 };
  if (report.publish === undefined) {
    return {
      files: report.files + variants.planned,
      bytes: report.bytes + variants.bytes,
      parts: `Files: ${report.files} planned and ${variants.planned} compressed variants of them.`,
    };
  }
  return {
    files: report.publish.files,
    bytes: report.publish.bytes,
    parts: `Files: ${report.files} planned, ${variants.planned} compressed variants of them and the build record.`,
  };
}

function percent(part: number, whole: number): string {
  return whole === 0 ? "0%" : `${((part / whole) * 100).toFixed(1)}%`;
}

function kib(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MiB` : `${(bytes / 1024).toFixed(1)} KiB`;
}
