import { readFile, writeFile } from "node:fs/promises";
import { Command } from "commander";
import { renderApiReference, replaceGeneratedBlock } from "../build/docs/api-reference.ts";
import { createBuildCommand } from "../build/cli.ts";
import { ENDPOINTS } from "../build/query/endpoints.ts";
import { latestRunMarkdown, type BenchResults } from "./bench/report.ts";

const README = "README.md";

/** The saved results of the latest full benchmark, whose table the README shows. */
export const LATEST_BENCH = "scripts/bench/results/latest.json";

/** The README with its generated blocks (API reference, build --help, the latest bench table) brought up to date. */
export async function regenerateReadme(): Promise<{ current: string; updated: string }> {
  const current = await readFile(README, "utf8");
  // A fixed width, so the block does not depend on the terminal it was generated in.
  const help = createBuildCommand().configureHelp({ helpWidth: 100 }).helpInformation().trim();
  let updated = replaceGeneratedBlock(current, "api-reference", renderApiReference(ENDPOINTS));
  updated = replaceGeneratedBlock(updated, "build-help", ["```", help, "```"].join("\n"));
  const bench = JSON.parse(await readFile(LATEST_BENCH, "utf8")) as BenchResults;
  updated = replaceGeneratedBlock(updated, "bench-latest", latestRunMarkdown(bench, LATEST_BENCH));
  return { current, updated };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await new Command("gen-docs")
    .description("Regenerate the README's generated blocks from the code; --check fails when they are stale.")
    .option("--check", "exit 1 if the README is not up to date, writing nothing")
    .action(async (options: { check?: boolean }) => {
      const { current, updated } = await regenerateReadme();
      if (options.check) {
        if (current !== updated) {
          console.error("README.md is stale: run `npm run docs`.");
          process.exitCode = 1;
        } else console.log("README.md is up to date.");
        return;
      }
      if (current !== updated) await writeFile(README, updated);
      console.log(current === updated ? "README.md is up to date." : "README.md updated.");
    })
    .parseAsync();
}
