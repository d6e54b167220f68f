/**
 * `npm run bench:function`: the Netlify function against Netlify's limits at scales 1, 4 and 16 (issue 32),
 * the part of `npm run bench` that can be run alone: builds each scale's sample into a temporary folder
 * (or takes built folders with `--dist`), measures the function over it and prints the table's rows.
 * @module
 */
import { Command } from "commander";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { writeSample } from "../build/sample/generate-sample.ts";
import { buildOnce } from "./bench/build-figures.ts";
import { functionFigures } from "./bench/function-figures.ts";
import { functionRows, type ScaleFunctionFigures } from "./bench/function-report.ts";
import { markdownTable } from "./bench/report.ts";

const program = new Command("bench:function")
  .description("Measure the Netlify function (bundle, cold start, memory, largest answer) against Netlify's limits.")
  .option("--scales <list>", "comma-separated sample scales to build and measure", "1,4,16")
  .option("--dist <dir...>", "measure these built folders instead (reported as scale 0)")
  .action(async (flags: { scales: string; dist?: string[] }) => {
    const root = mkdtempSync(path.join(os.tmpdir(), "bench-function-"));
    const measured: ScaleFunctionFigures[] = [];
    try {
      for (const dist of flags.dist ?? [])
        measured.push({ scale: 0, figures: await functionFigures(path.resolve(dist)) });
      for (const scale of flags.dist === undefined ? flags.scales.split(",").map(Number) : []) {
        const seeds = scale === 1 ? "seeds" : path.join(root, `seeds-x${scale}`);
        if (scale !== 1) writeSample(seeds, { scale });
        const out = path.join(root, `dist-x${scale}`);
        console.error(`scale ${scale}: building …`);
        await buildOnce(seeds, out);
        console.error(`scale ${scale}: measuring the function …`);
        measured.push({ scale, figures: await functionFigures(out) });
      }
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
    console.log(`${markdownTable(functionRows(measured))}\n\nload average ${os.loadavg()[0]!.toFixed(2)}`);
  });

await program.parseAsync();
