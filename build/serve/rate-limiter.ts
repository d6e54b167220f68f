/**
 * A rolling-window rate limit per client and service: at most `limit` requests in any 60 seconds.
 * Exact (a log of timestamps per client), with an injected clock for tests.
 * @module
 */

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until a request slot frees up. */
  reset: number;
}

export interface RateLimiter {
  check(key: string): RateDecision;
}

export const WINDOW_MS = 60_000;

/** A limiter allowing `limit` requests per rolling minute per key; `limit` 0 disables it (returns undefined). */
export function createRateLimiter(limit: number, now: () => number = Date.now): RateLimiter | undefined {
  if (limit <= 0) return undefined;
  const logs = new Map<string, number[]>();
  let checks = 0;

  const sweep = (time: number): void => {
    for (const [key, log] of logs) if ((log[log.length - 1] ?? 0) <= time - WINDOW_MS) logs.delete(key);
  };

  return {
    check(key) {
      const time = now();
      checks += 1;
      if (checks % 10_000 === 0) sweep(time); // keeps memory bounded by the clients of the last minute
      const log = (logs.get(key) ?? []).filter((stamp) => stamp > time - WINDOW_MS);
      const allowed = log.length < limit;
      if (allowed) log.push(time);
      logs.set(key, log);
      const oldest = log[0] ?? time;
      return { allowed, limit, remaining: Math.max(0, limit - log.length), reset: Math.max(1, Math.ceil((oldest + WINDOW_MS - time) / 1000)) };
    },
  };
}
