/**
 * A previous output for a test to build over (issue 29): a copy of the run's seeds-min build (global
 * setup: SEEDS_MIN_BASE_URL, maxFiles 20,000), instead of a build of its own. Modification times are
 * kept, as `cp -p` keeps them. The shared tree itself is never written to.
 */
import { cp } from "node:fs/promises";
import path from "node:path";
import { inject } from "vitest";
import { BUILD_REPORT_FILE } from "../../build/run-build.ts";

/**
 * Copies the seeds-min build to `outDir` (which must not exist yet); with `withReport`, its build report
 * too, beside `outDir` where a build writes it.
 */
export async function copySeedsMinBuild(outDir: string, { withReport = false } = {}): Promise<void> {
  const built = inject("seedsMinDist");
  await cp(built, outDir, { recursive: true, preserveTimestamps: true });
  if (withReport)
    await cp(
      path.join(path.dirname(built), BUILD_REPORT_FILE),
      path.join(path.dirname(path.resolve(outDir)), BUILD_REPORT_FILE),
      { preserveTimestamps: true },
    );
}
