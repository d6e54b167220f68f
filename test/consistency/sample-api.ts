/**
 * A client of the sample build for the cross-endpoint tests: each request goes through the engine's
 * own pipeline (route, parser, run, serialisation) and comes back as the JSON a client would decode,
 * so the checks compare what two endpoints publish, not the records behind them.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { ENDPOINTS } from "../../build/query/endpoints.ts";
import type { EngineContext } from "../../build/query/endpoint.ts";
import { parseQueryString } from "../../build/query/parse-query-string.ts";
import { renderAll, resolveQuery, resultHeaders, runResolved } from "../../build/query/run-query.ts";
import { sampleContext } from "../helpers/sample-host.ts";

export const DATASET = "/api/dataset/v1";
export const RESUMES = "/resume/api/v1";

/** What a client sees of one answer: the decoded body (or NDJSON lines) and X-Total-Count. */
export interface Answer {
  body: any;
  lines: any[];
  totalCount: number | undefined;
}

export interface SampleApi {
  context: EngineContext;
  dist: string;
  /**
   * GETs a full path with its query, e.g. `/api/dataset/v1/brands?page=2`. The engine is deterministic, so
   * each URL is answered once per file and a repeated request gets the same decoded answer: treat it as
   * read-only (issue 29: the cross-endpoint checks ask for thousands of cards twice or three times).
   */
  get(url: string): Answer;
  /** The data of every page of a paginated list, walked page by page with the given page size. */
  walk(url: string, perPage: number): { items: any[]; totals: number[]; pages: number[] };
  /** The records of a bulk download (`brands` reads /downloads/brands.ndjson.gz), read once per file: read-only. */
  download(name: string): Promise<any[]>;
  /** Every `meta.generated_at` (and discovery `generated_at`) the answers so far carried, per service base. */
  generatedAt: Map<string, Set<string>>;
}

export async function sampleApi(): Promise<SampleApi> {
  const { context, dist } = await sampleContext();
  const generatedAt = new Map<string, Set<string>>();
  const note = (url: string, value: unknown) => {
    const base = url.startsWith(RESUMES) ? RESUMES : DATASET;
    generatedAt.set(base, (generatedAt.get(base) ?? new Set()).add(String(value)));
  };
  const answers = new Map<string, Answer>();
  const get = (url: string): Answer => {
    const [pathPart] = url.split("?", 1) as [string];
    let answer = answers.get(url);
    if (answer === undefined) answers.set(url, (answer = answerOf(url)));
    if (answer.body !== undefined) note(pathPart, answer.body?.meta?.generated_at ?? answer.body?.generated_at);
    return answer;
  };
  const answerOf = (url: string): Answer => {
    const [pathPart, query = ""] = url.split("?", 2) as [string, string?];
    const resolved = resolveQuery(ENDPOINTS, pathPart, parseQueryString(query));
    const result = runResolved(context, resolved);
    const text = renderAll(resolved.endpoint, result);
    const { totalCount } = resultHeaders(resolved, result);
    if (result.kind === "ndjson")
      return {
        body: undefined,
        lines:
          text === ""
            ? []
            : text
                .trimEnd()
                .split("\n")
                .map((line) => JSON.parse(line)),
        totalCount,
      };
    return { body: JSON.parse(text), lines: [], totalCount };
  };
  const walk = (url: string, perPage: number) => {
    const separator = url.includes("?") ? "&" : "?";
    const items: any[] = [];
    const totals: number[] = [];
    const pages: number[] = [];
    for (let page = 1; ; page += 1) {
      const { meta, data } = get(`${url}${separator}per_page=${perPage}&page=${page}`).body;
      totals.push(meta.total);
      pages.push(meta.pages);
      if (data.length === 0) return { items, totals, pages };
      items.push(...data);
    }
  };
  const downloads = new Map<string, Promise<any[]>>();
  const download = (name: string): Promise<any[]> => {
    let records = downloads.get(name);
    if (records === undefined) downloads.set(name, (records = readDownload(name)));
    return records;
  };
  const readDownload = async (name: string) => {
    const text = gunzipSync(await readFile(path.join(dist, "downloads", `${name}.ndjson.gz`))).toString("utf8");
    return text === ""
      ? []
      : text
          .trimEnd()
          .split("\n")
          .map((line) => JSON.parse(line));
  };
  return { context, dist, get, walk, download, generatedAt };
}
