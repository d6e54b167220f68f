/**
 * Adds the compressed variants of dist/ (issue 5): every precomputed response and compressible site file
 * of at least {@link COMPRESS_MIN_BYTES} also gets `<file>.br` and `<file>.gz`, and its manifest entry
 * lists them (`encodings: {br: {etag, bytes}, gzip: {etag, bytes}}`), so the host picks one by
 * Accept-Encoding without reading or hashing anything. Variants are not queries: they do not count
 * against the file budget.
 * @module
 */
import type { Manifest, ManifestEntry, OutputFile, OutputPlan, SiteEntry } from "./plan-outputs.ts";
import { MANIFEST_FILE, serializeManifest } from "./plan-outputs.ts";
import { JSON_TYPE, NDJSON_TYPE } from "../query/run-query.ts";
import { etagOf } from "../serve/etag.ts";
import { COMPRESS_MIN_BYTES, compressBody, compressibleType, ENCODING_SUFFIX, ENCODINGS, type Encoding } from "./compress-body.ts";
import type { EarlyCompression } from "./early-compression.ts";

/** One stored variant of a body: the ETag of its own bytes and its length. */
export interface EncodedVariant {
  etag: string;
  bytes: number;
}

/** The variants of a body by coding, in preference order (br first). */
export type EncodedVariants = Partial<Record<Encoding, EncodedVariant>>;

/** The output this build replaces, when there is one: its variants are reused for unchanged bodies. */
export interface PreviousOutput {
  dir: string;
  manifest: Manifest;
  /** The manifest's exact text: equal text means every response, site file and variant is unchanged. */
  manifestText: string;
}

/** A variant whose bytes are the previous output's file at the same path (hard-linked, not recompressed). */
export interface ReusedVariant {
  path: string;
  encoding: Encoding;
  /** The identity file it encodes: to recompress it if the previous file cannot be linked. */
  source: OutputFile;
}

/** The plan with its variants: new ones in `files` (group `compressed`), reused ones listed apart. */
export interface CompressedPlan extends OutputPlan {
  reused: ReusedVariant[];
  /** Every variant, new and reused, for the build summary. */
  variants: { files: number; bytes: number };
}

/** The group of variant files in the plan and the build summary. */
export const VARIANT_GROUP = "compressed";

/** Bodies compressed at once on the thread pool: enough to keep every core busy, few enough to bound memory. */
const CONCURRENCY = 8;

/** A response or site file that may get variants, with the manifest entry that will list them. */
interface Candidate {
  file: OutputFile;
  type: string;
  entry: ManifestEntry | SiteEntry;
  previous: ManifestEntry | SiteEntry | undefined;
}

/** The file under dist/ of a body's variant in one coding. */
export function variantPath(file: string, encoding: Encoding): string {
  return `${file}${ENCODING_SUFFIX[encoding]}`;
}

/** Compresses what needs it, reuses what the previous output already holds, and re-renders the manifest. */
export async function compressOutputs(plan: OutputPlan, previous?: PreviousOutput, early?: EarlyCompression): Promise<CompressedPlan> {
  const files = [...plan.files];
  const reused: ReusedVariant[] = [];
  const variants = { files: 0, bytes: 0 };
  const fresh: Candidate[] = [];
  for (const candidate of candidates(plan, previous)) {
    const kept = reusableVariants(candidate.entry, candidate.previous);
    if (kept === undefined) {
      fresh.push(candidate);
      continue;
    }
    candidate.entry.encodings = kept;
    for (const encoding of ENCODINGS) {
      const variant = kept[encoding];
      if (variant === undefined) continue;
      reused.push({ path: variantPath(candidate.file.path, encoding), encoding, source: candidate.file });
      variants.files += 1;
      variants.bytes += variant.bytes;
    }
  }
  for (const made of await mapPooled(fresh, CONCURRENCY, (candidate) => encodeCandidate(candidate, early))) {
    files.push(...made);
    for (const file of made) {
      variants.files += 1;
      variants.bytes += file.body.length;
    }
  }
  const manifestAt = files.findIndex((file) => file.path === MANIFEST_FILE);
  if (manifestAt >= 0) files[manifestAt] = { ...files[manifestAt]!, body: serializeManifest(plan.manifest) };
  return { ...plan, files, reused, variants };
}

/** The previous output's variants of a body, when it had them and the body is unchanged (same ETag). */
export function reusableVariants(entry: ManifestEntry | SiteEntry, previous: ManifestEntry | SiteEntry | undefined): EncodedVariants | undefined {
  return previous?.etag === entry.etag ? previous.encodings : undefined;
}

/** Every response and site file that is large enough and of a compressible type, in plan order. */
function candidates(plan: OutputPlan, previous: PreviousOutput | undefined): Candidate[] {
  const byPath = new Map(plan.files.map((file) => [file.path, file]));
  const found: Candidate[] = [];
  const consider = (path: string, type: string, entry: ManifestEntry | SiteEntry, before: ManifestEntry | SiteEntry | undefined): void => {
    const file = byPath.get(path);
    if (file === undefined || entry.bytes < COMPRESS_MIN_BYTES || !compressibleType(type)) return;
    // A variant must never replace a planned file of the same name (a download `x.ndjson.gz` beside `x.ndjson`).
    if (ENCODINGS.some((encoding) => byPath.has(variantPath(path, encoding)))) return;
    found.push({ file, type, entry, previous: before?.encodings === undefined ? undefined : before });
  };
  const previousFiles = previous?.manifest.files ?? {};
  for (const [path, entry] of Object.entries(plan.manifest.files)) {
    consider(path, path.endsWith(".ndjson") ? NDJSON_TYPE : JSON_TYPE, entry, Object.hasOwn(previousFiles, path) ? previousFiles[path] : undefined);
  }
  const previousSite = new Map(Object.values(previous?.manifest.site ?? {}).map((entry) => [entry.file, entry]));
  for (const entry of Object.values(plan.manifest.site)) consider(entry.file, entry.type, entry, previousSite.get(entry.file));
  return found;
}

/** Both variants of one body, each kept only when smaller than the body; records them in its manifest entry. */
async function encodeCandidate(candidate: Candidate, early: EarlyCompression | undefined): Promise<OutputFile[]> {
  const started = early?.take(candidate.file);
  const codings = started === undefined ? undefined : await started;
  const encoded = await Promise.all(ENCODINGS.map(async (encoding) => ({ encoding, body: codings?.[encoding] ?? (await compressBody(encoding, candidate.file.body)) })));
  const made: OutputFile[] = [];
  const encodings: EncodedVariants = {};
  for (const { encoding, body } of encoded) {
    if (body.length >= candidate.entry.bytes) continue;
    encodings[encoding] = { etag: etagOf(body), bytes: body.length };
    made.push({ path: variantPath(candidate.file.path, encoding), body, group: VARIANT_GROUP });
  }
  if (made.length > 0) candidate.entry.encodings = encodings;
  return made;
}

/** Maps with at most `limit` calls in flight; results in input order. */
async function mapPooled<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const at = next++;
      results[at] = await work(items[at]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
