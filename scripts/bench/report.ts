/**
 * The benchmark's results: one table of figures, references, ratios and targets, printed and saved.
 * @module
 */
import type { ScaleFigures, SampleBuildFigures } from "./build-figures.ts";
import { medianOf } from "./build-figures.ts";
import { functionRows, functionRunLines, type FunctionRun, type ScaleFunctionFigures } from "./function-report.ts";
import type { ExportMemory } from "./host-process.ts";
import type { Series } from "./http-figures.ts";
import type { MixedLoad } from "./mixed-load.ts";
import type { SearchLatency, SearchQuality } from "./search-figures.ts";
import { formatMiB, formatMs, formatNumber, formatRatio, median, ratio } from "./stats.ts";
import type { Row } from "./row.ts";

export type { Row };

export interface Machine {
  cpu: string;
  cpus: number;
  memoryGiB: number;
  node: string;
  os: string;
  nginx?: string;
  wrk?: string;
  jsonServer?: string;
  loadAverage: { before: number; after?: number };
  pinned: boolean;
}

export interface BenchResults {
  date: string;
  quick: boolean;
  machine: Machine;
  notes: string[];
  build?: SampleBuildFigures;
  scales?: ScaleFigures[];
  http: Series[];
  fallback: Series[];
  search?: SearchLatency;
  searchQuality?: SearchQuality;
  searchIndexLines?: string[];
  startup?: { readyMs: number; rssBytes: number; runs: number };
  exportMemory?: ExportMemory;
  /** Precomputed and live answers, each alone and together (issue 30). */
  mixedLoad?: MixedLoad;
  /** The Netlify function over each scale's build (issue 32). */
  functions?: ScaleFunctionFigures[];
  /** Runs of `npm run bench:function -- --save` that measured some of `functions` apart from the full run. */
  functionRuns?: FunctionRun[];
  /** The data json-server and the host both answer from (the json-server rows). */
  fallbackData?: { brands: number; resumes: number };
  rows: Row[];
}

const rps = (runs: Series["ours"]) => median(runs.map((run) => run.requestsPerSecond));
const p99 = (runs: Series["ours"]) => median(runs.map((run) => run.latencyMs.p99));
const errors = (runs: Series["ours"]) => runs.reduce((sum, run) => sum + run.errors, 0);

/**
 * A row comparing two req/s series; `minimum` is the target ratio, `p99Below` an optional latency target.
 * The verdict is left open (holds undefined) when either side finished no request or the reference had
 * errors: a ratio against a reference that timed out or answered errors says nothing about the target.
 */
function seriesRow(series: Series | undefined, measure: string, minimum?: number, p99Below?: number): Row {
  let target = minimum === undefined ? "–" : `≥ ${minimum}×`;
  if (p99Below !== undefined) target += `, p99 < ${p99Below} ms`;
  if (series === undefined) return { measure, ours: "not run", reference: "–", ratio: "–", target };
  const value = ratio(rps(series.ours), rps(series.reference));
  const latency = p99(series.ours);
  const ourErrors = errors(series.ours);
  const referenceErrors = errors(series.reference);
  const annotate = (count: number) => (count > 0 ? ` (${count} errors)` : "");
  const figures = (runs: Series["ours"]) =>
    rps(runs) > 0 ? `${formatNumber(rps(runs))} req/s, p99 ${formatMs(p99(runs))}` : "no request finished";
  const measured = rps(series.ours) > 0 && rps(series.reference) > 0 && referenceErrors === 0;
  const holds =
    minimum === undefined || !measured
      ? undefined
      : value >= minimum && (p99Below === undefined || latency < p99Below) && ourErrors === 0;
  const row: Row = {
    measure,
    ours: `${figures(series.ours)}${annotate(ourErrors)}`,
    reference: `${series.referenceName} ${figures(series.reference)}${annotate(referenceErrors)}`,
    ratio: formatRatio(value),
    target,
  };
  if (holds !== undefined) row.holds = holds;
  return row;
}

/** The same series served by the host with its live cache off, against the same reference runs (for information). */
function uncachedRow(series: Series | undefined, measure: string): Row[] {
  if (series?.oursUncached === undefined) return [];
  return [seriesRow({ ...series, ours: series.oursUncached }, measure)];
}

function buildRows(build: SampleBuildFigures): Row[] {
  const full = medianOf(build.full, (run) => run.ms);
  const floor = median(build.floor.map((run) => run.ms));
  const rebuild = medianOf(build.rebuild, (run) => run.ms);
  const rewritten = Math.max(...build.rebuild.map((run) => run.publish?.written ?? Number.NaN));
  // Every file the build leaves on disk (the write floor writes the same tree): its count as published.
  const files = build.full[0]!.publish?.files ?? build.full[0]!.files + build.full[0]!.variants.files;
  const rows: Row[] = [
    {
      measure: `build of the sample (${formatNumber(files)} files with variants)`,
      ours: formatMs(full),
      reference: `write floor ${formatMs(floor)}`,
      ratio: formatRatio(full / floor),
      target: "< 3×",
      holds: full / floor < 3,
    },
    {
      measure: "rebuild, no seed change",
      ours: `${formatMs(rebuild)}, ${formatNumber(rewritten)} files rewritten`,
      reference: `full build ${formatMs(full)}`,
      ratio: formatRatio(rebuild / full),
      target: "< 0.33×, 0 rewritten",
      holds: rebuild / full < 1 / 3 && rewritten === 0,
    },
  ];
  const ways = `sequential ${formatMs(median(build.floor.map((run) => run.sequentialMs)))}, 16 async in flight ${formatMs(median(build.floor.map((run) => run.pooledMs)))}, one thread per core ${formatMs(median(build.floor.map((run) => run.threadsMs)))}`;
  rows.push({
    measure: "write floor, each way (medians; the floor is the fastest)",
    ours: ways,
    reference: "–",
    ratio: "–",
    target: "–",
  });
  rows.push(...compressionRows(build, floor));
  const stages = Object.keys(build.full[0]!.stages).map(
    (stage) => `${stage} ${formatMs(medianOf(build.full, (run) => run.stages[stage] ?? 0))}`,
  );
  rows.push({
    measure: "build stages of the sample (medians)",
    ours: stages.join(", "),
    reference: "–",
    ratio: "–",
    target: "–",
  });
  const changed = build.changed;
  if (changed?.publish !== undefined) {
    rows.push({
      measure: "rebuild, one resume changed (the tree it replaces removed in the background)",
      ours: `${formatMs(changed.ms)}, ${formatNumber(changed.publish.written)} rewritten, ${formatNumber(changed.publish.linked)} linked`,
      reference: `full build ${formatMs(full)}`,
      ratio: formatRatio(changed.ms / full),
      target: "–",
    });
  }
  return rows;
}

/** The stages a build runs before its plan renders the first response: nothing is written or compressed during them. */
const STAGES_BEFORE_PLAN = ["load", "compute", "search", "pages"];

/**
 * For information: the compression floor, and the least time a build could take on this machine: the
 * stages before the plan, then the write and compression floors one after the other (both keep every core
 * busy), with rendering free. Above 3× the write floor, the build target cannot hold here with compressed
 * forms made at build time, however fast the responses are rendered. The render floor is the plan alone,
 * with nothing written and no variant compressed; with it, the least time of a build that made no variants, against
 * the write floor of the files it would leave: above 3×, the target cannot hold here without them either,
 * unless the responses are rendered faster.
 */
function compressionRows(build: SampleBuildFigures, floor: number): Row[] {
  const runs = build.compressFloor ?? [];
  if (runs.length === 0) return [];
  const compress = median(runs.map((run) => run.ms));
  const beforePlan = STAGES_BEFORE_PLAN.reduce(
    (sum, stage) => sum + medianOf(build.full, (run) => run.stages[stage] ?? 0),
    0,
  );
  const least = beforePlan + floor + compress;
  const rows: Row[] = [
    {
      measure: `compression floor: the build's threads compressing its ${formatNumber(runs[0]!.bodies)} compressed bodies (${formatMiB(runs[0]!.bytes)}) in br and gzip, writing nothing`,
      ours: formatMs(compress),
      reference: `write floor ${formatMs(floor)}`,
      ratio: formatRatio(compress / floor),
      target: "–",
    },
    {
      measure: `least build time here: ${STAGES_BEFORE_PLAN.join(", ")} (${formatMs(beforePlan)}), then the write and compression floors; rendering free`,
      ours: formatMs(least),
      reference: `write floor ${formatMs(floor)}`,
      ratio: formatRatio(least / floor),
      target: "–",
    },
  ];
  const renders = build.renderFloor ?? [];
  if (renders.length > 0) {
    const render = median(renders.map((run) => run.stages.plan ?? 0));
    rows.push({
      measure: `render floor: the build's plan with nothing written and no variant compressed (${formatNumber(renders[0]!.files)} files rendered, encoded and tagged)`,
      ours: formatMs(render),
      reference: `write floor ${formatMs(floor)}`,
      ratio: formatRatio(render / floor),
      target: "–",
    });
    const plainRuns = build.plainFloor ?? [];
    if (plainRuns.length > 0) {
      // With no variants to make, writing could overlap rendering entirely: the longer of the two counts.
      const plainFloor = median(plainRuns.map((run) => run.ms));
      const plainLeast = beforePlan + Math.max(render, plainFloor);
      rows.push({
        measure: `least build time with no compressed variants: ${STAGES_BEFORE_PLAN.join(", ")}, then the render floor or the write floor of the ${formatNumber(plainRuns[0]!.files)} files left, whichever is longer`,
        ours: formatMs(plainLeast),
        reference: `their write floor ${formatMs(plainFloor)}`,
        ratio: formatRatio(plainLeast / plainFloor),
        target: "–",
      });
    }
  }
  return rows;
}

/** Time and peak memory of each scale against scale 1, next to how much the seed data grew. */
function scaleRows(scales: readonly ScaleFigures[]): Row[] {
  const base = scales.find((figure) => figure.scale === 1);
  if (base === undefined) return [];
  const baseMs = medianOf(base.runs, (run) => run.ms);
  const baseRss = medianOf(base.runs, (run) => run.maxRssBytes);
  const baseData = base.runs[0]!.seedBytes;
  return scales
    .filter((figure) => figure.scale !== 1)
    .map((figure) => {
      const ms = medianOf(figure.runs, (run) => run.ms);
      const rss = medianOf(figure.runs, (run) => run.maxRssBytes);
      const data = figure.runs[0]!.seedBytes / baseData;
      return {
        measure: `scale ${figure.scale}: build time, peak memory`,
        // Files written before variants, which the file budget (--max-files, 20,000) caps: past it responses are answered on the fly.
        ours: `${formatMs(ms)}, ${formatMiB(rss)}; ${formatNumber(figure.runs[0]!.files)} files`,
        reference: `scale 1 ${formatMs(baseMs)}, ${formatMiB(baseRss)}; ${formatNumber(base.runs[0]!.files)} files; data ×${data.toFixed(1)}`,
        ratio: `${formatRatio(ms / baseMs)}, ${formatRatio(rss / baseRss)}`,
        target: `≤ ×${data.toFixed(1)} (linear)`,
        holds: ms / baseMs <= data && rss / baseRss <= data,
      };
    });
}

/** Rows of the host in process: search latency and quality, start-up, export memory (those measured). */
export function hostRows(results: BenchResults): Row[] {
  const rows: Row[] = [];
  if (results.search !== undefined) {
    const { p50Ms, p99Ms, queries } = results.search;
    rows.push({
      measure: `full-text q in process (${queries} queries)`,
      ours: `p50 ${formatMs(p50Ms)}, p99 ${formatMs(p99Ms)}`,
      reference: "–",
      ratio: "–",
      target: "p99 < 5 ms",
      holds: p99Ms < 5,
    });
    const { prefixQueries, prefixP99Ms } = results.search;
    if (prefixP99Ms !== undefined)
      rows.push({
        measure: `full-text q, last word a prefix (${prefixQueries} of them)`,
        ours: `p99 ${formatMs(prefixP99Ms)}`,
        reference: "–",
        ratio: "–",
        target: "p99 < 5 ms",
        holds: prefixP99Ms < 5,
      });
  }
  rows.push(...searchQualityRows(results.searchQuality));
  if (results.startup !== undefined) {
    const { readyMs, rssBytes } = results.startup;
    rows.push({
      measure: "host ready to answer (npm start's script)",
      ours: `${formatMs(readyMs)}, RSS ${formatMiB(rssBytes)}`,
      reference: "–",
      ratio: "–",
      target: "< 1 s",
      holds: readyMs < 1000,
    });
  }
  const memory = results.exportMemory;
  if (memory !== undefined) {
    // Flat: neither while the exports stream (peak) nor after them does the host hold more than a tenth more.
    const flat = Math.max(memory.rssPeak, memory.rssAfter) <= memory.rssBefore * 1.1;
    rows.push({
      measure: `${memory.concurrency} concurrent exports ×${memory.rounds} (${formatMiB(memory.bytesPerExport)} each)`,
      ours: `RSS ${formatMiB(memory.rssBefore)} → peak ${formatMiB(memory.rssPeak)} → ${formatMiB(memory.rssAfter)}`,
      reference: "–",
      ratio: `${formatRatio(memory.rssPeak / memory.rssBefore)} peak, ${formatRatio(memory.rssAfter / memory.rssBefore)} after`,
      target: "peak and after ≤ 1.1× before",
      holds: flat,
    });
  }
  return rows;
}

/**
 * Issue 30's targets under mixed load: precomputed answers keep at least 0.4× their rate alone with p99
 * under 25 ms, live ones at least 0.3× theirs; no error on either side (the reference is the same host alone).
 */
function mixedRows(mixed: MixedLoad | undefined): Row[] {
  if (mixed === undefined) return [];
  return [
    seriesRow(
      mixed.precomputed,
      "precomputed pages and cards (40 connections) while 4 ask broad live queries, against alone",
      0.4,
      25,
    ),
    seriesRow(
      mixed.live,
      "broad live queries (4 connections, live cache off) while 40 ask pages and cards, against alone",
      0.3,
    ),
  ];
}

/** The labelled set's figures, word forms (issue 33) against words as written, both measured in this run. */
export function searchQualityRows(quality: SearchQuality | undefined): Row[] {
  if (quality === undefined) return [];
  const row = (name: "recall50" | "ndcg10", label: string): Row => ({
    measure: `resume q ${label}, ${quality.queries} labelled queries`,
    ours: quality.forms[name].toFixed(3),
    reference: `${quality.exact[name].toFixed(3)} (words as written only)`,
    ratio: formatRatio(quality.forms[name] / Math.max(quality.exact[name], 1e-9)),
    target: "above words as written",
    holds: quality.forms[name] > quality.exact[name],
  });
  return [row("recall50", "recall@50"), row("ndcg10", "nDCG@10")];
}

/** Every row of the table, in reading order. */
export function tableRows(results: BenchResults): Row[] {
  const http = (name: string) => results.http.find((series) => series.name === name);
  const fallback = (name: string) => results.fallback.find((series) => series.name === name);
  // The data both json-server and the host answer from, where the results record it.
  const data = results.fallbackData;
  const brands = data === undefined ? "" : `; ${formatNumber(data.brands)} brands`;
  const resumes = data === undefined ? "" : `; ${formatNumber(data.resumes)} resumes`;
  return [
    seriesRow(http("precomputed pages and cards"), "precomputed pages and cards", 0.35, 10),
    seriesRow(http("304 Not Modified"), "304 Not Modified (If-None-Match)", 0.3),
    seriesRow(http("gzip pages and cards"), "gzip pages and cards (stored variants)"),
    seriesRow(fallback("a page of brands"), `a page of brands (precomputed${brands})`),
    seriesRow(
      fallback("filtered page of resumes (on the fly)"),
      `filtered page of resumes (on the fly, live cache on${resumes})`,
      20,
    ),
    ...uncachedRow(
      fallback("filtered page of resumes (on the fly)"),
      `filtered page of resumes (live cache off: computed every time${resumes})`,
    ),
    seriesRow(
      fallback("full-text q over resumes"),
      `full-text q over resumes (on the fly, live cache on${resumes})`,
      50,
    ),
    ...uncachedRow(
      fallback("full-text q over resumes"),
      `full-text q over resumes (live cache off: computed every time${resumes})`,
    ),
    ...mixedRows(results.mixedLoad),
    ...hostRows(results),
    ...(results.build === undefined ? [] : buildRows(results.build)),
    ...(results.scales === undefined ? [] : scaleRows(results.scales)),
    ...(results.functions === undefined ? [] : functionRows(results.functions)),
  ];
}

/** The table as Markdown (printed, and shown in docs/performance.md). */
export function markdownTable(rows: readonly Row[]): string {
  // A row with a target but no verdict is one whose figures could not be measured.
  const mark = (row: Row) =>
    row.holds === undefined ? (row.target === "–" ? "" : "not measured") : row.holds ? "yes" : "**no**";
  const lines = ["| measure | ours | reference | ratio | target | holds |", "|---|---|---|---|---|---|"];
  for (const row of rows)
    lines.push(`| ${row.measure} | ${row.ours} | ${row.reference} | ${row.ratio} | ${row.target} | ${mark(row)} |`);
  return lines.join("\n");
}

/** The machine line under the table. */
export function machineLine(machine: Machine): string {
  const tools = [
    machine.nginx && `nginx ${machine.nginx}`,
    machine.wrk && `wrk ${machine.wrk}`,
    machine.jsonServer && `json-server ${machine.jsonServer}`,
  ]
    .filter(Boolean)
    .join(", ");
  const load = `load average ${machine.loadAverage.before.toFixed(2)}${machine.loadAverage.after === undefined ? "" : ` → ${machine.loadAverage.after.toFixed(2)}`}`;
  return `${machine.cpu}, ${machine.cpus} CPUs shared by client and servers${machine.pinned ? " (servers pinned to CPU 0, wrk to CPU 1)" : " (not pinned)"}, ${machine.memoryGiB} GiB, ${machine.os}, Node ${machine.node}; ${tools === "" ? "" : `${tools}; `}${load}.`;
}

/**
 * The block of docs/performance.md for the latest full run (`npm run docs` renders it from results/latest.json): when,
 * the table exactly as the run printed and saved it, and the machine line.
 */
export function latestRunMarkdown(
  results: Pick<BenchResults, "date" | "quick" | "machine" | "rows" | "functionRuns">,
  file: string,
): string {
  const when = `${results.date.slice(0, 10)} ${results.date.slice(11, 16)} UTC`;
  return [
    `Latest ${results.quick ? "quick" : "full"} run, ${when} (\`${file}\`):`,
    "",
    markdownTable(results.rows),
    "",
    machineLine(results.machine),
    ...functionRunLines(results.functionRuns).flatMap((line) => ["", line]),
  ].join("\n");
}
