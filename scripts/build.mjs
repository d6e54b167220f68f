/**
 * `npm run build`: the build's command line (scripts/build.ts, its options as documented there) from a
 * bundle of its sources (run-bundled.mjs), without tsx's 0.6 s of transpiling at every build.
 * @module
 */
import { runBundled } from "./run-bundled.mjs";

await runBundled("build", "scripts/build.ts", "build");
