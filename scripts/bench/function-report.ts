/**
 * The Netlify function's rows of the benchmark table (issue 32): per scale, its bundle, cold start, memory
 * and largest answer against Netlify's limits.
 * @module
 */
import { MAX_ANSWER_BYTES } from "../../build/query/answer-size.ts";
import { FUNCTION_HEAP_MIB, NETLIFY_LIMITS, type FunctionFigures } from "./function-figures.ts";
import type { Row } from "./row.ts";
import { formatMiB, formatMs, formatNumber, formatRatio } from "./stats.ts";

/** The function's figures over one scale's build. */
export interface ScaleFunctionFigures {
  scale: number;
  figures: FunctionFigures;
}

/**
 * The cold start the issue asks for: process start to first answer, judged on the wall clock, as a
 * client waits for it. Its CPU time is shown beside it: on a shared machine the wall clock also counts
 * the wait for a core (a CPU time of 0.47 s took 2.6 s of wall clock under a load average of 20), which
 * the run's load average, under the table, tells.
 */
export const COLD_START_TARGET_MS = 2000;

const MB = 1000 * 1000;

/** Four rows per scale: bundle, cold start, memory, largest answer; each against the limit it must stay under. */
export function functionRows(scales: readonly ScaleFunctionFigures[]): Row[] {
  return scales.flatMap(({ scale, figures }) => {
    const name = `Netlify function, scale ${scale}`;
    const { unzippedBytes, zippedBytes, coldStartMs, coldStartCpuMs, rssAfterBytes, peakRssBytes, largest } = figures;
    const bundleShare = Math.max(
      unzippedBytes / NETLIFY_LIMITS.unzippedBundleBytes,
      zippedBytes / NETLIFY_LIMITS.zippedBundleBytes,
    );
    return [
      {
        measure: `${name}: bundle (code and included files; zipped as Netlify stores it)`,
        ours: `${formatMiB(unzippedBytes)} unzipped, ${formatMiB(zippedBytes)} zipped`,
        reference: "Netlify: 250 MB unzipped, 50 MB zipped",
        ratio: formatRatio(bundleShare),
        target: "< 1× of both",
        holds: unzippedBytes < NETLIFY_LIMITS.unzippedBundleBytes && zippedBytes < NETLIFY_LIMITS.zippedBundleBytes,
      },
      {
        measure: `${name}: cold start (process start to its first answer, wall clock; CPU time beside it)`,
        ours: `${formatMs(coldStartMs)} (CPU ${formatMs(coldStartCpuMs)})`,
        reference: "issue 32: 2 s",
        ratio: formatRatio(coldStartMs / COLD_START_TARGET_MS),
        target: "< 1×",
        holds: coldStartMs < COLD_START_TARGET_MS,
      },
      {
        measure: `${name}: resident memory, broadest answer of every endpoint (heap ${FUNCTION_HEAP_MIB} MiB)`,
        ours: `RSS ${formatMiB(rssAfterBytes)} after, peak ${formatMiB(peakRssBytes)}`,
        reference: "Netlify: 1024 MiB",
        ratio: formatRatio(peakRssBytes / NETLIFY_LIMITS.memoryBytes),
        target: "peak < 1×",
        holds: peakRssBytes < NETLIFY_LIMITS.memoryBytes,
      },
      {
        measure: `${name}: largest answer (no Accept-Encoding)`,
        ours: `${formatNumber(largest.bytes)} bytes, ${largest.path.length > 60 ? `${largest.path.slice(0, 57)}…` : largest.path}`,
        reference: `Netlify: ${NETLIFY_LIMITS.bufferedResponseBytes / MB} MB buffered`,
        ratio: formatRatio(largest.bytes / NETLIFY_LIMITS.bufferedResponseBytes),
        target: `≤ ${formatNumber(MAX_ANSWER_BYTES)} bytes (the API's limit)`,
        holds: largest.bytes <= MAX_ANSWER_BYTES,
      },
    ];
  });
}

/** One run of `npm run bench:function`: the scales it measured, when, and the load average before and after. */
export interface FunctionRun {
  scales: number[];
  date: string;
  loadAverage: { before: number; after: number };
  /** CPU model, CPUs and Node (absent from runs before it was recorded). */
  machine?: string;
}

/** The lines under the table that say which function rows were measured apart, when, under what load. */
export function functionRunLines(runs: readonly FunctionRun[] | undefined): string[] {
  return (runs ?? []).map(
    ({ scales, date, loadAverage, machine }) =>
      `Netlify function rows of scale ${scales.join(", ")}: measured apart by \`npm run bench:function\`, ${date.slice(0, 10)} ${date.slice(11, 16)} UTC${machine === undefined ? "" : `, ${machine}`}, load average ${loadAverage.before.toFixed(2)} → ${loadAverage.after.toFixed(2)}.`,
  );
}
