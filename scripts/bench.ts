/**
 * `npm run bench` (and `npm run bench -- --quick`): builds, serves and drives the sample against nginx and
 * json-server, prints one table of figures and ratios, and saves the results (issue 7).
 * @module
 */
import { Command } from "commander";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { machineLine, markdownTable } from "./bench/report.ts";
import { runBench, runSearchBench } from "./bench/run-bench.ts";

const RESULTS_DIR = path.join(import.meta.dirname, "bench", "results");

const program = new Command("bench")
  .description(
    "Benchmark the build and the host against nginx (same files) and json-server (same data); ratios measured in one run.",
  )
  .option(
    "--quick",
    "about a minute: the sample only (no scales), single builds and wrk runs of 1 s (indicative only)",
    false,
  )
  .option("--pin", "pin the servers to CPU 0 and wrk to CPU 1 with taskset", false)
  .option("--dist <dir>", "serve this built folder and skip the build figures")
  .option("--mixed-only", "only the mixed-load rows (precomputed answers under live load), on --dist", false)
  .option(
    "--search",
    "the resume search alone (seconds): in-process latency and the labelled set's recall@50 and nDCG@10 against words as written",
    false,
  )
  .action(async (flags: { quick: boolean; pin: boolean; dist?: string; mixedOnly: boolean; search: boolean }) => {
    const started = performance.now();
    if (flags.search) {
      const results = await runSearchBench(path.join(import.meta.dirname, "..", "seeds"), (line) =>
        console.error(line),
      );
      console.log(`\n${markdownTable(results.rows)}\n\n${machineLine(results.machine)}`);
      console.log(`\nsearch run in ${((performance.now() - started) / 1000).toFixed(0)} s (not saved)`);
      return;
    }
    const results = await runBench({
      quick: flags.quick,
      pin: flags.pin,
      mixedOnly: flags.mixedOnly,
      ...(flags.dist === undefined ? {} : { dist: path.resolve(flags.dist) }),
      log: (line) => console.error(line),
    });
    mkdirSync(RESULTS_DIR, { recursive: true });
    const stamp = results.date.replace(/[:.]/g, "-");
    const json = `${JSON.stringify(results, null, 2)}\n`;
    writeFileSync(path.join(RESULTS_DIR, `${stamp}${flags.quick ? "-quick" : ""}.json`), json);
    if (!flags.quick && flags.dist === undefined) writeFileSync(path.join(RESULTS_DIR, "latest.json"), json);
    console.log(`\n${markdownTable(results.rows)}\n\n${machineLine(results.machine)}`);
    for (const note of results.notes) console.log(`note: ${note}`);
    for (const line of results.searchIndexLines ?? []) console.log(line);
    console.log(
      `\n${flags.quick ? "quick run (indicative only)" : "full run"} in ${((performance.now() - started) / 1000).toFixed(0)} s; results in ${path.relative(process.cwd(), RESULTS_DIR)}/`,
    );
    if (!flags.quick && flags.dist === undefined)
      console.log("latest.json updated: `npm run docs` puts its table in docs/performance.md");
  });

await program.parseAsync();
