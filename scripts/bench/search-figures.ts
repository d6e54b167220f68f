/**
 * Resume search latency in process: full-text `q` requests through the host's own handler (parse,
 * search, page, render), timed one by one after a warm-up; plus the index benchmark of
 * scripts/bench-search.ts (another engineer's), run as it is and its lines kept.
 * @module
 */
import path from "node:path";
import { Rng } from "../../build/sample/prng.ts";
import { tokenize } from "../../build/search/fold-search-text.ts";
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
}

/** Queries of one to three words drawn from the resumes themselves, some with the last word cut short (a prefix). */
function queries(deps: HandlerDeps): string[] {
  const rng = new Rng("bench-http-search");
  const resumes = deps.context.dataset.resumes;
  return Array.from({ length: QUERIES }, () => {
    const resume = rng.pick(resumes);
    const words = tokenize(`${resume.title} ${resume.skills.join(" ")} ${resume.text}`).filter((word) => word.length >= 3);
    const picked = rng.sample(words, Math.min(rng.int(1, 3), words.length));
    if (rng.int(0, 3) === 0) picked[picked.length - 1] = picked[picked.length - 1]!.slice(0, 3);
    return picked.join(" ");
  });
}

/** p50 and p99 of `/resumes?q=…` answered in process by the engine (no precomputed files involved). */
export async function searchLatency(deps: HandlerDeps): Promise<SearchLatency> {
  const urls = queries(deps).map((text) => `/resume/api/v1/resumes?q=${encodeURIComponent(text)}`);
  const ask = (url: string) => handleRequest({ method: "GET", url, clientAddress: "bench" }, deps);
  for (const url of urls.slice(0, WARM_UP)) await ask(url);
  const times: number[] = [];
  for (const url of urls) {
    const started = performance.now();
    const response = await ask(url);
    times.push(performance.now() - started);
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  }
  return { queries: times.length, p50Ms: percentile(times, 50), p99Ms: percentile(times, 99), maxMs: Math.max(...times) };
}

/** The lines scripts/bench-search.ts prints (index vs linear scan, on the sample and a corpus five times larger). */
export async function indexBenchmarkLines(): Promise<string[]> {
  const { stdout } = await runProcess(process.execPath, ["--import", "tsx", "scripts/bench-search.ts"], { cwd: ROOT });
  return stdout.trim().split("\n");
}
