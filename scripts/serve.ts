import { Command } from "commander";
import { formatErrorChain, HELP_HINT } from "../build/errors.ts";
import { resolveHostConfig } from "../build/serve/host-config.ts";
import { startHost } from "../build/serve/start-host.ts";

const program = new Command("serve")
  .description(
    "Serve a built dist/ over HTTP (flags override PORT, HOST, DIST, RATE_LIMIT, TRUST_PROXY, LIVE_CACHE_MB, LIVE_WORKERS, LIVE_QUEUE, LIVE_PER_CLIENT, LIVE_BUDGET_MS).",
  )
  .option("--port <n>", "TCP port (default 8080)")
  .option("--host <address>", "address to listen on (default 127.0.0.1)")
  .option("--dist <dir>", "built folder (default dist)")
  .option("--rate-limit <n>", "requests per minute per client and service, 0 = off (default 120)")
  .option("--trust-proxy", "read the client address from X-Forwarded-For")
  .option("--live-cache-mb <n>", "memory for answers computed on the fly, in MiB, 0 = off (default 64)")
  .option(
    "--live-workers <n>",
    "threads computing answers on the fly, 0 = on the host's thread (default: cores - 1, 1 to 4)",
  )
  .option("--live-queue <n>", "live answers waiting at most, then 503 (default 256)")
  .option("--live-per-client <n>", "live answers in flight per client address (default 2)")
  .option("--live-budget-ms <n>", "wait for a live answer's first byte at most, then 503 (default 10000)")
  .showHelpAfterError(HELP_HINT)
  .action(async (flags: Record<string, unknown>) => {
    try {
      const config = resolveHostConfig(flags, process.env);
      const host = await startHost(config, undefined, (manifest) =>
        console.log(`${config.dist} was rebuilt: serving the new build (data as of ${manifest.generated_at}).`),
      );
      console.log(`Serving on ${host.url}  (try ${host.url}/api/dataset/v1/)`);
      let stopping = false;
      const stop = (signal: NodeJS.Signals) => {
        // A second signal means "now": do not wait for slow clients any longer.
        if (stopping) process.exit(1);
        stopping = true;
        const closed = host.close();
        console.log(`${signal}: no new connections; finishing the responses in flight, then exiting.`);
        void closed.then(() => process.exit(0));
      };
      process.on("SIGTERM", stop);
      process.on("SIGINT", stop);
    } catch (error) {
      console.error(formatErrorChain(error));
      process.exitCode = 1;
    }
  });

await program.parseAsync();
