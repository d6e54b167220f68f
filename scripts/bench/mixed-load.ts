/**
 * The mixed-load figures (issue 30): precomputed pages and cards at 40 connections, alone and while
 * 4 more connections ask broad live queries the host computes every time (its live cache off); and the
 * live queries alone and under that load. Every answer's status counts: wrk reports non-2xx/3xx as errors.
 * @module
 */
import type { Series } from "./http-figures.ts";
import { runWrk, writeWrkScript, type WrkOptions, type WrkResult } from "./wrk.ts";

export interface MixedLoad {
  /** Precomputed answers: under mixed load (ours) against alone (reference). */
  precomputed: Series;
  /** Live answers: under mixed load (ours) against alone (reference). */
  live: Series;
}

export interface MixedSettings {
  dir: string;
  runs: number;
  seconds: number;
  wrkCpus?: string;
}

const PRECOMPUTED = { threads: 2, connections: 40 };
const LIVE = { threads: 1, connections: 4 };

/**
 * Broad `/index` queries the build never writes (20 countries and a from/to range, a few MB each),
 * different windows so that no two in a row are alike.
 */
export function broadLiveQueries(countries: readonly string[], periods: readonly string[]): string[] {
  const twenty = countries.slice(0, 20).join(",");
  const queries: string[] = [];
  for (let start = 0; start + 6 < periods.length && queries.length < 8; start += 1)
    queries.push(
      `/api/dataset/v1/index?country=${twenty}&from=${periods[start]}&to=${periods[periods.length - 1 - (start % 3)]}`,
    );
  return queries;
}

/**
 * Runs, `runs` times: precomputed alone, live alone, then both at once. `url` is a host with its live
 * cache off, so each live query is computed; `pages` the precomputed URLs.
 */
export async function mixedLoad(
  url: string,
  pages: readonly string[],
  live: readonly string[],
  settings: MixedSettings,
): Promise<MixedLoad> {
  const pagesScript = writeWrkScript(
    settings.dir,
    "mixed-precomputed",
    pages.map((path) => ({ path })),
  );
  const liveScript = writeWrkScript(
    settings.dir,
    "mixed-live",
    live.map((path) => ({ path })),
  );
  const options = (shape: { threads: number; connections: number }, seconds: number): WrkOptions => ({
    ...shape,
    seconds,
    timeoutSeconds: 30,
    ...(settings.wrkCpus === undefined ? {} : { cpus: settings.wrkCpus }),
  });
  await runWrk(url, pagesScript, options(PRECOMPUTED, 1)); // warm-up: the store's memory, the workers' data
  await runWrk(url, liveScript, options(LIVE, 1));
  const precomputed: Series = { name: "mixed load: precomputed", ours: [], reference: [], referenceName: "alone" };
  const liveSeries: Series = { name: "mixed load: live", ours: [], reference: [], referenceName: "alone" };
  for (let run = 0; run < settings.runs; run += 1) {
    precomputed.reference.push(await runWrk(url, pagesScript, options(PRECOMPUTED, settings.seconds)));
    liveSeries.reference.push(await runWrk(url, liveScript, options(LIVE, settings.seconds)));
    const [pagesMixed, liveMixed]: WrkResult[] = await Promise.all([
      runWrk(url, pagesScript, options(PRECOMPUTED, settings.seconds)),
      runWrk(url, liveScript, options(LIVE, settings.seconds)),
    ]);
    precomputed.ours.push(pagesMixed!);
    liveSeries.ours.push(liveMixed!);
  }
  return { precomputed, live: liveSeries };
}
