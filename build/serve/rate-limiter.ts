/**
 * A rolling-window rate limit per client and service: at most `limit` requests in any 60 seconds.
 * Exact (a log of timestamps per client), with an injected clock for tests.
 * @module
 */
import { RATE_WINDOW_MS } from "../shared/host-errors.ts";

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until a request slot frees up. */
  reset: number;
}

export interface RateLimiter {
  /** Counts one request of `key` (when allowed) and says whether it may pass. */
  check(key: string): RateDecision;
  /** The state of `key` without counting a request (for the headers of a CORS preflight). */
  peek(key: string): RateDecision;
}

/** A limiter allowing `limit` requests per rolling minute per key; `limit` 0 disables it (returns undefined). */
export function createRateLimiter(limit: number, now: () => number = Date.now): RateLimiter | undefined {
  if (limit <= 0) return undefined;
  const logs = new Map<string, number[]>();
  let checks = 0;

  const sweep = (time: number): void => {
    for (const [key, log] of logs) if ((log[log.length - 1] ?? 0) <= time - RATE_WINDOW_MS) logs.delete(key);
  };

  const decide = (log: readonly number[], time: number, allowed: boolean): RateDecision => {
    const oldest = log[0] ?? time;
    return {
      allowed,
      limit,
      remaining: Math.max(0, limit - log.length),
      reset: Math.max(1, Math.ceil((oldest + RATE_WINDOW_MS - time) / 1000)),
    };
  };
  const recent = (key: string, time: number): number[] =>
    (logs.get(key) ?? []).filter((stamp) => stamp > time - RATE_WINDOW_MS);

  return {
    check(key) {
      const time = now();
      checks += 1;
      if (checks % 10_000 === 0) sweep(time); // keeps memory bounded by the clients of the last minute
      const log = recent(key, time);
      const allowed = log.length < limit;
      if (allowed) log.push(time);
      logs.set(key, log);
      return decide(log, time, allowed);
    },
    peek(key) {
      const time = now();
      const log = recent(key, time);
      return decide(log, time, log.length < limit);
    },
  };
}
