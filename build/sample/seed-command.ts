/**
 * `npm run seed`'s command line (scripts/seed.ts): writes the deterministic synthetic sample into the
 * seeds folder and lists the files written. A factory, as `createBuildCommand()` is, so that tests run it
 * in process (issue 29) rather than as a child process through tsx each.
 * @module
 */
import { resolve } from "node:path";
import { Command, InvalidArgumentError } from "commander";
import { HELP_HINT } from "../errors.ts";
import { MIN_SCALE, writeSample } from "./generate-sample.ts";

/** Where the command prints: the process's stdout and stderr, or a test's capture (a newline is added). */
export interface SeedOutput {
  log(line: string): void;
  error(line: string): void;
}

const PROCESS_OUTPUT: SeedOutput = {
  log: (line) => console.log(line),
  error: (line) => console.error(line),
};

function parseScale(value: string): number {
  const scale = Number(value);
  if (!Number.isFinite(scale) || scale <= 0) throw new InvalidArgumentError("scale must be a positive number");
  if (scale < MIN_SCALE)
    throw new InvalidArgumentError(`scale must be at least ${MIN_SCALE}: a smaller sample has no game provider`);
  return scale;
}

/** The `seed` command: `createSeedCommand().parseAsync()` runs it on the process's arguments. */
export function createSeedCommand(output: SeedOutput = PROCESS_OUTPUT): Command {
  return new Command()
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
    .action((options: { out: string; scale: number }) => {
      const { scale } = options;
      const dir = resolve(options.out);
      let written: ReturnType<typeof writeSample>;
      try {
        written = writeSample(dir, { scale });
      } catch (error) {
        // A folder that cannot be written (a file in the way, no permission): the reason, not a stack trace.
        output.error(
          `The sample could not be written to ${dir}: ${error instanceof Error ? error.message : String(error)}`,
        );
        process.exitCode = 1;
        return;
      }
      const width = Math.max(...written.map((f) => f.path.length));
      let total = 0;
      for (const file of written) {
        total += file.bytes;
        output.log(`${file.path.padEnd(width)}  ${file.bytes.toLocaleString("en-US").padStart(11)} bytes`);
      }
      output.log(
        `${written.length} files, ${total.toLocaleString("en-US")} bytes (${(total / 1024 / 1024).toFixed(2)} MiB) written to ${dir} at scale ${scale}`,
      );
    });
}
