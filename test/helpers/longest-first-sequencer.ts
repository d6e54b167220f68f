/**
 * The order vitest hands test files to its workers: the isolated project's files first, then the
 * shared-graph project's (a shared worker is kept only while the next file in the queue is shared too),
 * each longest first, so that the run ends on short files and neither worker waits for the other
 * (issue 29). vitest's own order sorts by file size when it has no results of an earlier run, as on a
 * clean clone: a 76 s file could then start last. How long a file takes: vitest's results of the last run
 * on this machine, else KNOWN_SECONDS, else a second. `--sequence.shuffle` still shuffles.
 */
import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { KNOWN_SECONDS } from "./known-test-seconds.ts";

/** What vitest recorded of a file in its last run here (an internal API, read only when present). */
type ResultsCache = { getFileTestResults?(key: string): { duration: number } | undefined };

const UNKNOWN_SECONDS = 1;

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { sequence } = this.ctx.config;
    if (sequence.shuffle) return shuffled(files, sequence.seed);
    const seconds = new Map(files.map((file) => [file, this.expectedSeconds(file)]));
    return [...files].sort(
      (a, b) =>
        Number(a.project.config.isolate === false) - Number(b.project.config.isolate === false) ||
        seconds.get(b)! - seconds.get(a)! ||
        a.moduleId.localeCompare(b.moduleId),
    );
  }

  private expectedSeconds(file: TestSpecification): number {
    const relative = path.relative(this.ctx.config.root, file.moduleId).split(path.sep).join("/");
    const cache = (this.ctx as unknown as { cache?: ResultsCache }).cache;
    const measured = cache?.getFileTestResults?.(`${file.project.name}:${relative}`)?.duration;
    if (measured !== undefined && measured > 0) return measured / 1000;
    return KNOWN_SECONDS[relative] ?? UNKNOWN_SECONDS;
  }
}

/** A Fisher–Yates shuffle driven by the run's seed, so a shuffled order can be replayed with `--sequence.seed`. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  let state = seed >>> 0 || 1;
  const next = () => {
    // xorshift32: enough to vary an order, not meant for anything else.
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
