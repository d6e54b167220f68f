/**
 * Resume search latency in process: full-text `q` requests through the host's own handler (parse,
 * search, page, render), timed one by one after a warm-up; plus the index benchmark of
 * scripts/bench-search.ts (another engineer's), run as it is and its lines kept; and the quality of the
 * ranking on the labelled query set (issue 33), word forms against words as written, in the same run.
 * @module
 */
import path from "node:path";
import { Rng } from "../../build/sample/prng.ts";
import type { EngineContext } from "../../build/query/endpoint.ts";
import { resumeSearchOf } from "../../build/query/resumes/resume-search.ts";
import { tokenize } from "../../build/search/fold-search-text.ts";
import { ALL_FORMS, EXACT_FORMS } from "../../build/search/word-matches.ts";
import { LABELLED_QUERIES, measureQuality, rankedIds } from "../../test/search/labelled-queries.ts";
import type { HandlerDeps } from "../../build/serve/handle-request.ts";
import { handleRequest } from "../../build/serve/handle-request.ts";
import { runProcess } from "./processes.ts";
import { percentile } from "./stats.ts";

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const QUERIES = 1000;
const WARM_UP = 200;

export interface SearchLatency {
  queries: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** p99 of the queries whose last word was cut short (a prefix). */
  prefixQueries?: number;
  prefixP99Ms?: number;
}

/** Mean recall@50 and nDCG@10 over the labelled set, per matcher. */
export interface SearchQuality {
  queries: number;
  forms: { recall50: number; ndcg10: number };
  exact: { recall50: number; ndcg10: number };
}

/** Queries of one to three words drawn from the resumes themselves, some with the last word cut short (a prefix). */
function queries(deps: HandlerDeps): { text: string; prefix: boolean }[] {
  const rng = new Rng("bench-http-search");
  const resumes = deps.context.dataset.resumes;
  return Array.from({ length: QUERIES }, () => {
    const resume = rng.pick(resumes);
    const words = tokenize(`${resume.title} ${resume.skills.join(" ")} ${resume.text}`).filter(
      (word) => word.length >= 3,
    );
    const picked = rng.sample(words, Math.min(rng.int(1, 3), words.length));
    const prefix = rng.int(0, 3) === 0;
    if (prefix) picked[picked.length - 1] = picked[picked.length - 1]!.slice(0, 3);
    return { text: picked.join(" "), prefix };
  });
}

/** p50 and p99 of `/resumes?q=…` answered in process by the engine (no precomputed files involved). */
export async function searchLatency(deps: HandlerDeps): Promise<SearchLatency> {
  const drawn = queries(deps);
  const urls = drawn.map(({ text }) => `/resume/api/v1/resumes?q=${encodeURIComponent(text)}`);
  const ask = (url: string) => handleRequest({ method: "GET", url, clientAddress: "bench" }, deps);
  for (const url of urls.slice(0, WARM_UP)) await ask(url);
  const times: number[] = [];
  const prefixTimes: number[] = [];
  for (const [i, url] of urls.entries()) {
    const started = performance.now();
    const response = await ask(url);
    const elapsed = performance.now() - started;
    times.push(elapsed);
    if (drawn[i]!.prefix) prefixTimes.push(elapsed);
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  }
  return {
    queries: times.length,
    p50Ms: percentile(times, 50),
    p99Ms: percentile(times, 99),
    maxMs: Math.max(...times),
    prefixQueries: prefixTimes.length,
    prefixP99Ms: percentile(prefixTimes, 99),
  };
}

/** recall@50 and nDCG@10 of the labelled set (test/search/labelled-queries.ts): every word form vs words as written only (the matcher before issue 33). */
export function searchQuality(context: EngineContext): SearchQuality {
  const index = resumeSearchOf(context);
  const measure = (forms: typeof ALL_FORMS) => {
    const { recall50, ndcg10 } = measureQuality(context.dataset.resumes, (q) => rankedIds(index, q, forms));
    return { recall50, ndcg10 };
  };
  return { queries: LABELLED_QUERIES.length, forms: measure(ALL_FORMS), exact: measure(EXACT_FORMS) };
}

/** The lines scripts/bench-search.ts prints (index vs linear scan, on the sample and a corpus five times larger). */
export async function indexBenchmarkLines(): Promise<string[]> {
  const { stdout } = await runProcess(process.execPath, ["--import", "tsx", "scripts/bench-search.ts"], { cwd: ROOT });
  return stdout.trim().split("\n");
}
