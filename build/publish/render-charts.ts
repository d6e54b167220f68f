/**
 * Vega-Lite charts rendered to SVG at build time, by Vega itself, in a child Node process.
 *
 * Why a child process: `view.toSVG()` is asynchronous while a SiteProducer is synchronous, and only
 * a synchronous call fits the build's plan. `spawnSync` waits for the renderer; Vega's public API is
 * used as documented, with no reliance on its dataflow running in one tick.
 * @module
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const RENDERER = fileURLToPath(new URL("./render-vega-lite.mjs", import.meta.url));

/** A Vega-Lite specification (kept loose: the charts module builds them as plain objects). */
export type VegaLiteSpec = Record<string, unknown>;

/** Renders each spec to an SVG document string, in order; the same specs give the same bytes. */
export function renderChartsToSvg(specs: readonly VegaLiteSpec[]): string[] {
  if (specs.length === 0) return [];
  // No execArgv: the renderer is plain JavaScript and must not inherit tsx's or vitest's loaders.
  // TZ=UTC: no chart may depend on the machine's time zone, even if one later uses a time scale.
  const result = spawnSync(process.execPath, [RENDERER], { input: JSON.stringify(specs), env: { ...process.env, TZ: "UTC" }, encoding: "utf8", maxBuffer: 64 * 1024 * 1024, timeout: 120_000 });
  if (result.error !== undefined) throw new Error(`Internal error: the chart renderer did not run: ${result.error.message}`, { cause: result.error });
  if (result.status !== 0) throw new Error(`Internal error: the chart renderer failed (exit ${result.status}): ${result.stderr.trim().slice(0, 2000)}`);
  const svgs = JSON.parse(result.stdout) as unknown;
  if (!Array.isArray(svgs) || svgs.length !== specs.length || !svgs.every((svg) => typeof svg === "string")) throw new Error("Internal error: the chart renderer gave no SVG per spec");
  return svgs;
}
