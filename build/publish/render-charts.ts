/**
 * Vega-Lite charts rendered to SVG at build time, by Vega itself, in a child Node process.
 *
 * Why a child process: Vega and Vega-Lite are large to load and only the build's methodology page needs
 * them, so they stay out of the build's own process; running apart, the renderer also works while the
 * build renders responses (issue 7). Vega's public API is used as documented.
 * @module
 */
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const RENDERER = fileURLToPath(new URL("./render-vega-lite.mjs", import.meta.url));

/** The renderer is killed after this long: a chart that takes longer is a bug, not work. */
const TIMEOUT_MS = 120_000;

/** A Vega-Lite specification (kept loose: the charts module builds them as plain objects). */
export type VegaLiteSpec = Record<string, unknown>;

/** Renders each spec to an SVG document string, in order; the same specs give the same bytes. */
export async function renderChartsToSvg(specs: readonly VegaLiteSpec[]): Promise<string[]> {
  if (specs.length === 0) return [];
  const { code, stdout, stderr } = await runRenderer(JSON.stringify(specs));
  if (code !== 0) throw new Error(`Internal error: the chart renderer failed (exit ${code}): ${stderr.trim().slice(0, 2000)}`);
  const svgs = JSON.parse(stdout) as unknown;
  if (!Array.isArray(svgs) || svgs.length !== specs.length || !svgs.every((svg) => typeof svg === "string")) throw new Error("Internal error: the chart renderer gave no SVG per spec");
  return svgs;
}

function runRenderer(input: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    // No execArgv: the renderer is plain JavaScript and must not inherit tsx's or vitest's loaders.
    // TZ=UTC: no chart may depend on the machine's time zone, even if one later uses a time scale.
    const child = spawn(process.execPath, [RENDERER], { env: { ...process.env, TZ: "UTC" }, stdio: ["pipe", "pipe", "pipe"], timeout: TIMEOUT_MS });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => err.push(chunk));
    child.once("error", (error) => reject(new Error(`Internal error: the chart renderer did not run: ${error.message}`, { cause: error })));
    child.once("close", (code, signal) => {
      const stderr = Buffer.concat(err).toString("utf8");
      resolve({ code: signal === null ? code : null, stdout: Buffer.concat(out).toString("utf8"), stderr: signal === null ? stderr : `killed by ${signal}. ${stderr}` });
    });
    // A renderer that died at once closes stdin early: its exit status says why, not EPIPE.
    child.stdin.on("error", () => {});
    child.stdin.end(input);
  });
}
