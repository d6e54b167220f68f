/**
 * Drives a server with wrk: a Lua script cycles through a list of requests (each thread its own
 * position, requests formatted once at start), and the output is parsed into req/s and latency.
 * @module
 */
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { runProcess } from "./processes.ts";

/** Whether wrk is installed. */
export const HAS_WRK = spawnSync("wrk", ["--version"]).error === undefined;

export interface WrkRequest {
  path: string;
  headers?: Record<string, string>;
}

export interface WrkOptions {
  threads: number;
  connections: number;
  seconds: number;
  /** Per-request timeout: slow servers (json-server's full-text search) need more than wrk's 2 s. */
  timeoutSeconds?: number;
  /** CPUs to pin wrk to (taskset list), when pinning. */
  cpus?: string;
}

export interface WrkResult {
  requestsPerSecond: number;
  requests: number;
  latencyMs: { p50: number; p75: number; p90: number; p99: number };
  /** Responses outside 2xx/3xx, and socket errors (connect, read, write, timeout). */
  errors: number;
}

const luaString = (text: string): string => `"${text.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;

/** The Lua script that cycles through the requests (written beside the other bench files). */
export function writeWrkScript(dir: string, name: string, requests: readonly WrkRequest[]): string {
  const rows = requests.map((request) => {
    const headers = Object.entries(request.headers ?? {}).map(
      ([key, value]) => `[${luaString(key)}] = ${luaString(value)}`,
    );
    return `  { ${luaString(request.path)}, { ${headers.join(", ")} } },`;
  });
  const script = [
    "local list = {",
    ...rows,
    "}",
    "local formatted = {}",
    "local at = 0",
    "init = function(args)",
    "  for i, item in ipairs(list) do formatted[i] = wrk.format('GET', item[1], item[2]) end",
    "  at = math.random(#formatted) - 1",
    "end",
    "request = function()",
    "  at = at % #formatted + 1",
    "  return formatted[at]",
    "end",
    "",
  ].join("\n");
  const file = path.join(dir, `${name}.lua`);
  writeFileSync(file, script);
  return file;
}

/** Runs wrk once against `baseUrl` with the script. */
export async function runWrk(baseUrl: string, script: string, options: WrkOptions): Promise<WrkResult> {
  const args = [
    "-t",
    String(options.threads),
    "-c",
    String(options.connections),
    "-d",
    `${options.seconds}s`,
    "--latency",
    "--timeout",
    `${options.timeoutSeconds ?? 10}s`,
    "-s",
    script,
    baseUrl,
  ];
  const { stdout } = await runProcess("wrk", args, options.cpus === undefined ? {} : { cpus: options.cpus });
  return parseWrkOutput(stdout);
}

/** A latency as wrk prints it (`812.00us`, `1.23ms`, `2.01s`) in milliseconds. */
export function parseDuration(text: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim());
  if (match === null) return Number.NaN;
  const value = Number(match[1]);
  return match[2] === "us"
    ? value / 1000
    : match[2] === "ms"
      ? value
      : match[2] === "s"
        ? value * 1000
        : value * 60_000;
}

/** Requests/sec, request count, the latency distribution and the error counts from wrk's report. */
export function parseWrkOutput(text: string): WrkResult {
  const number = (pattern: RegExp): number => Number(pattern.exec(text)?.[1] ?? Number.NaN);
  const latency = (p: number): number => parseDuration(new RegExp(`^\\s+${p}%\\s+(\\S+)`, "m").exec(text)?.[1] ?? "");
  const sockets = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(text);
  const socketErrors = sockets === null ? 0 : sockets.slice(1).reduce((sum, value) => sum + Number(value), 0);
  return {
    requestsPerSecond: number(/Requests\/sec:\s+([\d.]+)/),
    requests: number(/(\d+) requests in/),
    latencyMs: { p50: latency(50), p75: latency(75), p90: latency(90), p99: latency(99) },
    errors: socketErrors + (Number(/Non-2xx or 3xx responses: (\d+)/.exec(text)?.[1] ?? 0) || 0),
  };
}
