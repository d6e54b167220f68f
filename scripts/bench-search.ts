/**
 * `tsx scripts/bench-search.ts`: resume full-text search latency (median and p99 over 1,000 queries,
 * all of them and the prefix ones alone) and index load time, against a plain linear scan of the
 * folded texts measured in the same run, on the sample and on a synthetic corpus five times larger.
 * Run with `node --expose-gc --import tsx scripts/bench-search.ts` for exact heap figures.
 * @module
 */
import { existsSync, readFileSync } from "node:fs";
import os from "node:os";
import { resumeSchema, type Resume } from "../build/load/schemas.ts";
import { Rng } from "../build/sample/prng.ts";
import { generateResumes } from "../build/sample/resumes.ts";
import { foldSearchText, tokenize } from "../build/search/fold-search-text.ts";
import { buildResumeSearchIndex } from "../build/search/resume-search-index.ts";
import { parseSearchIndex, serializeSearchIndex } from "../build/search/search-index-codec.ts";
import { searchIndex } from "../build/search/search-query.ts";

const QUERY_COUNT = 1000;
const WARM_UP = 300;
const SAMPLE_FILE = "seeds/resumes/resumes.ndjson";

interface Query {
  text: string;
  prefix: boolean;
}

function corpora(): { label: string; resumes: Resume[] }[] {
  const sample = existsSync(SAMPLE_FILE)
    ? {
        label: "sample",
        resumes: readFileSync(SAMPLE_FILE, "utf8")
          .split("\n")
          .filter((line) => line.trim() !== "")
          .map((line) => resumeSchema.parse(JSON.parse(line))),
      }
    : { label: "synthetic ×1", resumes: generateResumes(new Rng("bench-search"), 1) };
  return [sample, { label: "synthetic ×5", resumes: generateResumes(new Rng("bench-search"), 5) }];
}

/** Queries drawn from the corpus' own words: one word, two or three words (AND), and a cut-off last word (prefix). */
function makeQueries(resumes: readonly Resume[], rng: Rng): Query[] {
  const queries: Query[] = [];
  while (queries.length < QUERY_COUNT) {
    const resume = rng.pick(resumes);
    const words = tokenize(`${resume.title} ${resume.skills.join(" ")} ${resume.text}`).filter(
      (word) => word.length >= 2,
    );
    const kind = rng.int(0, 9);
    const count = kind < 4 ? 1 : kind < 7 ? rng.int(2, 3) : rng.int(1, 2);
    const picked = rng.sample(words, Math.min(count, words.length));
    const prefix = kind >= 7;
    if (prefix) picked[picked.length - 1] = picked[picked.length - 1]!.slice(0, rng.int(1, 4));
    queries.push({ text: picked.join(" "), prefix });
  }
  return queries;
}

/** Per-query latencies in ms, after a warm-up pass so the JIT has compiled both paths. */
function measure(
  queries: readonly Query[],
  run: (text: string) => number,
): { all: number[]; prefix: number[]; checksum: number } {
  let checksum = 0;
  for (const query of queries.slice(0, WARM_UP)) checksum += run(query.text);
  const all: number[] = [];
  const prefix: number[] = [];
  for (const query of queries) {
    const started = performance.now();
    checksum += run(query.text);
    const elapsed = performance.now() - started;
    all.push(elapsed);
    if (query.prefix) prefix.push(elapsed);
  }
  return { all, prefix, checksum };
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** The baseline: every folded text scanned for every query word (substring match), last word as a prefix of a word. */
function linearScanner(resumes: readonly Resume[]): (text: string) => number {
  const haystacks = resumes.map(
    (resume) => ` ${tokenize(`${resume.title} ${resume.skills.join(" ")} ${resume.text}`).join(" ")} `,
  );
  return (text) => {
    const words = foldSearchText(text).match(/[\p{L}\p{N}]+/gu) ?? [];
    if (words.length === 0) return 0;
    const needles = words.map((word, i) => (i === words.length - 1 ? ` ${word}` : ` ${word} `));
    let found = 0;
    for (const haystack of haystacks) if (needles.every((needle) => haystack.includes(needle))) found += 1;
    return found;
  };
}

function heapBytes(): number {
  (globalThis as { gc?: () => void }).gc?.();
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
}

function loadFigures(text: string): { ms: number; heap: number } {
  const times: number[] = [];
  for (let i = 0; i < 7; i += 1) {
    const started = performance.now();
    parseSearchIndex(text);
    times.push(performance.now() - started);
  }
  const before = heapBytes();
  const kept = parseSearchIndex(text);
  const heap = heapBytes() - before;
  if (kept.ids.length < 0) console.log(kept); // keeps the index alive until measured
  return { ms: percentile(times, 50), heap };
}

const ms = (value: number) => `${value.toFixed(3)} ms`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const ratio = (slow: number, fast: number) => `×${(slow / Math.max(fast, 1e-6)).toFixed(0)}`;

function benchCorpus(label: string, resumes: Resume[]): void {
  const builtAt = performance.now();
  const built = buildResumeSearchIndex(resumes);
  const buildMs = performance.now() - builtAt;
  const text = serializeSearchIndex(built);
  const load = loadFigures(text);
  const index = parseSearchIndex(text);
  const queries = makeQueries(resumes, new Rng(`bench-queries-${label}`));
  const indexed = measure(queries, (query) => searchIndex(index, query).positions.length);
  const scanned = measure(queries, linearScanner(resumes));
  const head = `search ${label.padEnd(13)} ${String(resumes.length).padStart(6)} resumes`;
  for (const [name, fast, slow] of [
    ["all", indexed.all, scanned.all],
    ["prefix", indexed.prefix, scanned.prefix],
  ] as const) {
    const [m, p] = [percentile(fast, 50), percentile(fast, 99)];
    const [sm, sp] = [percentile(slow, 50), percentile(slow, 99)];
    console.log(
      `${head}  ${name.padEnd(6)} n=${String(fast.length).padStart(4)}  index median ${ms(m)} p99 ${ms(p)}  |  linear scan median ${ms(sm)} p99 ${ms(sp)}  |  ${ratio(sm, m)} median, ${ratio(sp, p)} p99`,
    );
  }
  console.log(
    `${head}  index: build ${buildMs.toFixed(0)} ms, file ${mb(Buffer.byteLength(text))}, load ${load.ms.toFixed(1)} ms, heap ${mb(load.heap)}, ${index.terms.length} terms, ${index.docs.length} postings`,
  );
}

console.log(
  `machine: ${os.cpus()[0]?.model ?? "unknown"}, ${os.cpus().length} cpus, node ${process.version}${(globalThis as { gc?: unknown }).gc ? "" : " (heap figures approximate: run with --expose-gc)"}`,
);
for (const { label, resumes } of corpora()) benchCorpus(label, resumes);
