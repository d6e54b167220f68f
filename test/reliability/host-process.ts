/**
 * The real host as a child process, as `npm start` runs it (`scripts/serve.ts`), on a free port:
 * for tests that signal it, read its memory, or need it outside the test's own event loop.
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { DEFAULT_LIVE_CACHE_MB } from "../../build/serve/live-cache.ts";
import { DEFAULT_LIVE_BUDGET_MS, DEFAULT_LIVE_PER_CLIENT, DEFAULT_LIVE_QUEUE } from "../../build/serve/live-engine.ts";
import { defaultLiveWorkers } from "../../build/serve/live-pool.ts";

const MEMORY_PROBE = path.resolve("test/reliability/memory-probe.mjs");

export interface HostProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** Everything the host printed on stdout so far. */
  output(): string;
  /** Everything the host printed on stderr so far. */
  errors(): string;
  /** Resolves when stdout has a line matching `pattern` (rejects after `timeoutMs`). */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<string>;
  /** Resolves with the exit code (or the signal) once the process ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** `process.memoryUsage()` in the host right after a full collection (only with the `memoryProbe` option). */
  memoryAfterGc(): Promise<NodeJS.MemoryUsage>;
  /** SIGKILL if still running, and wait for the exit. */
  kill(): Promise<void>;
}

/**
 * Starts `node --import tsx scripts/serve.ts --port 0 --dist <dist>` and waits for `Serving on <url>`.
 * With `viaNpm`, runs `npm start` instead (settings through the environment), in its own process group
 * so that nothing it starts can outlive the test; with `viaStartScript`, npm start's script
 * (`node scripts/start.mjs`, the host from its bundle) without npm. With `memoryProbe`, preloads
 * memory-probe.mjs (and --expose-gc) over an IPC channel, for `memoryAfterGc()`. `env` adds to the
 * environment (BUNDLE_CACHE_DIR).
 */
export async function startHostProcess(
  dist: string,
  options: {
    rateLimit?: number;
    viaNpm?: boolean;
    viaStartScript?: boolean;
    memoryProbe?: boolean;
    env?: Record<string, string>;
  } = {},
): Promise<HostProcess> {
  const rateLimit = String(options.rateLimit ?? 0);
  const probe = options.memoryProbe === true;
  if (probe && options.viaNpm === true)
    throw new Error("the memory probe needs the host started directly, not via npm");
  // Every host setting is given: one left to the environment (HOST, TRUST_PROXY, LIVE_CACHE_MB, LIVE_WORKERS from the
  // shell or the CI runner) would change the host under test, or where it listens.
  const settings = {
    ...{
      PORT: "0",
      HOST: "127.0.0.1",
      DIST: dist,
      RATE_LIMIT: rateLimit,
      TRUST_PROXY: "false",
      LIVE_CACHE_MB: String(DEFAULT_LIVE_CACHE_MB),
    },
    ...{
      LIVE_WORKERS: String(defaultLiveWorkers()),
      LIVE_QUEUE: String(DEFAULT_LIVE_QUEUE),
      LIVE_PER_CLIENT: String(DEFAULT_LIVE_PER_CLIENT),
      LIVE_BUDGET_MS: String(DEFAULT_LIVE_BUDGET_MS),
    },
  };
  const env = { ...process.env, ...settings, ...options.env };
  const entry = options.viaStartScript === true ? ["scripts/start.mjs"] : ["--import", "tsx", "scripts/serve.ts"];
  const child = options.viaNpm
    ? spawn("npm", ["start", "--silent"], { stdio: ["ignore", "pipe", "pipe"], detached: true, env })
    : spawn(
        process.execPath,
        [
          ...(probe ? ["--expose-gc", "--import", MEMORY_PROBE] : []),
          ...entry,
          "--port",
          "0",
          "--dist",
          dist,
          "--rate-limit",
          rateLimit,
        ],
        {
          stdio: probe ? ["ignore", "pipe", "pipe", "ipc"] : ["ignore", "pipe", "pipe"],
          env,
        },
      );
  let stdout = "";
  let stderr = "";
  const waiters: (() => void)[] = [];
  const wakeAll = () => waiters.splice(0).forEach((wake) => wake());
  child.stdout!.setEncoding("utf8").on("data", (text: string) => {
    stdout += text;
    wakeAll();
  });
  child.stderr!.setEncoding("utf8").on("data", (text: string) => (stderr += text));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => {
      resolve({ code, signal });
      wakeAll();
    }),
  );

  const waitFor = (pattern: RegExp, timeoutMs = 60_000): Promise<string> =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`host printed no ${pattern} in ${timeoutMs} ms; stdout: ${stdout} stderr: ${stderr}`)),
        timeoutMs,
      );
      const check = () => {
        const line = stdout.split("\n").find((candidate) => pattern.test(candidate));
        if (line !== undefined) return (clearTimeout(timer), resolve(line));
        if (child.exitCode !== null || child.signalCode !== null)
          return (
            clearTimeout(timer),
            reject(new Error(`host exited (${child.exitCode ?? child.signalCode}); stderr: ${stderr}`))
          );
        waiters.push(check);
      };
      check();
    });

  const line = await waitFor(/^Serving on /);
  const url = /^Serving on (\S+)/.exec(line)![1]!;
  return {
    url,
    port: Number(new URL(url).port),
    child,
    output: () => stdout,
    errors: () => stderr,
    waitFor,
    exited,
    memoryAfterGc: () =>
      new Promise((resolve, reject) => {
        if (!probe) return reject(new Error("the host was started without the memory probe"));
        child.once("message", (message) => resolve((message as { memoryAfterGc: NodeJS.MemoryUsage }).memoryAfterGc));
        child.send("memory-after-gc");
      }),
    kill: async () => {
      // npm's group: whatever it started goes too (a no-op when all of it has exited).
      if (options.viaNpm) {
        try {
          process.kill(-child.pid!, "SIGKILL");
        } catch {
          // already gone
        }
      } else if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited;
    },
  };
}
