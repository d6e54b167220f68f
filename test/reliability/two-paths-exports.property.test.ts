/**
 * Two paths, one answer, on the exports fixture (issue 26): a publisher's small, incomplete data set
 * (test/fixtures/seeds-exports/) is served the same whether a file exists or not. The suite is in
 * two-paths-suite.ts.
 */
import { exportsBuild } from "../fixtures/exports-build.ts";
import { twoPathsSuite } from "./two-paths-suite.ts";

twoPathsSuite(exportsBuild, 100);
