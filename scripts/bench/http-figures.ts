/**
 * HTTP figures, each an interleaved series (ours, reference, ours, …) of wrk runs at -t2 -c50:
 * precomputed pages and cards, 304s and gzip against nginx on the same files; a page of brands, a
 * filtered page of resumes and full-text `q` against json-server on the same data.
 * @module
 */
import type { Manifest } from "../../build/output-format/manifest.ts";
import { ENDPOINTS } from "../../build/query/endpoints.ts";
import { parseQueryString } from "../../build/query/parse-query-string.ts";
import { resolveQuery } from "../../build/query/run-query.ts";
import { runWrk, writeWrkScript, type WrkRequest, type WrkResult } from "./wrk.ts";

export interface Series {
  name: string;
  ours: WrkResult[];
  reference: WrkResult[];
  referenceName: string;
  /** The host again with its live cache off (on-the-fly series only): every answer computed anew. */
  oursUncached?: WrkResult[];
}

export interface HttpSettings {
  dir: string;
  runs: number;
  seconds: number;
  /** The shortest run of a slow reference (json-server), so that it finishes enough requests to count. */
  referenceMinSeconds?: number;
  /** CPUs for wrk when pinning (servers get the others). */
  wrkCpus?: string;
}

const WRK = { threads: 2, connections: 50 };

/** Runs the two request lists alternately, `runs` times each, after a one-second warm-up of each. */
export async function series(
  name: string,
  settings: HttpSettings,
  ours: { url: string; requests: WrkRequest[] },
  reference: { name: string; url: string; requests: WrkRequest[]; timeoutSeconds?: number; minSeconds?: number },
  uncachedUrl?: string,
): Promise<Series> {
  const slug = name.replace(/[^a-z0-9]+/gi, "-").toLowerCase();
  const ourScript = writeWrkScript(settings.dir, `${slug}-ours`, ours.requests);
  const referenceScript = writeWrkScript(settings.dir, `${slug}-reference`, reference.requests);
  const options = (seconds: number, timeoutSeconds?: number) => ({
    ...WRK,
    seconds,
    ...(timeoutSeconds === undefined ? {} : { timeoutSeconds }),
    ...(settings.wrkCpus === undefined ? {} : { cpus: settings.wrkCpus }),
  });
  await runWrk(ours.url, ourScript, options(1));
  await runWrk(reference.url, referenceScript, options(1, reference.timeoutSeconds));
  if (uncachedUrl !== undefined) await runWrk(uncachedUrl, ourScript, options(1));
  const result: Series = {
    name,
    ours: [],
    reference: [],
    referenceName: reference.name,
    ...(uncachedUrl === undefined ? {} : { oursUncached: [] }),
  };
  for (let run = 0; run < settings.runs; run += 1) {
    result.ours.push(await runWrk(ours.url, ourScript, options(settings.seconds)));
    if (uncachedUrl !== undefined)
      result.oursUncached!.push(await runWrk(uncachedUrl, ourScript, options(settings.seconds)));
    // A slow reference needs longer runs to finish enough requests to count.
    result.reference.push(
      await runWrk(
        reference.url,
        referenceScript,
        options(Math.max(settings.seconds, reference.minSeconds ?? 0), reference.timeoutSeconds),
      ),
    );
  }
  return result;
}

/** Fetches each path once and returns its ETag (for the 304 series), checking it answers 200. */
export async function etagsOf(baseUrl: string, paths: readonly string[]): Promise<string[]> {
  const etags: string[] = [];
  for (const path of paths) {
    const response = await fetch(`${baseUrl}${path}`, { headers: { "accept-encoding": "identity" } });
    await response.arrayBuffer();
    const etag = response.headers.get("etag");
    if (response.status !== 200 || etag === null)
      throw new Error(`${baseUrl}${path} answered ${response.status} without an ETag`);
    etags.push(etag);
  }
  return etags;
}

/** Throws unless every URL is answered by the engine on the fly (no precomputed file), so the series measures what it says. */
export function assertLive(urls: readonly string[], manifest: Manifest): void {
  for (const url of urls) {
    const at = url.indexOf("?");
    const resolved = resolveQuery(
      ENDPOINTS,
      at < 0 ? url : url.slice(0, at),
      parseQueryString(at < 0 ? "" : url.slice(at + 1)),
    );
    if (resolved.filePath !== undefined && Object.hasOwn(manifest.files, resolved.filePath))
      throw new Error(`${url} is precomputed (${resolved.filePath}): not an on-the-fly query`);
  }
}

/**
 * The json-server comparisons: the same question asked of both, a few variants each (cycled), at the same
 * page size (50, our default) and in the same order (ours sorts by date, newest first, ties by id; json-server
 * by the same field, its sort stable over records kept in id order). A page of brands and a filtered page
 * of resumes are the same page item for item (`samePage`, checked before the series by assertSamePages);
 * full-text `q` cannot be: json-server's matches a substring anywhere in a record, ours whole words (the last
 * also as a prefix) in the title, skills and text. Every word matches some resumes: a query that matches none
 * costs either side little.
 */
export function fallbackCases(): {
  name: string;
  ours: string[];
  reference: string[];
  live: boolean;
  samePage: boolean;
}[] {
  const words = ["affiliate", "gambling", "seo", "keitaro", "traffic"];
  const filters = [
    ["media_buyer", "senior"],
    ["affiliate_manager", "middle"],
    ["seo", "junior"],
    ["media_buyer", "lead"],
  ];
  const byDate = "_sort=updated_at&_order=desc";
  return [
    {
      name: "a page of brands",
      ours: [2, 3, 4].map((page) => `/api/dataset/v1/brands?page=${page}`),
      reference: [2, 3, 4].map((page) => `/brands?_page=${page}&_limit=50`),
      live: false,
      samePage: true,
    },
    {
      name: "filtered page of resumes (on the fly)",
      ours: filters.map(([role, seniority]) => `/resume/api/v1/resumes?role=${role}&seniority=${seniority}&page=1`),
      reference: filters.map(
        ([role, seniority]) => `/resume_items?role=${role}&seniority=${seniority}&${byDate}&_page=1&_limit=50`,
      ),
      live: true,
      samePage: true,
    },
    {
      name: "full-text q over resumes",
      ours: words.map((word) => `/resume/api/v1/resumes?q=${word}`),
      reference: words.map((word) => `/resumes?q=${word}&${byDate}&_page=1&_limit=50`),
      live: true,
      samePage: false,
    },
  ];
}

/** The keys of a list answer's items, ours (`{ data: [...] }`) or json-server's (a bare array), in order. */
export function pageKeys(body: unknown): string[] {
  const items = Array.isArray(body) ? body : (body as { data?: unknown } | null)?.data;
  if (!Array.isArray(items)) throw new Error("not a list answer");
  return items.map((item: { id?: unknown; slug?: unknown }) => String(item.id ?? item.slug));
}

/**
 * Throws unless each of our URLs and the reference's matching URL list the same items in the same order
 * and neither is empty, so that a series compares the same answer.
 */
export async function assertSamePages(
  ourBase: string,
  ours: readonly string[],
  referenceBase: string,
  reference: readonly string[],
): Promise<void> {
  const keys = async (url: string): Promise<string[]> => {
    const response = await fetch(url, { headers: { "accept-encoding": "identity" } });
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    return pageKeys(await response.json());
  };
  for (const [i, url] of ours.entries()) {
    const [mine, theirs] = [await keys(`${ourBase}${url}`), await keys(`${referenceBase}${reference[i]}`)];
    if (mine.length === 0 || mine.join() !== theirs.join())
      throw new Error(
        `${url} and ${reference[i]} do not list the same items: ${mine.slice(0, 5).join(",")}… against ${theirs.slice(0, 5).join(",")}…`,
      );
  }
}
