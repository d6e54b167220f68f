/**
 * The build's command line as `npm run build` runs it (scripts/build.mjs: from an esbuild bundle of its
 * sources, made once per change of them), for the tests that run it as a child process: 0.6 s of CPU
 * for a failing build of seeds-min against 1.5 s through tsx, which transpiles every module at each
 * start. test/emit/build-script.test.ts checks that the bundle prints what the command prints through tsx.
 */
import { spawnSync } from "node:child_process";

/** The script to give node, before the build's own options. */
export const BUILD_SCRIPT = "scripts/build.mjs";

/**
 * Makes (or checks) the bundle before a test starts builds: several builds started at once would each
 * make it, and a build killed on purpose would be killed while bundling.
 */
export function prepareBuildScript(): void {
  const result = spawnSync(process.execPath, [BUILD_SCRIPT, "--help"], { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`node ${BUILD_SCRIPT} --help failed: ${result.stderr}`);
}
