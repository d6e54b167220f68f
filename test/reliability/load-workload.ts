/**
 * The mixed workload of the load test, for autocannon: precomputed pages, cards, live fallbacks with
 * `q`, exports (precomputed and streamed), 304s via If-None-Match, and a few intended errors, each with
 * the statuses it may get.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import autocannon from "autocannon";
import { MANIFEST_FILE, type Manifest } from "../../build/output-format/manifest.ts";

export interface WorkloadRequest {
  /** What the request stands for, for the per-kind tally. */
  kind: "precomputed" | "card" | "fallback" | "export" | "not-modified" | "intended-error";
  path: string;
  headers?: Record<string, string>;
  /** The statuses this request may get; anything else is a failure. */
  expect: readonly number[];
}

/** The public URL of a precomputed file (the inverse of queryToPath). */
function urlOf(file: string): string {
  const segments = file.split("/");
  const stem = segments.pop()!.replace(/\.(json|ndjson)$/, "");
  const publicPath = `/${segments.slice(1).join("/")}`;
  return stem === "index" ? publicPath : `${publicPath}?${stem.split(",").join("&")}`;
}

/** The first precomputed file matching `pattern` (throws if the build has none: the workload would be wrong). */
function pick(manifest: Manifest, pattern: RegExp): { url: string; etag: string } {
  const file = Object.keys(manifest.files).find((name) => pattern.test(name));
  if (file === undefined) throw new Error(`no precomputed file matches ${pattern}`);
  return { url: urlOf(file), etag: manifest.files[file]!.etag };
}

/** The workload for a built dist/ (reads its manifest for precomputed URLs and their ETags). */
export async function mixedWorkload(dist: string): Promise<WorkloadRequest[]> {
  const manifest = JSON.parse(await readFile(path.join(dist, MANIFEST_FILE), "utf8")) as Manifest;
  const brands = pick(manifest, /^responses\/api\/dataset\/v1\/brands\/index\.json$/);
  const resumeCard = pick(manifest, /^responses\/resume\/api\/v1\/resumes\/\d+\/index\.json$/);
  const ok = [200] as const;
  return [
    { kind: "precomputed", path: brands.url, expect: ok },
    {
      kind: "precomputed",
      path: pick(manifest, /^responses\/api\/dataset\/v1\/trust-scores\/page=2\.json$/).url,
      expect: ok,
    },
    {
      kind: "precomputed",
      path: pick(manifest, /^responses\/resume\/api\/v1\/resumes\/page=2\.json$/).url,
      expect: ok,
    },
    { kind: "precomputed", path: brands.url, headers: { "Accept-Encoding": "br, gzip" }, expect: ok },
    { kind: "card", path: pick(manifest, /^responses\/api\/dataset\/v1\/brands\/[^/]+\/index\.json$/).url, expect: ok },
    { kind: "card", path: pick(manifest, /^responses\/api\/dataset\/v1\/games\/[^/]+\/index\.json$/).url, expect: ok },
    { kind: "card", path: resumeCard.url, expect: ok },
    { kind: "fallback", path: "/api/dataset/v1/brands?q=casino&sort=name", expect: ok },
    { kind: "fallback", path: "/resume/api/v1/resumes?q=media%20buyer&seniority=senior,lead", expect: ok },
    { kind: "fallback", path: "/api/dataset/v1/games?q=gold&per_page=20", expect: ok },
    {
      kind: "export",
      path: pick(manifest, /^responses\/resume\/api\/v1\/resumes\/export\/index\.ndjson$/).url,
      expect: ok,
    },
    { kind: "export", path: "/resume/api/v1/resumes/export?q=seo&per_page=100", expect: ok },
    { kind: "not-modified", path: brands.url, headers: { "If-None-Match": brands.etag }, expect: [304] },
    {
      kind: "not-modified",
      path: resumeCard.url,
      headers: { "If-None-Match": `W/"stale", ${resumeCard.etag}` },
      expect: [304],
    },
    { kind: "intended-error", path: "/api/dataset/v1/brands/no-such-brand", expect: [404] },
    { kind: "intended-error", path: "/api/dataset/v1/brands?page=0", expect: [400] },
  ];
}

export interface WorkloadTally {
  result: autocannon.Result;
  /** Responses per kind and status, e.g. `{ "fallback 200": 812 }`. */
  byKind: Record<string, number>;
  /** Responses whose status the request did not allow, as `kind path → status`. */
  unexpected: string[];
}

/**
 * Runs the workload against `url` with autocannon (10 connections) for `seconds`, or until it has sent
 * `requests`, tallying every response against its expectation.
 */
export async function runWorkload(
  url: string,
  workload: readonly WorkloadRequest[],
  options: { seconds: number } | { requests: number },
): Promise<WorkloadTally> {
  const byKind: Record<string, number> = {};
  const unexpected: string[] = [];
  const requests = workload.map((request) => ({
    method: "GET" as const,
    path: request.path,
    headers: request.headers ?? {},
    onResponse: (status: number) => {
      const key = `${request.kind} ${status}`;
      byKind[key] = (byKind[key] ?? 0) + 1;
      if (!request.expect.includes(status) && unexpected.length < 50)
        unexpected.push(`${request.kind} ${request.path} → ${status}`);
    },
  }));
  const length = "seconds" in options ? { duration: options.seconds } : { amount: options.requests };
  const result = await autocannon({ url, connections: 10, ...length, requests, timeout: 10 });
  return { result, byKind, unexpected };
}
