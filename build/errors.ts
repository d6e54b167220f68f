/**
 * The two error families: build errors for the CLI, HTTP errors for the handler.
 * @module
 */
import path from "node:path";
import { groupProblems } from "./shared/group-problems.ts";

/** What every command prints after a misused option or argument (commander's showHelpAfterError). */
export const HELP_HINT = "(run with --help for the options)";

/** A path as a POSIX shell takes it in a command a message suggests: as it is, or single-quoted. */
export function shellArg(text: string): string {
  return /^[\w./@%+=:,-]+$/.test(text) ? text : `'${text.replaceAll("'", "'\\''")}'`;
}

/**
 * The npm script that writes `dir`, for a message to suggest: `npm run <script>` for the script's own
 * default folder (run from the project's root, as npm runs it), else with `-- --out <dir>`. The default is
 * compared as text, never through path.resolve: the Netlify function's bundler takes a path call on a
 * literal for a file the function needs, and would bundle the whole dist/ (see load-host.ts).
 */
export function npmCommandFor(script: string, dir: string, defaultDir: string): string {
  if (path.relative(process.cwd(), path.resolve(dir)) === defaultDir) return `npm run ${script}`;
  return `npm run ${script} -- --out ${shellArg(dir)}`;
}

/** A build failure the publisher can act on; `cause` keeps the underlying error. */
export class BuildError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** One problem in one seed file: where it is and what is wrong. */
export interface SeedProblem {
  /** Path relative to the seeds folder's parent, e.g. `seeds/brands/brands.ndjson`. */
  file: string;
  /** `line 12`, `record 3`, or undefined for a whole-file problem. */
  record?: string;
  /** Dotted path of the field, e.g. `reputation.review_rating`. */
  field?: string;
  message: string;
}

/**
 * Characters a terminal shows as nothing or as a plain space: controls, format characters (a zero-width
 * space, a byte-order mark left inside a file) and every space but U+0020 (a no-break space).
 */
const INVISIBLE = /(?! )[\p{Cc}\p{Cf}\p{Z}]/gu;

/**
 * Formats a problem as `seeds/x.ndjson › line 3 › price: Expected number`. Invisible characters are written
 * as escapes (`\u200b`): before, a header column `volume` with a zero-width space after it read
 * `unknown column(s) "volume" and missing column(s) "volume"`, and a key `name` with one
 * `Unrecognized key "name"` beside `name: expected string, received undefined`.
 */
export function formatSeedProblem(problem: SeedProblem): string {
  const place = [problem.file, problem.record, problem.field].filter((part) => part !== undefined && part !== "");
  return `${place.join(" › ")}: ${problem.message}`.replace(INVISIBLE, (char) => {
    const code = char.codePointAt(0)!.toString(16);
    return code.length > 4 ? `\\u{${code}}` : `\\u${code.padStart(4, "0")}`;
  });
}

/** Every problem found in the seeds, all at once, so the publisher fixes them in one pass. */
export class SeedValidationError extends BuildError {
  readonly problems: readonly SeedProblem[];

  constructor(problems: readonly SeedProblem[]) {
    // Identical problems on many lines are one line of the message (lines 2-11); `problems` keeps each.
    const grouped = groupProblems(problems);
    const shown = grouped.slice(0, 200).map((p) => `  - ${formatSeedProblem(p)}`);
    const more = grouped.length > shown.length ? [`  … and ${grouped.length - shown.length} more`] : [];
    super([`The seeds have ${problems.length} problem(s):`, ...shown, ...more].join("\n"));
    this.problems = problems;
  }
}

/** Details carried by a JSON error body. */
export type ErrorDetails = Record<string, unknown>;

/** An error answered as the contract's JSON body `{ error, message, status, details? }`. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: ErrorDetails,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "HttpError";
  }

  /** The body as a plain object, in the contract's key order. */
  toBody(): { error: string; message: string; status: number; details?: ErrorDetails } {
    return this.details === undefined
      ? { error: this.code, message: this.message, status: this.status }
      : { error: this.code, message: this.message, status: this.status, details: this.details };
  }
}

/** Prints an error and its cause chain as numbered lines, without stack traces. */
export function formatErrorChain(error: unknown): string {
  const lines: string[] = [];
  let current: unknown = error;
  for (let depth = 1; current !== undefined && depth <= 10; depth += 1) {
    // Our own errors are sentences for the publisher; a class name in front says nothing to them.
    const message =
      current instanceof BuildError
        ? current.message
        : current instanceof Error
          ? `${current.name}: ${current.message}`
          : String(current);
    lines.push(depth === 1 ? message : `  ${depth - 1}. caused by ${message}`);
    current = current instanceof Error ? current.cause : undefined;
  }
  return lines.join("\n");
}
