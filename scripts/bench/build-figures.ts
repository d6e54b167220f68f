/**
 * Build figures: the committed sample built from scratch (against the write floor of the same files),
 * rebuilt with no seed change and with one, and the scale samples' time and peak memory.
 * @module
 */
import { spawnSync } from "node:child_process";
import { cpSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import path from "node:path";
import { writeSample } from "../../build/sample/generate-sample.ts";
import { runProcess } from "./processes.ts";
import { median } from "./stats.ts";
import { compressedBodies, compressFloorMs, withoutVariants, type CompressFloor } from "./compress-floor.ts";
import { loadTree, writeFloorMs } from "./write-floor.ts";

const ROOT = path.resolve(import.meta.dirname, "..", "..");

/** What one build process reported (see build-child.ts). */
export interface BuildRun {
  ms: number;
  stages: Record<string, number>;
  files: number;
  bytes: number;
  variants: { files: number; bytes: number };
  seedBytes: number;
  records: number;
  publish?: { files: number; written: number; linked: number; unchanged: boolean };
  maxRssBytes: number;
}

export interface RenderFloor {
  /** Milliseconds of load, compute, search and plan. */
  stages: Record<string, number>;
  /** Files the plan made. */
  files: number;
}

/** Renders `seeds` as a build's plan does, writing nothing, in a child process (render-child.ts). */
export async function renderOnce(seeds: string): Promise<RenderFloor> {
  const { stdout } = await runProcess(process.execPath, ["scripts/bench/render-child.mjs", seeds], { cwd: ROOT });
  return JSON.parse(stdout.trim().split("\n").at(-1)!) as RenderFloor;
}

/** Builds `seeds` into `out` in a child process; with `engineOnly`, the engine's files alone (`--engine-only`). */
export async function buildOnce(seeds: string, out: string, options: { engineOnly?: boolean } = {}): Promise<BuildRun> {
  const args = ["scripts/bench/build-child.mjs", seeds, out, ...(options.engineOnly === true ? ["--engine-only"] : [])];
  const { stdout } = await runProcess(process.execPath, args, { cwd: ROOT });
  return JSON.parse(stdout.trim().split("\n").at(-1)!) as BuildRun;
}

export interface SampleBuildFigures {
  full: BuildRun[];
  rebuild: BuildRun[];
  floor: { ms: number; sequentialMs: number; pooledMs: number; threadsMs: number }[];
  /** The build's emit threads compressing the same bodies, after each write floor (absent from runs before it was measured). */
  compressFloor?: CompressFloor[];
  /**
   * The write floor of the same tree without its compressed variants, after each compression floor: what a
   * build that made no variants would be measured against (absent from runs before it was measured).
   */
  plainFloor?: { ms: number; sequentialMs: number; pooledMs: number; threadsMs: number; files: number }[];
  /** The build's stages up to its plan, run with nothing written and no variant compressed, after each plain floor (render-child.ts; absent from runs before it was measured). */
  renderFloor?: RenderFloor[];
  /** One resume changed: what the rebuild wrote and linked. */
  changed?: BuildRun;
  /** The dist/ of the first full build, kept for the HTTP figures. */
  dist: string;
}

/**
 * Flushes dirty pages before a timed write: otherwise a write that follows others finds the kernel
 * throttling writers (dirty page limits) and takes ten times as long, whoever it is.
 */
function settle(): void {
  spawnSync("sync");
}

/**
 * The committed sample: `runs` full builds into fresh folders, each followed by the write floor of the
 * same files (so both see the same disk state), the compression floor of its bodies, the write floor of
 * the tree without its variants and the render floor, then `runs` rebuilds. Nothing is removed before the end
 * of the benchmark (see writeFloorMs).
 */
export async function sampleBuildFigures(
  root: string,
  runs: number,
  log: (line: string) => void,
): Promise<SampleBuildFigures> {
  const seeds = path.join(ROOT, "seeds");
  const outs = Array.from({ length: runs }, (_, i) => path.join(root, `sample-dist-${i + 1}`));
  const full: BuildRun[] = [];
  const floor: SampleBuildFigures["floor"] = [];
  const compressFloor: CompressFloor[] = [];
  const plainFloor: NonNullable<SampleBuildFigures["plainFloor"]> = [];
  const renderFloor: RenderFloor[] = [];
  const rebuild: BuildRun[] = [];
  let files: ReturnType<typeof loadTree> | undefined;
  for (const out of outs) {
    settle();
    full.push(await buildOnce(seeds, out));
    files ??= loadTree(out);
    settle();
    floor.push(await writeFloorMs(files, path.join(root, `floor-${full.length}`)));
    compressFloor.push(await compressFloorMs(compressedBodies(files)));
    const plain = withoutVariants(files);
    settle();
    plainFloor.push({
      ...(await writeFloorMs(plain, path.join(root, `plain-floor-${full.length}`))),
      files: plain.length,
    });
    renderFloor.push(await renderOnce(seeds));
    log(
      `  full build ${full.length}/${runs}: ${full.at(-1)!.ms.toFixed(0)} ms; write floor of its ${files.length} files: ${floor.at(-1)!.ms.toFixed(0)} ms; compression floor of its ${compressFloor.at(-1)!.bodies} compressed bodies: ${compressFloor.at(-1)!.ms.toFixed(0)} ms; write floor of its ${plain.length} files without variants: ${plainFloor.at(-1)!.ms.toFixed(0)} ms; its plan with nothing written: ${renderFloor.at(-1)!.stages.plan} ms`,
    );
  }
  for (let run = 0; run < runs; run += 1) {
    settle();
    rebuild.push(await buildOnce(seeds, outs[0]!));
    log(
      `  rebuild ${run + 1}/${runs}: ${rebuild.at(-1)!.ms.toFixed(0)} ms, ${rebuild.at(-1)!.publish?.written ?? "?"} files rewritten`,
    );
  }
  const figures: SampleBuildFigures = { full, rebuild, floor, compressFloor, plainFloor, renderFloor, dist: outs[0]! };
  if (outs.length > 1) figures.changed = await changedRebuild(seeds, root, outs[1]!);
  return figures;
}

/** Copies the seeds with one resume's title changed and rebuilds over a build of the original seeds. */
async function changedRebuild(seeds: string, root: string, out: string): Promise<BuildRun> {
  const copy = path.join(root, "seeds-changed");
  cpSync(seeds, copy, { recursive: true });
  const file = path.join(copy, "resumes", "resumes.ndjson");
  const lines = readFileSync(file, "utf8").split("\n");
  const first = JSON.parse(lines[0]!) as { title: string };
  lines[0] = JSON.stringify({ ...first, title: `${first.title} (updated)` });
  writeFileSync(file, lines.join("\n"));
  settle();
  const run = await buildOnce(copy, out);
  await previousTreeRemoved(path.dirname(out));
  return run;
}

/**
 * Waits for the detached process that removes a rebuild's previous tree (a `.dist-tmp-` folder beside
 * it) to finish, so that its work does not fall into the next figure; a minute at most.
 */
async function previousTreeRemoved(parent: string): Promise<void> {
  for (
    let waited = 0;
    waited < 60_000 && readdirSync(parent).some((name) => name.startsWith(".dist-tmp-"));
    waited += 100
  )
    await sleep(100);
  settle();
}

export interface ScaleFigures {
  scale: number;
  runs: BuildRun[];
  /** Its last build, for the figures of the Netlify function (not saved with the results: it is removed with the run's folder). */
  dist?: string;
}

/** Generates each scale's sample and builds it `runs` times (scale 1 is the committed sample's builds). */
export async function scaleFigures(
  root: string,
  scales: readonly number[],
  runs: number,
  sample: SampleBuildFigures,
  log: (line: string) => void,
): Promise<ScaleFigures[]> {
  const figures: ScaleFigures[] = [{ scale: 1, runs: sample.full }];
  for (const scale of scales.filter((value) => value !== 1)) {
    const seeds = path.join(root, `seeds-x${scale}`);
    writeSample(seeds, { scale });
    const builds: BuildRun[] = [];
    for (let run = 0; run < runs; run += 1) {
      const out = path.join(root, `dist-x${scale}-${run + 1}`);
      settle();
      builds.push(await buildOnce(seeds, out));
      log(
        `  scale ${scale} build ${run + 1}/${runs}: ${builds.at(-1)!.ms.toFixed(0)} ms, peak ${(builds.at(-1)!.maxRssBytes / 1048576).toFixed(0)} MiB`,
      );
    }
    figures.push({ scale, runs: builds, dist: path.join(root, `dist-x${scale}-${runs}`) });
  }
  return figures;
}

/** Median of a field over build runs. */
export function medianOf(runs: readonly BuildRun[], pick: (run: BuildRun) => number): number {
  return median(runs.map(pick));
}
