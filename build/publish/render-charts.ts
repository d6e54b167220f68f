/**
 * Vega-Lite charts rendered to SVG at build time, by Vega itself, in a child Node process.
 *
 * Why a child process: Vega and Vega-Lite are large to load and only the build's methodology page needs
 * them, so they stay out of the build's own process; running apart, the renderer also works while the
 * build renders responses (issue 7). Vega's public API is used as documented.
 * @module
 */
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";

const RENDERER = fileURLToPath(new URL("./render-vega-lite.mjs", import.meta.url));

/**
 * CPU seconds the renderer may use: a chart that needs more is a bug, not work. Counted by the kernel
 * (RLIMIT_CPU, set by `ulimit -t` where there is a POSIX shell), so a busy machine, which only makes the
 * renderer wait for a core, never stops a correct build (issue 32: 120 s of wall clock stopped the scale-16
 * build twice under a load average of 20 on 2 cores).
 */
const CPU_LIMIT_S = 120;

/**
 * The renderer is killed after this long whatever it does: the limit for one that waits without working
 * (which uses no CPU), and the only one where there is no POSIX shell (Windows). Long, since on a shared
 * machine the wall clock is mostly the wait for a core.
 */
const TIMEOUT_MS = 30 * 60_000;

/** Runs the program with the soft CPU limit of $1 seconds (SIGXCPU), the hard one 5 s later (SIGKILL). */
const WITH_CPU_LIMIT = 'ulimit -S -t "$1" && ulimit -H -t $(($1 + 5)) && shift && exec "$@"';

/** A Vega-Lite specification (kept loose: the charts module builds them as plain objects). */
export type VegaLiteSpec = Record<string, unknown>;

/** How the renderer runs: tests swap in a failing stand-in, or a short timeout. */
export interface RendererOptions {
  /** The renderer program (render-vega-lite.mjs). */
  script?: string;
  /** Wall-clock limit. @default 30 minutes */
  timeoutMs?: number;
  /** CPU-time limit in whole seconds, where there is a POSIX shell to set it. @default 120 */
  cpuLimitS?: number;
}

/** Renders each spec to an SVG document string, in order; the same specs give the same bytes. */
export async function renderChartsToSvg(
  specs: readonly VegaLiteSpec[],
  options: RendererOptions = {},
): Promise<string[]> {
  if (specs.length === 0) return [];
  const timeoutMs = options.timeoutMs ?? TIMEOUT_MS;
  const cpuLimitS = options.cpuLimitS ?? CPU_LIMIT_S;
  const { code, signal, timedOut, stdout, stderr } = await runRenderer(
    options.script ?? RENDERER,
    JSON.stringify(specs),
    { timeoutMs, cpuLimitS },
  );
  const failed = (what: string) => new Error(`Internal error: the chart renderer ${what}`);
  if (timedOut) throw failed(`took over ${timeoutMs / 1000} s and was stopped`);
  if (signal === "SIGXCPU") throw failed(`used over ${cpuLimitS} s of CPU and was stopped`);
  if (signal !== null) throw failed(`was killed (${signal})${stderr === "" ? "" : `: ${stderr}`}`);
  if (code !== 0) throw failed(`failed (exit code ${code}): ${stderr}`);
  let svgs: unknown;
  try {
    svgs = JSON.parse(stdout);
  } catch {
    throw failed(`printed no JSON: ${JSON.stringify(stdout.slice(0, 200))}`);
  }
  if (!Array.isArray(svgs) || svgs.length !== specs.length || !svgs.every((svg) => typeof svg === "string"))
    throw failed("gave no SVG per spec");
  return svgs;
}

/** Charts rendered in this process, by their specs' JSON: the most recent few, enough for the builds of one test file. */
const rendered = new Map<string, Promise<readonly string[]>>();
const KEEP_RENDERED = 4;

/**
 * {@link renderChartsToSvg} with the default renderer, once per process for the same specs: the SVGs are a
 * function of the specs alone (Vega's text estimate, no canvas, TZ=UTC), and starting the renderer
 * (Node, Vega and Vega-Lite loaded) costs about 0.8 s of CPU, more than the rest of a small build
 * (issue 29: the tests build seeds-min some twenty times). A failure is not kept: the next build retries.
 */
export async function renderChartsOnce(specs: readonly VegaLiteSpec[]): Promise<string[]> {
  const key = JSON.stringify(specs);
  let svgs = rendered.get(key);
  if (svgs === undefined) {
    svgs = renderChartsToSvg(specs);
    rendered.set(key, svgs);
    if (rendered.size > KEEP_RENDERED) rendered.delete(rendered.keys().next().value!);
    svgs.catch(() => rendered.delete(key));
  }
  return [...(await svgs)];
}

interface RendererRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  stdout: string;
  /** Trimmed, and cut at 2,000 characters. */
  stderr: string;
}

/** Renderers still running: a build that fails meanwhile exits without waiting for them, and takes them along. */
const running = new Set<ChildProcess>();
let stopsAtExit = false;

function stopRenderersAtExit(): void {
  if (stopsAtExit) return;
  stopsAtExit = true;
  process.once("exit", () => {
    for (const child of running) child.kill("SIGKILL");
  });
}

/** The command that runs the renderer: under a CPU limit where a POSIX shell can set one. */
function rendererCommand(script: string, cpuLimitS: number): [string, string[]] {
  // No execArgv: the renderer is plain JavaScript and must not inherit tsx's or vitest's loaders.
  if (process.platform === "win32") return [process.execPath, [script]];
  return ["/bin/sh", ["-c", WITH_CPU_LIMIT, "sh", String(cpuLimitS), process.execPath, script]];
}

function runRenderer(
  script: string,
  input: string,
  limits: { timeoutMs: number; cpuLimitS: number },
): Promise<RendererRun> {
  const { timeoutMs } = limits;
  stopRenderersAtExit();
  return new Promise((resolve, reject) => {
    const [command, args] = rendererCommand(script, limits.cpuLimitS);
    // TZ=UTC: no chart may depend on the machine's time zone, even if one later uses a time scale.
    const child = spawn(command, args, {
      env: { ...process.env, TZ: "UTC" },
      stdio: ["pipe", "pipe", "pipe"],
    });
    running.add(child);
    let timedOut = false;
    // SIGKILL: a renderer stuck in a loop is stopped whatever it does with a gentler signal.
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGKILL");
    }, timeoutMs);
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => err.push(chunk));
    child.once("error", (error) => {
      running.delete(child);
      clearTimeout(timer);
      reject(new Error(`Internal error: the chart renderer did not run: ${error.message}`, { cause: error }));
    });
    child.once("close", (code, signal) => {
      running.delete(child);
      clearTimeout(timer);
      const stderr = Buffer.concat(err).toString("utf8").trim().slice(0, 2000);
      resolve({ code, signal, timedOut, stdout: Buffer.concat(out).toString("utf8"), stderr });
    });
    // A renderer that died at once closes stdin early: its exit status says why, not EPIPE.
    child.stdin.on("error", () => {});
    child.stdin.end(input);
  });
}
