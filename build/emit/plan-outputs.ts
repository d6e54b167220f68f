/**
 * Plans every file of dist/ without touching disk: the precomputed responses of each endpoint's
 * key space (within a file budget, by priority), the engine's dataset and the manifest.
 * @module
 */
import type { EngineContext, Endpoint } from "../query/endpoint.ts";
import { HttpError } from "../errors.ts";
import { resumeSearchOf } from "../query/resumes/resume-search.ts";
import {
  JSON_TYPE,
  NDJSON_TYPE,
  renderAll,
  resolveForEndpoint,
  resultHeaders,
  runResolved,
} from "../query/run-query.ts";
import { serializeSearchIndex } from "../search/search-index-codec.ts";
import { etagOf } from "../output-format/etag.ts";
import { ENCODINGS, variantPath, wantsVariants } from "../output-format/compress-body.ts";
import { serializeDataset } from "../output-format/dataset-file.ts";
import { encodeOwned } from "../output-format/owned-bytes.ts";
import { siteKey, type SiteBody, type SiteProducer } from "../output-format/site-files.ts";
import {
  DATASET_FILE,
  MANIFEST_FILE,
  SEARCH_FILE,
  type Manifest,
  type ManifestEntry,
  type SiteEntry,
} from "../output-format/manifest.ts";

export interface OutputFile {
  path: string;
  body: string | Buffer;
  /** Which endpoint produced it, for the summary (`engine` for the engine's own files). */
  group: string;
}

export interface OutputPlan {
  /** Every file of the output; the manifest's body stays empty until completeOutput (output-sink.ts) writes `manifest`. */
  files: OutputFile[];
  manifest: Manifest;
  /** Per endpoint: files planned and cut by the budget. */
  endpoints: { id: string; planned: number; cut: number }[];
}

interface Candidate {
  endpoint: Endpoint;
  pathParams: Record<string, string>;
  pairs: [string, string][];
  priority: number;
  order: number;
}

/**
 * Called with each response and site file as soon as its bytes and manifest entry are final, and
 * whether it should get compressed variants (large enough, of a compressible type, not shadowing
 * another file): the build writes it then (output-sink.ts).
 */
export type OnPlannedFile = (file: OutputFile, entry: ManifestEntry | SiteEntry, compress: boolean) => void;

/** How long the plan renders before it lets the event loop run (site files finishing, compressed bodies coming back). */
const YIELD_EVERY_MS = 8;

/**
 * Lists the key space of every endpoint, keeps the `maxFiles` most important, and renders them, while
 * the site files whose bytes take longer (charts, download archives) are finished alongside.
 */
export async function planOutputs(
  context: EngineContext,
  endpoints: readonly Endpoint[],
  options: {
    maxFiles: number;
    siteProducers?: readonly SiteProducer[];
    reservedFiles?: number;
    onFile?: OnPlannedFile;
    /** Awaited at each yield: a consumer of `onFile` that has too much queued holds the plan back with it. */
    pace?: () => Promise<void>;
  },
): Promise<OutputPlan> {
  const candidates: Candidate[] = [];
  for (const endpoint of endpoints) {
    const entries = endpoint.keySpace
      ? [...endpoint.keySpace(context)]
      : endpoint.path.includes("{")
        ? []
        : [{ pathParams: {}, pairs: [], priority: 0 }];
    for (const entry of entries)
      candidates.push({
        endpoint,
        pathParams: entry.pathParams,
        pairs: entry.pairs,
        priority: entry.priority,
        order: candidates.length,
      });
  }
  // Stable: by priority, then in key-space order, so the same seeds always keep the same files.
  candidates.sort((a, b) => a.priority - b.priority || a.order - b.order);
  const files: OutputFile[] = [];
  const manifest: Manifest = { generated_at: context.dataset.meta.snapshot_at, files: {}, site: {} };
  const siteBodies = planSiteFiles(context, options.siteProducers ?? [], files, manifest, options.onFile);
  siteBodies.catch(() => {}); // awaited below; a failure while responses render must not go unhandled meanwhile
  // Site files, the dataset, the search index, the manifest and files added after planning
  // (`reservedFiles`, e.g. routing) count against the budget too.
  const budget = Math.max(0, options.maxFiles - 3 - files.length - (options.reservedFiles ?? 0));
  const kept = candidates.slice(0, budget);
  const stats = new Map(endpoints.map((endpoint) => [endpoint.id, { id: endpoint.id, planned: 0, cut: 0 }]));
  for (const cut of candidates.slice(budget)) stats.get(cut.endpoint.id)!.cut += 1;

  let slice = performance.now();
  for (const candidate of kept) {
    if (performance.now() - slice > YIELD_EVERY_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      await options.pace?.();
      slice = performance.now();
    }
    const resolved = resolveForEndpoint(candidate.endpoint, candidate.pathParams, candidate.pairs);
    if (resolved.filePath === undefined || manifest.files[resolved.filePath] !== undefined) continue;
    let body: Buffer;
    let headers;
    try {
      const result = runResolved(context, resolved);
      // Encoded once, here: the ETag, the length and the emit threads all take these bytes, and the
      // rendered text is garbage at once instead of being held (and moved between heaps) until the end.
      body = encodeOwned(renderAll(candidate.endpoint, result));
      headers = resultHeaders(resolved, result);
    } catch (error) {
      if (error instanceof HttpError) continue; // a key whose answer is an error (result_too_large too): never precomputed
      throw error;
    }
    const file: OutputFile = { path: resolved.filePath, body, group: candidate.endpoint.id };
    files.push(file);
    const entry: ManifestEntry = { etag: etagOf(body), bytes: body.length };
    if (headers.link !== undefined) entry.link = headers.link;
    if (headers.totalCount !== undefined) entry.total = headers.totalCount;
    manifest.files[resolved.filePath] = entry;
    options.onFile?.(
      file,
      entry,
      wantsVariants(resolved.filePath.endsWith(".ndjson") ? NDJSON_TYPE : JSON_TYPE, entry.bytes),
    );
    stats.get(candidate.endpoint.id)!.planned += 1;
  }
  await siteBodies;
  files.push({ path: DATASET_FILE, body: serializeDataset(context.dataset), group: "engine" });
  files.push({ path: SEARCH_FILE, body: serializeSearchIndex(resumeSearchOf(context)), group: "engine" });
  // Listed now (it counts in the budget), written once the compressed variants are in the manifest too:
  // completeOutput serialises it then, once (2.8 MB of JSON for the sample).
  files.push({ path: MANIFEST_FILE, body: "", group: "engine" });
  return { files, manifest, endpoints: [...stats.values()] };
}

/**
 * Adds the site files (pages, downloads) to the plan and the manifest at once, in producer order; a path
 * produced twice is a bug. Resolves when every body is in (bodies still to come are filled in then).
 */
function planSiteFiles(
  context: EngineContext,
  producers: readonly SiteProducer[],
  files: OutputFile[],
  manifest: Manifest,
  onFile: OnPlannedFile | undefined,
): Promise<void> {
  const listed: { file: OutputFile; entry: SiteEntry; body: SiteBody | Promise<SiteBody> }[] = [];
  for (const producer of producers) {
    for (const site of producer(context)) {
      const key = siteKey(site.urlPath);
      if (manifest.site[key] !== undefined) throw new Error(`Internal error: two site files for ${key}`);
      const file: OutputFile = { path: site.file, body: "", group: "site" };
      const entry: SiteEntry = { file: site.file, type: site.contentType, etag: "", bytes: 0 };
      files.push(file);
      manifest.site[key] = entry;
      // Handled at once: a later producer throwing would end the listing before this body's handler
      // (below) exists, and its rejection would then go unhandled (Node ends the process on one).
      if (site.body instanceof Promise) site.body.catch(() => {});
      listed.push({ file, entry, body: site.body });
    }
  }
  // A variant must never replace a planned file of the same name (a download `x.ndjson.gz` beside `x.ndjson`).
  const paths = new Set(listed.map(({ file }) => file.path));
  const pending: Promise<void>[] = [];
  for (const { file, entry, body } of listed) {
    const fill = (bytes: SiteBody) => {
      file.body = bytes;
      entry.etag = etagOf(bytes);
      entry.bytes = Buffer.byteLength(bytes);
      const compress =
        wantsVariants(entry.type, entry.bytes) &&
        !ENCODINGS.some((encoding) => paths.has(variantPath(file.path, encoding)));
      onFile?.(file, entry, compress);
    };
    if (body instanceof Promise) pending.push(body.then(fill));
    else fill(body);
  }
  return Promise.all(pending).then(() => undefined);
}
