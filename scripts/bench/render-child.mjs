/**
 * The bench's render floor process, from a bundle of its sources as `npm run build` runs a build
 * (../run-bundled.mjs). Usage: node scripts/bench/render-child.mjs <seeds> (see render-child.ts)
 * @module
 */
import { runBundled } from "../run-bundled.mjs";

await runBundled("bench-render", "scripts/bench/render-child.ts", "bench's render floor");
