/**
 * `npm run query`: prints one response of the engine (scripts/query.ts, its options as documented there)
 * from a bundle of its sources (run-bundled.mjs), so that asking one question does not first cost tsx's
 * 0.5 s of transpiling.
 * @module
 */
import { runBundled } from "./run-bundled.mjs";

await runBundled("query", "scripts/query.ts", "query");
