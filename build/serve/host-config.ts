/**
 * Host settings from flags and environment (PORT, HOST, DIST, RATE_LIMIT, TRUST_PROXY, LIVE_CACHE_MB,
 * LIVE_WORKERS, LIVE_QUEUE, LIVE_PER_CLIENT, LIVE_BUDGET_MS), validated with zod.
 * @module
 */
import { z } from "zod";
import { BuildError } from "../errors.ts";
import { DEFAULT_RATE_LIMIT } from "../shared/host-errors.ts";
import { DEFAULT_LIVE_CACHE_MB } from "./live-cache.ts";
import { DEFAULT_LIVE_BUDGET_MS, DEFAULT_LIVE_PER_CLIENT, DEFAULT_LIVE_QUEUE } from "./live-engine.ts";
import { defaultLiveWorkers } from "./live-pool.ts";

/** What each setting takes, as its errors say it (rather than how zod failed). */
const PORT = { error: "expected a port number from 0 to 65535 (0: any free port)" };
const RATE_LIMIT = { error: "expected a whole number of requests ≥ 0 (0 turns the limit off)" };
const BOOLEAN = { error: "expected 1, true, 0 or false" };
const MEBIBYTES = { error: "expected a number of MiB from 0 to 65536 (0 turns the cache off)" };
const WORKERS = { error: "expected a whole number of threads from 0 to 64 (0 computes on the host's own thread)" };
const AT_LEAST_ONE = { error: "expected a whole number ≥ 1" };

/**
 * A number written in decimal digits (a fraction where `fraction`), as a flag or a variable gives it:
 * JavaScript's Number() would also take `0x50`, `1e4` or `0b11`.
 */
const decimal = (issue: { error: string }, fraction = false) =>
  z.union(
    [
      z.number(issue),
      z
        .string(issue)
        .regex(fraction ? /^\d+(\.\d+)?$/ : /^\d+$/, issue)
        .transform(Number),
    ],
    issue,
  );

export const hostConfigSchema = z.object({
  port: decimal(PORT)
    .pipe(z.number().int(PORT).min(0, PORT).max(65535, PORT))
    .default(8080)
    .describe("TCP port (PORT)"),
  host: z.string().min(1).default("127.0.0.1").describe("Address to listen on (HOST)"),
  dist: z.string().min(1).default("dist").describe("Built folder to serve (DIST)"),
  rateLimit: decimal(RATE_LIMIT)
    .pipe(z.number().int(RATE_LIMIT).min(0, RATE_LIMIT))
    .default(DEFAULT_RATE_LIMIT)
    .describe("Requests per rolling minute per client and service; 0 turns it off (RATE_LIMIT)"),
  trustProxy: z
    .union(
      [z.boolean(), z.enum(["1", "true", "0", "false"]).transform((text) => text === "1" || text === "true")],
      BOOLEAN,
    )
    .default(false)
    .describe("Read the client address from X-Forwarded-For's last entry, the one your proxy appended (TRUST_PROXY)"),
  liveCacheMb: decimal(MEBIBYTES, true)
    .pipe(z.number().min(0, MEBIBYTES).max(65536, MEBIBYTES))
    .default(DEFAULT_LIVE_CACHE_MB)
    .describe("Memory kept for answers computed on the fly, in MiB; 0 turns the cache off (LIVE_CACHE_MB)"),
  liveWorkers: decimal(WORKERS)
    .pipe(z.number().int(WORKERS).min(0, WORKERS).max(64, WORKERS))
    .default(() => defaultLiveWorkers())
    .describe("Worker threads computing answers on the fly; 0 computes them on the host's thread (LIVE_WORKERS)"),
  liveQueue: decimal(AT_LEAST_ONE)
    .pipe(z.number().int(AT_LEAST_ONE).min(1, AT_LEAST_ONE))
    .default(DEFAULT_LIVE_QUEUE)
    .describe("Live answers waiting for a worker at most; past it, 503 (LIVE_QUEUE)"),
  livePerClient: decimal(AT_LEAST_ONE)
    .pipe(z.number().int(AT_LEAST_ONE).min(1, AT_LEAST_ONE))
    .default(DEFAULT_LIVE_PER_CLIENT)
    .describe("Live answers in flight at most per client address (LIVE_PER_CLIENT)"),
  liveBudgetMs: decimal(AT_LEAST_ONE)
    .pipe(z.number().int(AT_LEAST_ONE).min(1, AT_LEAST_ONE))
    .default(DEFAULT_LIVE_BUDGET_MS)
    .describe("Milliseconds a live answer may wait for its first byte; past it, 503 (LIVE_BUDGET_MS)"),
});

export type HostConfig = z.infer<typeof hostConfigSchema>;

/** Where each setting comes from: its flag and its environment variable. */
const SOURCES: Record<keyof HostConfig, { flag: string; variable: string }> = {
  port: { flag: "--port", variable: "PORT" },
  host: { flag: "--host", variable: "HOST" },
  dist: { flag: "--dist", variable: "DIST" },
  rateLimit: { flag: "--rate-limit", variable: "RATE_LIMIT" },
  trustProxy: { flag: "--trust-proxy", variable: "TRUST_PROXY" },
  liveCacheMb: { flag: "--live-cache-mb", variable: "LIVE_CACHE_MB" },
  liveWorkers: { flag: "--live-workers", variable: "LIVE_WORKERS" },
  liveQueue: { flag: "--live-queue", variable: "LIVE_QUEUE" },
  livePerClient: { flag: "--live-per-client", variable: "LIVE_PER_CLIENT" },
  liveBudgetMs: { flag: "--live-budget-ms", variable: "LIVE_BUDGET_MS" },
};

/** Flags win over the environment; the environment wins over defaults. Throws a BuildError naming each bad setting. */
export function resolveHostConfig(flags: Record<string, unknown>, env: NodeJS.ProcessEnv): HostConfig {
  // A blank value (PORT=" ", --rate-limit=) is unset: read as a number it would be 0, any free port or no limit.
  const given = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);
  const pick = (name: keyof HostConfig) => given(flags[name]) ?? given(env[SOURCES[name].variable]);
  const raw = Object.fromEntries((Object.keys(SOURCES) as (keyof HostConfig)[]).map((name) => [name, pick(name)]));
  const result = hostConfigSchema.safeParse(raw);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = String(issue.path[0]) as keyof HostConfig;
    return `${SOURCES[name].variable} (${SOURCES[name].flag}) = ${JSON.stringify(raw[name])}: ${issue.message}`;
  });
  throw new BuildError(`Invalid host setting(s):\n  - ${problems.join("\n  - ")}`);
}
