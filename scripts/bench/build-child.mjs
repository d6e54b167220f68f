/**
 * The bench's build process as `npm run build` runs a build: from a bundle of its sources
 * (../run-bundled.mjs), not through tsx, whose loader hooks also slow the build's own stages.
 * Usage: node scripts/bench/build-child.mjs <seeds> <out> (see build-child.ts)
 * @module
 */
import { runBundled } from "../run-bundled.mjs";

await runBundled("bench-build", "scripts/bench/build-child.ts", "bench's build");
