/**
 * Two paths, one answer: for requests drawn at random from the endpoint registry, the host answers
 * the same status, bytes and headers whether the precomputed files exist or not (in every
 * Accept-Encoding, and with the host's cache of live answers; the engine side computes in live workers,
 * as `npm start` does), and where the canonical query has a file, what it serves is that file. The
 * explicit cases at the end walk the files themselves: every file of the build is the query of its URL
 * and equals the engine's answer, and none is orphaned (the one suite of this promise, issue 29;
 * test/netlify/routing.test.ts proves that Netlify serves each file at that URL).
 * The suite is in two-paths-suite.ts; this file runs it on the committed sample.
 * The seed is fixed under CI, drawn anew otherwise (test/helpers/fuzz-seed.ts); every failure names it.
 * Replay a failure with `FC_SEED=<seed> npx vitest run test/reliability/two-paths.property.test.ts`;
 * search deeper with `PROPERTY_SCALE=10`.
 */

import { sampleContext } from "../helpers/sample-host.ts";
import { twoPathsSuite } from "./two-paths-suite.ts";

twoPathsSuite(sampleContext, 5000);
