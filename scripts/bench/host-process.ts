/**
 * The host as the benchmark runs it: `npm start`'s script in a child process (scripts/start.mjs, the
 * host from its bundle; rate limit off), so its start time and resident memory are those of the real
 * thing; and the export memory check.
 * @module
 */
import http from "node:http";
import path from "node:path";
import { median } from "./stats.ts";
import { freePort, processMemory, startProcess, stopProcess, waitForHttp } from "./processes.ts";

const ROOT = path.resolve(import.meta.dirname, "..", "..");

export interface RunningHostProcess {
  url: string;
  pid: number;
  /** From spawning the process to the first 200. */
  readyMs: number;
  stop(): Promise<void>;
}

/** Starts `scripts/start.mjs` on `dist` (extra flags after the bench's own) and waits for its first answer. */
export async function startHostProcess(
  dist: string,
  cpus?: string,
  flags: readonly string[] = [],
): Promise<RunningHostProcess> {
  const port = await freePort();
  const started = performance.now();
  const child = startProcess(
    process.execPath,
    ["scripts/start.mjs", "--port", String(port), "--dist", dist, "--rate-limit", "0", ...flags],
    { cwd: ROOT, ...(cpus === undefined ? {} : { cpus }) },
  );
  const url = `http://127.0.0.1:${port}`;
  try {
    const readyMs = await waitForHttp(`${url}/api/dataset/v1/brands`, started);
    return { url, pid: child.pid!, readyMs, stop: () => stopProcess(child) };
  } catch (error) {
    await stopProcess(child);
    throw error;
  }
}

/**
 * Median start time and resident memory of the host over `runs` starts, after one start not counted:
 * the first start after a change of the host's sources bundles them (scripts/start.mjs), once.
 */
export async function measureStartup(dist: string, runs: number): Promise<{ readyMs: number[]; rssBytes: number[] }> {
  const readyMs: number[] = [];
  const rssBytes: number[] = [];
  await (await startHostProcess(dist)).stop();
  for (let run = 0; run < runs; run += 1) {
    const host = await startHostProcess(dist);
    readyMs.push(host.readyMs);
    rssBytes.push(processMemory(host.pid));
    await host.stop();
  }
  return { readyMs, rssBytes };
}

/** GETs `url` and reads the whole body; resolves with its byte count. */
function download(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        // Every answer measured must be the answer: a 503 from a full queue would look like a small export.
        if (res.statusCode !== 200) {
          res.resume();
          return reject(new Error(`${url} answered ${res.statusCode}`));
        }
        let bytes = 0;
        res.on("data", (chunk: Buffer) => (bytes += chunk.length));
        res.on("end", () => resolve(bytes));
        res.on("error", reject);
      })
      .on("error", reject);
  });
}

export interface ExportMemory {
  concurrency: number;
  rounds: number;
  bytesPerExport: number;
  rssBefore: number;
  rssPeak: number;
  rssAfter: number;
}

/**
 * The host's resident memory before, during (peak, sampled every 10 ms) and after `rounds` of
 * `concurrency` simultaneous downloads of a streamed export.
 */
export async function measureExportMemory(
  host: RunningHostProcess,
  exportPath: string,
  concurrency: number,
  rounds: number,
): Promise<ExportMemory> {
  const url = `${host.url}${exportPath}`;
  const bytesPerExport = await download(url); // warm: the JIT and the engine's indexes, as in service
  const rssBefore = processMemory(host.pid);
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, processMemory(host.pid))), 10);
  try {
    for (let round = 0; round < rounds; round += 1)
      await Promise.all(Array.from({ length: concurrency }, () => download(url)));
  } finally {
    clearInterval(sampler);
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
  return { concurrency, rounds, bytesPerExport, rssBefore, rssPeak, rssAfter: processMemory(host.pid) };
}

/** The medians of a list of startup runs. */
export function startupSummary(startup: { readyMs: number[]; rssBytes: number[] }): {
  readyMs: number;
  rssBytes: number;
} {
  return { readyMs: median(startup.readyMs), rssBytes: median(startup.rssBytes) };
}
