import { readFile, writeFile } from "node:fs/promises";
import { Command } from "commander";
import { renderApiReference, replaceGeneratedBlock } from "../build/docs/api-reference.ts";
import { createBuildCommand } from "../build/cli.ts";
import { ENDPOINTS } from "../build/query/endpoints.ts";
import { latestRunMarkdown, type BenchResults } from "./bench/report.ts";
import { renderSeedReference, sampleExamples } from "../build/docs/seed-reference.ts";

/** The saved results of the latest full benchmark, whose table docs/performance.md shows. */
export const LATEST_BENCH = "scripts/bench/results/latest.json";

/** A document of the repository and the generated blocks it holds, each rendered from the code. */
interface GeneratedDocument {
  file: string;
  blocks: Record<string, () => Promise<string>>;
}

const GENERATED_DOCUMENTS: readonly GeneratedDocument[] = [
  { file: "docs/api.md", blocks: { "api-reference": async () => renderApiReference(ENDPOINTS) } },
  {
    file: "docs/usage.md",
    blocks: {
      // A fixed width, so the block does not depend on the terminal it was generated in.
      "build-help": async () =>
        ["```", createBuildCommand().configureHelp({ helpWidth: 100 }).helpInformation().trim(), "```"].join("\n"),
    },
  },
  {
    file: "docs/seeds.md",
    // The examples are the first records of the committed sample (seeds/), regenerated with it.
    blocks: { "seed-reference": async () => renderSeedReference(await sampleExamples("seeds")) },
  },
  {
    file: "docs/performance.md",
    blocks: {
      "bench-latest": async () =>
        latestRunMarkdown(JSON.parse(await readFile(LATEST_BENCH, "utf8")) as BenchResults, LATEST_BENCH),
    },
  },
];

/** Each document with generated blocks, as it is and as the code would write it. */
export async function regenerateDocs(): Promise<{ file: string; current: string; updated: string }[]> {
  const documents = [];
  for (const { file, blocks } of GENERATED_DOCUMENTS) {
    const current = await readFile(file, "utf8");
    let updated = current;
    for (const [name, render] of Object.entries(blocks)) updated = replaceGeneratedBlock(updated, name, await render());
    documents.push({ file, current, updated });
  }
  return documents;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await new Command("gen-docs")
    .description("Regenerate the docs' generated blocks from the code; --check fails when they are stale.")
    .option("--check", "exit 1 if a document is not up to date, writing nothing")
    .action(async (options: { check?: boolean }) => {
      for (const { file, current, updated } of await regenerateDocs()) {
        if (options.check) {
          if (current !== updated) {
            console.error(`${file} is stale: run \`npm run docs\`.`);
            process.exitCode = 1;
          } else console.log(`${file} is up to date.`);
          continue;
        }
        if (current !== updated) await writeFile(file, updated);
        console.log(current === updated ? `${file} is up to date.` : `${file} updated.`);
      }
    })
    .parseAsync();
}
