/**
 * Starts the host on a built dist/ and returns a handle to stop it (used by `npm start` and tests).
 * A rebuild of dist/ while it runs is picked up without a restart (host-snapshots.ts).
 * @module
 */
import type { AddressInfo } from "node:net";
import type { Manifest } from "../output-format/manifest.ts";
import { BuildError, formatErrorChain } from "../errors.ts";
import { ENDPOINTS } from "../query/endpoints.ts";
import type { HostConfig } from "./host-config.ts";
import { openHostSnapshots } from "./host-snapshots.ts";
import { createLiveCache, DEFAULT_LIVE_CACHE_MB } from "./live-cache.ts";
import { DEFAULT_LIVE_BUDGET_MS, DEFAULT_LIVE_PER_CLIENT, DEFAULT_LIVE_QUEUE, startLiveEngine } from "./live-engine.ts";
import { SHUTDOWN_GRACE_MS } from "./connection-tracker.ts";
import { closeGracefully, createHostServer } from "./node-server.ts";
import { createRateLimiter } from "./rate-limiter.ts";

/** Settings a caller may leave out: their defaults, and no live workers (answers computed on the host's thread). */
type OptionalSettings = "liveCacheMb" | "liveWorkers" | "liveQueue" | "livePerClient" | "liveBudgetMs";

/** The host's settings (see OptionalSettings), and how often dist/ is checked for a rebuild. */
export type HostSettings = Omit<HostConfig, OptionalSettings> &
  Partial<Pick<HostConfig, OptionalSettings>> & { reloadPollMs?: number; swapWaitMs?: number };

export interface RunningHost {
  url: string;
  port: number;
  /**
   * Stops accepting connections, ends idle ones, and lets in-flight responses finish for up to
   * `graceMs` (default SHUTDOWN_GRACE_MS) before cutting them; resolves when all connections ended.
   */
  close(graceMs?: number): Promise<void>;
}

/**
 * Loads `config.dist`, listens on `config.host`:`config.port` (0 = any free port) and returns the running
 * host. `onReload` hears of each rebuilt dist/ taken in.
 */
export async function startHost(
  config: HostSettings,
  logError: (error: unknown) => void = logHostError,
  onReload?: (manifest: Manifest) => void,
): Promise<RunningHost> {
  // The rate limit spans snapshots: a rebuild must not hand every client a fresh allowance.
  const rateLimiter = createRateLimiter(config.rateLimit);
  const liveCacheBytes = (config.liveCacheMb ?? DEFAULT_LIVE_CACHE_MB) * 1024 * 1024;
  // Started first: the workers load while the host loads, and each build loaded is shared with them.
  const live = startLiveEngine(
    {
      workers: config.liveWorkers ?? 0,
      maxQueued: config.liveQueue ?? DEFAULT_LIVE_QUEUE,
      perClient: config.livePerClient ?? DEFAULT_LIVE_PER_CLIENT,
      budgetMs: config.liveBudgetMs ?? DEFAULT_LIVE_BUDGET_MS,
    },
    logError,
  );
  let snapshots;
  try {
    snapshots = await openHostSnapshots(
      config.dist,
      ({ context, store, engineFiles }) => ({
        context,
        endpoints: ENDPOINTS,
        store,
        rateLimiter,
        liveCache: createLiveCache(liveCacheBytes),
        live: live?.forSnapshot(engineFiles),
        logError,
      }),
      { pollMs: config.reloadPollMs, swapWaitMs: config.swapWaitMs, logError, onReload },
    );
  } catch (error) {
    await live?.close();
    throw error;
  }
  const server = createHostServer(snapshots.current, { trustProxy: config.trustProxy });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(config.port, config.host, () => resolve());
    });
  } catch (error) {
    snapshots.close();
    await live?.close();
    throw listenError(error, config);
  }
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${config.host.includes(":") ? `[${config.host}]` : config.host}:${port}`,
    port,
    close: async (graceMs = SHUTDOWN_GRACE_MS) => {
      snapshots.close();
      // Live answers queued or running finish within the grace period, or are answered 503 before it ends.
      live?.stop(graceMs);
      await closeGracefully(server, graceMs);
      await live?.close();
    },
  };
}

/**
 * The host's default log of errors. A BuildError reaches it only from a rebuilt dist/ it could not load
 * (host-snapshots.ts), which the publisher acts on: said as the CLI says errors, without the bundle's stack
 * trace, and with what the host does meanwhile. Anything else is a fault of ours: its stack is kept.
 */
function logHostError(error: unknown): void {
  if (error instanceof BuildError) console.error(`${formatErrorChain(error)}\nStill serving the build loaded before.`);
  else console.error(error);
}

/**
 * A failure to listen, said as what to do about it (the CLI prints it as one line): a port already
 * taken is the usual one on a first run (another host, a second `npm start`).
 */
function listenError(error: unknown, config: HostSettings): unknown {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === "EADDRINUSE")
    return new BuildError(
      `Port ${config.port} on ${config.host} is already in use (another host?): stop it, or choose another port with --port or PORT.`,
    );
  if (code === "EACCES")
    return new BuildError(
      `Not allowed to listen on port ${config.port} of ${config.host}: choose a port from 1024 with --port or PORT.`,
    );
  if (code === "EADDRNOTAVAIL" || code === "ENOTFOUND")
    return new BuildError(
      `Cannot listen on ${config.host}: no such address on this machine. Choose another with --host or HOST (127.0.0.1 by default, 0.0.0.0 for every interface).`,
    );
  return error;
}
