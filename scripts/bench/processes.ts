/**
 * Child processes of the benchmark: spawning with optional CPU pinning, waiting for a port to answer,
 * reading a process's resident memory, stopping what we started (by its own pid, never by name).
 * @module
 */
import { spawn, spawnSync, type ChildProcess, type SpawnOptions } from "node:child_process";
import { readFileSync } from "node:fs";
import net from "node:net";

/** Whether `taskset` is here to pin processes to CPUs. */
export const HAS_TASKSET = spawnSync("taskset", ["--version"]).status === 0;

/** Starts `command` (pinned to `cpus`, e.g. "0", when given and taskset exists). */
export function startProcess(
  command: string,
  args: readonly string[],
  options: SpawnOptions & { cpus?: string } = {},
): ChildProcess {
  const { cpus, ...rest } = options;
  const pinned = cpus !== undefined && HAS_TASKSET;
  return spawn(pinned ? "taskset" : command, pinned ? ["-c", cpus, command, ...args] : [...args], {
    stdio: ["ignore", "pipe", "pipe"],
    ...rest,
  });
}

/** Runs a command to the end; resolves with its output (rejects on a non-zero exit, with stderr). */
export function runProcess(
  command: string,
  args: readonly string[],
  options: SpawnOptions & { cpus?: string } = {},
): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = startProcess(command, args, options);
    let stdout = "";
    let stderr = "";
    child.stdout?.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0
        ? resolve({ stdout, stderr })
        : reject(new Error(`${command} ${args.join(" ")} exited with ${code}: ${stderr.slice(-2000)}`)),
    );
  });
}

/** A TCP port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Polls `url` until it answers 200; resolves with the milliseconds since `startedAt`. */
export async function waitForHttp(url: string, startedAt: number, timeoutMs = 60_000): Promise<number> {
  while (performance.now() - startedAt < timeoutMs) {
    try {
      const response = await fetch(url, { headers: { "accept-encoding": "identity" } });
      await response.arrayBuffer();
      if (response.status === 200) return performance.now() - startedAt;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** Resident memory of a process in bytes (VmRSS). */
export function processMemory(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
  return kib === undefined ? 0 : Number(kib) * 1024;
}

/** Stops a child we started: SIGTERM, then SIGKILL after `graceMs`; resolves once it exited. */
export function stopProcess(child: ChildProcess, graceMs = 5000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}
