/**
 * `npm run seed`: writes the deterministic synthetic sample into the seeds folder.
 * Usage: tsx scripts/seed.ts [--out seeds] [--scale 1]
 * @module
 */
import { resolve } from "node:path";
import { Command, InvalidArgumentError } from "commander";
import { HELP_HINT } from "../build/errors.ts";
import { MIN_SCALE, writeSample } from "../build/sample/generate-sample.ts";

function parseScale(value: string): number {
  const scale = Number(value);
  if (!Number.isFinite(scale) || scale <= 0) throw new InvalidArgumentError("scale must be a positive number");
  if (scale < MIN_SCALE)
    throw new InvalidArgumentError(`scale must be at least ${MIN_SCALE}: a smaller sample has no game provider`);
  return scale;
}

const program = new Command()
  .name("seed")
  .description("Write the deterministic synthetic sample data (both services) into the seeds folder.")
  .option("--out <dir>", "seeds folder to write", "seeds")
  .option(
    "--scale <n>",
    "multiplies brands (and their domains), providers, games, licenses, alerts, resumes, lobby and demand",
    parseScale,
    1,
  )
  .showHelpAfterError(HELP_HINT)
  .parse();

const { out, scale } = program.opts<{ out: string; scale: number }>();
const dir = resolve(out);
let written: ReturnType<typeof writeSample>;
try {
  written = writeSample(dir, { scale });
} catch (error) {
  // A folder that cannot be written (a file in the way, no permission): the reason, not a stack trace.
  console.error(`The sample could not be written to ${dir}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
const width = Math.max(...written.map((f) => f.path.length));
let total = 0;
for (const file of written) {
  total += file.bytes;
  console.log(`${file.path.padEnd(width)}  ${file.bytes.toLocaleString("en-US").padStart(11)} bytes`);
}
console.log(
  `${written.length} files, ${total.toLocaleString("en-US")} bytes (${(total / 1024 / 1024).toFixed(2)} MiB) written to ${dir} at scale ${scale}`,
);
