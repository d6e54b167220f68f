/**
 * Starts the host on a built dist/ and returns a handle to stop it (used by `npm start` and tests).
 * @module
 */
import type { AddressInfo } from "node:net";
import { ENDPOINTS } from "../query/endpoints.ts";
import type { HostConfig } from "./host-config.ts";
import { createLiveCache, DEFAULT_LIVE_CACHE_MB } from "./live-cache.ts";
import { loadHost } from "./load-host.ts";
import { closeGracefully, createHostServer } from "./node-server.ts";
import { createRateLimiter } from "./rate-limiter.ts";

/** The host's settings; the live cache's size may be left out (its default). */
export type HostSettings = Omit<HostConfig, "liveCacheMb"> & { liveCacheMb?: number };

export interface RunningHost {
  url: string;
  port: number;
  /**
   * Stops accepting connections, ends idle ones, and lets in-flight responses finish for up to
   * `graceMs` (default SHUTDOWN_GRACE_MS) before cutting them; resolves when all connections ended.
   */
  close(graceMs?: number): Promise<void>;
}

/** Loads `config.dist`, listens on `config.host`:`config.port` (0 = any free port) and returns the running host. */
export async function startHost(config: HostSettings, logError: (error: unknown) => void = (error) => console.error(error)): Promise<RunningHost> {
  const { context, store } = await loadHost(config.dist);
  const liveCache = createLiveCache((config.liveCacheMb ?? DEFAULT_LIVE_CACHE_MB) * 1024 * 1024);
  const server = createHostServer({ context, endpoints: ENDPOINTS, store, rateLimiter: createRateLimiter(config.rateLimit), liveCache, logError }, { trustProxy: config.trustProxy });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${config.host.includes(":") ? `[${config.host}]` : config.host}:${port}`,
    port,
    close: (graceMs) => closeGracefully(server, graceMs),
  };
}
