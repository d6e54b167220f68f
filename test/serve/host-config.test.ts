import { describe, expect, it } from "vitest";
import { BuildError } from "../../build/errors.ts";
import { resolveHostConfig } from "../../build/serve/host-config.ts";
import { defaultLiveWorkers } from "../../build/serve/live-pool.ts";

const DEFAULTS = {
  port: 8080,
  host: "127.0.0.1",
  dist: "dist",
  rateLimit: 120,
  trustProxy: false,
  liveCacheMb: 64,
  liveWorkers: defaultLiveWorkers(),
  liveQueue: 256,
  livePerClient: 2,
  liveBudgetMs: 10_000,
};

describe("resolveHostConfig", () => {
  it.each<[string, Record<string, unknown>, NodeJS.ProcessEnv, Partial<typeof DEFAULTS>]>([
    ["defaults", {}, {}, {}],
    ["PORT and RATE_LIMIT from the environment", {}, { PORT: "9000", RATE_LIMIT: "0" }, { port: 9000, rateLimit: 0 }],
    [
      "HOST and DIST from the environment",
      {},
      { HOST: "0.0.0.0", DIST: "/srv/dist" },
      { host: "0.0.0.0", dist: "/srv/dist" },
    ],
    [
      "a flag wins over the environment",
      { port: "7000", rateLimit: "5" },
      { PORT: "9000", RATE_LIMIT: "0" },
      { port: 7000, rateLimit: 5 },
    ],
    ["an empty variable counts as unset", {}, { PORT: "", HOST: "", DIST: "", RATE_LIMIT: "", TRUST_PROXY: "" }, {}],
    [
      "a blank variable counts as unset (PORT=' ' is not port 0)",
      {},
      { PORT: " ", RATE_LIMIT: "\t", LIVE_CACHE_MB: "  " },
      {},
    ],
    [
      "a blank flag counts as unset (--rate-limit= does not turn the limit off)",
      { rateLimit: "", port: " " },
      { RATE_LIMIT: "30" },
      { rateLimit: 30 },
    ],
    ["a number from a flag given as a number", { port: 9002 }, {}, { port: 9002 }],
    ["an unset flag leaves the environment's value", { port: undefined }, { PORT: "9001" }, { port: 9001 }],
    ["port 0 (any free port)", {}, { PORT: "0" }, { port: 0 }],
    ["TRUST_PROXY=1", {}, { TRUST_PROXY: "1" }, { trustProxy: true }],
    ["TRUST_PROXY=true", {}, { TRUST_PROXY: "true" }, { trustProxy: true }],
    ["TRUST_PROXY=0", {}, { TRUST_PROXY: "0" }, { trustProxy: false }],
    ["the --trust-proxy flag", { trustProxy: true }, { TRUST_PROXY: "0" }, { trustProxy: true }],
    ["LIVE_CACHE_MB from the environment, 0 turning it off", {}, { LIVE_CACHE_MB: "0" }, { liveCacheMb: 0 }],
    ["a fractional --live-cache-mb flag", { liveCacheMb: "0.5" }, { LIVE_CACHE_MB: "256" }, { liveCacheMb: 0.5 }],
    ["LIVE_WORKERS=0: answers computed on the host's thread", {}, { LIVE_WORKERS: "0" }, { liveWorkers: 0 }],
    [
      "the live queue's settings from flags",
      { liveWorkers: "3", liveQueue: "10", livePerClient: "1", liveBudgetMs: "500" },
      { LIVE_QUEUE: "99" },
      { liveWorkers: 3, liveQueue: 10, livePerClient: 1, liveBudgetMs: 500 },
    ],
    ["other environment variables are ignored", {}, { NODE_ENV: "production", HOME: "/root" }, {}],
  ])("%s", (_case, flags, env, expected) => {
    expect(resolveHostConfig(flags, env)).toEqual({ ...DEFAULTS, ...expected });
  });

  it.each<[string, Record<string, unknown>, NodeJS.ProcessEnv, string]>([
    [
      "a port that is not a number",
      {},
      { PORT: "http" },
      'PORT (--port) = "http": expected a port number from 0 to 65535 (0: any free port)',
    ],
    ["a port out of range", {}, { PORT: "70000" }, 'PORT (--port) = "70000": expected a port number from 0 to 65535'],
    [
      "a negative rate limit",
      {},
      { RATE_LIMIT: "-1" },
      'RATE_LIMIT (--rate-limit) = "-1": expected a whole number of requests ≥ 0 (0 turns the limit off)',
    ],
    ["a fractional rate limit", { rateLimit: "1.5" }, {}, 'RATE_LIMIT (--rate-limit) = "1.5": expected a whole number'],
    [
      "a rate limit that is not a number",
      { rateLimit: "abc" },
      {},
      'RATE_LIMIT (--rate-limit) = "abc": expected a whole number',
    ],
    [
      "a negative live cache",
      {},
      { LIVE_CACHE_MB: "-5" },
      'LIVE_CACHE_MB (--live-cache-mb) = "-5": expected a number of MiB from 0 to 65536 (0 turns the cache off)',
    ],
    [
      "a live cache size that is not a number",
      {},
      { LIVE_CACHE_MB: "lots" },
      'LIVE_CACHE_MB (--live-cache-mb) = "lots": expected a number of MiB',
    ],
    [
      "a trust-proxy value that is not a boolean",
      {},
      { TRUST_PROXY: "yes" },
      'TRUST_PROXY (--trust-proxy) = "yes": expected 1, true, 0 or false',
    ],
    ["a port in hexadecimal", { port: "0x50" }, {}, 'PORT (--port) = "0x50": expected a port number'],
    ["a port in exponent notation", {}, { PORT: "1e4" }, 'PORT (--port) = "1e4": expected a port number'],
    [
      "a rate limit in hexadecimal",
      {},
      { RATE_LIMIT: "0x10" },
      'RATE_LIMIT (--rate-limit) = "0x10": expected a whole number',
    ],
    [
      "a live cache size in exponent notation",
      {},
      { LIVE_CACHE_MB: "1e2" },
      'LIVE_CACHE_MB (--live-cache-mb) = "1e2": expected a number of MiB',
    ],
    [
      "too many live workers",
      {},
      { LIVE_WORKERS: "65" },
      'LIVE_WORKERS (--live-workers) = "65": expected a whole number of threads from 0 to 64',
    ],
    ["a live queue of 0", {}, { LIVE_QUEUE: "0" }, 'LIVE_QUEUE (--live-queue) = "0": expected a whole number ≥ 1'],
    [
      "no live answer per client",
      { livePerClient: "0" },
      {},
      'LIVE_PER_CLIENT (--live-per-client) = "0": expected a whole number ≥ 1',
    ],
    [
      "a fractional budget",
      {},
      { LIVE_BUDGET_MS: "1.5" },
      'LIVE_BUDGET_MS (--live-budget-ms) = "1.5": expected a whole number ≥ 1',
    ],
  ])("refuses %s with a BuildError naming the variable, the flag and what it takes", (_case, flags, env, fragment) => {
    expect(() => resolveHostConfig(flags, env)).toThrow(BuildError);
    expect(() => resolveHostConfig(flags, env)).toThrow(fragment);
  });

  it("lists every bad setting at once", () => {
    expect(() => resolveHostConfig({}, { PORT: "x", RATE_LIMIT: "y" })).toThrow(
      /PORT \(--port\)[^]*RATE_LIMIT \(--rate-limit\)/,
    );
  });
});
