/**
 * The script a live worker thread starts (live-pool.ts): runs live-worker-main.ts as the host itself
 * runs, from a bundle of its sources that scripts/run-bundled.mjs makes once per change of them, or
 * through tsx where no bundle can be made. Plain JavaScript, as emit-worker.mjs: a worker starts without
 * the loaders of the thread that started it (tsx, vitest), so it must run under plain Node.
 */
import { runBundled } from "../../scripts/run-bundled.mjs";

await runBundled("live-worker", "build/serve/live-worker-main.ts", "live worker");
