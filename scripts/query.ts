import { STATUS_CODES } from "node:http";
import { Command } from "commander";
import { formatErrorChain, HELP_HINT } from "../build/errors.ts";
import { ENDPOINTS } from "../build/query/endpoints.ts";
import { handleRequest } from "../build/serve/handle-request.ts";
import { loadHost } from "../build/serve/load-host.ts";

await new Command("query")
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
        console.log(`HTTP/1.1 ${response.status} ${STATUS_CODES[response.status] ?? ""}`.trimEnd());
        for (const [name, value] of Object.entries(response.headers)) console.log(`${name}: ${value}`);
        console.log("");
      }
      const body = response.body;
      if (typeof body === "string" || Buffer.isBuffer(body)) process.stdout.write(body);
      else if (body !== undefined) for await (const line of body) process.stdout.write(line);
      if (response.status !== 200) process.exitCode = 1;
    } catch (error) {
      console.error(formatErrorChain(error));
      process.exitCode = 1;
    }
  })
  .parseAsync();
