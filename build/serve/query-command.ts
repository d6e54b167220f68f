/**
 * `npm run query`'s command line (scripts/query.ts): prints the response to one request path as the host
 * would answer it, and sets exit code 1 unless it is a 200. A factory, as `createBuildCommand()` is, so
 * that tests run it in process (issue 29) rather than as a child process each.
 * @module
 */
import { STATUS_CODES } from "node:http";
import { Command } from "commander";
import { formatErrorChain, HELP_HINT } from "../errors.ts";
import { ENDPOINTS } from "../query/endpoints.ts";
import { handleRequest } from "./handle-request.ts";
import { loadHost } from "./load-host.ts";

/** Where the command prints: the process's stdout and stderr, or a test's capture. */
export interface QueryOutput {
  /** One line of the status and headers (a newline is added). */
  line(text: string): void;
  /** Bytes of the body, as they are. */
  write(chunk: string | Uint8Array): void;
  /** An error message (a newline is added). */
  error(text: string): void;
}

const PROCESS_OUTPUT: QueryOutput = {
  line: (text) => console.log(text),
  write: (chunk) => void process.stdout.write(chunk),
  error: (text) => console.error(text),
};

/** The `query` command: `createQueryCommand().parseAsync()` runs it on the process's arguments. */
export function createQueryCommand(output: QueryOutput = PROCESS_OUTPUT): Command {
  return new Command("query")
    .description("Print the response to one request path, as the host would answer it; exit 1 unless 200.")
    .argument("<url>", "path and query, e.g. '/api/dataset/v1/brands?country=GB'")
    .option("--dist <dir>", "built folder", "dist")
    .option("--headers", "print the status line and headers too")
    .showHelpAfterError(HELP_HINT)
    .action(async (url: string, options: { dist: string; headers?: boolean }) => {
      try {
        const { context, store } = await loadHost(options.dist);
        const response = await handleRequest(
          { method: "GET", url, clientAddress: "cli" },
          { context, endpoints: ENDPOINTS, store },
        );
        if (options.headers) {
          // The status line as the host's HTTP server sends it (Node's reason phrases).
          output.line(`HTTP/1.1 ${response.status} ${STATUS_CODES[response.status] ?? ""}`.trimEnd());
          for (const [name, value] of Object.entries(response.headers)) output.line(`${name}: ${value}`);
          output.line("");
        }
        const body = response.body;
        if (typeof body === "string" || Buffer.isBuffer(body)) output.write(body);
        else if (body !== undefined) for await (const line of body) output.write(line);
        if (response.status !== 200) process.exitCode = 1;
      } catch (error) {
        output.error(formatErrorChain(error));
        process.exitCode = 1;
      }
    });
}
