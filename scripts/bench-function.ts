/**
 * `npm run bench:function`: the Netlify function against Netlify's limits at scales 1, 4 and 16 (issue 32),
 * the part of `npm run bench` that can be run alone: builds each scale's sample into a temporary folder
 * (the engine's files alone, `--engine-only`: all the function reads; or takes built folders with
 * `--dist`), measures the function over it and prints the table's rows.
 * With `--save`, the rows go into results/latest.json in place of the function rows of the last full run
 * (`npm run docs` then shows them in docs/performance.md).
 * @module
 */
import { Command } from "commander";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { writeSample } from "../build/sample/generate-sample.ts";
import { buildOnce } from "./bench/build-figures.ts";
import { functionFigures } from "./bench/function-figures.ts";
import { functionRows, type ScaleFunctionFigures } from "./bench/function-report.ts";
import { mergeFunctionRows } from "./bench/merge-function-rows.ts";
import { markdownTable, type BenchResults } from "./bench/report.ts";

const LATEST = path.join(import.meta.dirname, "bench", "results", "latest.json");

const program = new Command("bench:function")
  .description("Measure the Netlify function (bundle, cold start, memory, largest answer) against Netlify's limits.")
  .option("--scales <list>", "comma-separated sample scales to build and measure", "1,4,16")
  .option("--dist <dir...>", "measure these built folders instead (reported as scale 0)")
  .option("--save", "put the rows into results/latest.json in place of the same scales' function rows", false)
  .action(async (flags: { scales: string; dist?: string[]; save: boolean }) => {
    const date = new Date().toISOString();
    const before = os.loadavg()[0]!;
    const root = mkdtempSync(path.join(os.tmpdir(), "bench-function-"));
    const measured: ScaleFunctionFigures[] = [];
    try {
      for (const dist of flags.dist ?? [])
        measured.push({ scale: 0, figures: await functionFigures(path.resolve(dist)) });
      for (const scale of flags.dist === undefined ? flags.scales.split(",").map(Number) : []) {
        const seeds = scale === 1 ? "seeds" : path.join(root, `seeds-x${scale}`);
        if (scale !== 1) writeSample(seeds, { scale });
        const out = path.join(root, `dist-x${scale}`);
        console.error(`scale ${scale}: building its engine files …`);
        const built = await buildOnce(seeds, out, { engineOnly: true });
        console.error(`scale ${scale}: built in ${(built.ms / 1000).toFixed(0)} s (${JSON.stringify(built.stages)})`);
        console.error(`scale ${scale}: measuring the function …`);
        measured.push({ scale, figures: await functionFigures(out) });
        // Each scale's rows as soon as they are measured: a later scale's build may fail on a busy machine.
        console.error(markdownTable(functionRows(measured.slice(-1))));
      }
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
    const after = os.loadavg()[0]!;
    console.log(`${markdownTable(functionRows(measured))}\n\nload average ${before.toFixed(2)} → ${after.toFixed(2)}`);
    if (flags.save && flags.dist === undefined) {
      const latest = JSON.parse(readFileSync(LATEST, "utf8")) as BenchResults;
      const machine = `${os.cpus()[0]?.model ?? "unknown CPU"}, ${os.cpus().length} CPUs, Node ${process.version}`;
      const run = { scales: measured.map(({ scale }) => scale), date, loadAverage: { before, after }, machine };
      writeFileSync(LATEST, `${JSON.stringify(mergeFunctionRows(latest, measured, run), null, 2)}\n`);
      console.log("latest.json updated: `npm run docs` puts its table in docs/performance.md");
    }
  });

await program.parseAsync();
