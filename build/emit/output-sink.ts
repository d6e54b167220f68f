/**
 * Where the plan's files go as soon as they are planned (issue 7): written into the staging folder and
 * compressed on the emit threads while the plan renders the next ones. Against the previous output, a
 * file with the same bytes is a hard link to it and an unchanged body keeps its variants, so a rebuild
 * writes only what changed; the tree is byte for byte what a full write gives.
 * @module
 */
import path from "node:path";
import { BuildError } from "../errors.ts";
import { ENCODINGS, variantPath, type EncodedVariants } from "../output-format/compress-body.ts";
import { startEmitThreads, type EmitRequest, type EmitResult } from "./emit-threads.ts";
import { type OutputFile, type OutputPlan } from "./plan-outputs.ts";
import { MANIFEST_FILE, serializeManifest, type ManifestEntry, type SiteEntry } from "../output-format/manifest.ts";
import { previousEntries, reusableVariants, type PreviousOutput } from "./previous-output.ts";

/** What the files emitted so far did, for the build summary. */
export interface SinkReport {
  /** Files whose bytes were written, and files hard-linked from the previous output (variants included). */
  written: number;
  linked: number;
  /** Every variant, new and kept from the previous output. */
  variants: { files: number; bytes: number };
}

export interface OutputSink {
  /**
   * A response or site file with its manifest entry (ETag and size final): emitted now; with
   * `compress`, its variants are made or kept and listed in `entry.encodings` once known.
   */
  addDescribed(file: OutputFile, entry: ManifestEntry | SiteEntry, compress: boolean): void;
  /** A file the manifest does not describe: the engine's dataset and index, the manifest, routing, the build record. */
  addPlain(file: OutputFile): void;
  /** Whether a path was added. */
  has(path: string): boolean;
  /**
   * Resolves once the bodies queued for the emit threads are few enough again: the plan awaits it as it
   * goes, so that a build larger than the threads' pace does not hold every body twice in memory.
   */
  paced(): Promise<void>;
  /** Waits for every file added so far (rejects with the first failure); the entries' encodings are complete then. */
  settled(): Promise<SinkReport>;
  /** Stops the emit threads. */
  close(): Promise<void>;
  /**
   * Once the output is in place at `outDir`: its compressed bodies become copy sources for the next builds
   * of this process (their variants are copied, once checked, instead of compressed again).
   */
  published(outDir: string): void;
}

/** Resolves `relative` inside `root`, or throws: a planned path must never escape the output folder. */
export function ensureWithin(root: string, relative: string): string {
  const resolved = path.resolve(root, relative);
  if (!resolved.startsWith(path.resolve(root) + path.sep))
    throw new BuildError(`Internal error: output path escapes the output folder: ${relative}`);
  return resolved;
}

/** Size of the bodies queued for the emit threads (bytes) before the plan waits for them (then down to half). */
const MAX_QUEUED_BYTES = 64 * 1024 * 1024;

/** A body whose variants a build of this process wrote: the output folder, the body's path in it, its variants. */
interface MadeVariants {
  dir: string;
  file: string;
  variants: EncodedVariants;
}

/**
 * The compressed bodies of the outputs this process published, by the body's ETag (issue 29): the tests
 * build seeds-min some twenty times, and its variants (1.9 MB of Swagger UI, the OpenAPI documents) are the
 * same each time. A variant is copied only when its file still has the ETag it was made with (emit-worker.mjs),
 * else it is compressed again, so an output removed or edited since costs only the compression.
 */
const publishedVariants = new Map<string, MadeVariants>();
/** Enough for the sample's 16,000 compressed bodies and a few small builds; beyond it, the oldest are forgotten. */
const KEEP_PUBLISHED = 40_000;

/** A sink writing under `root` (undefined: a dry run, which compresses for the summary and writes nothing). */
export function createOutputSink(root: string | undefined, previous?: PreviousOutput, threads?: number): OutputSink {
  const emitter = startEmitThreads(root, threads);
  const before = previousEntries(previous);
  const report: SinkReport = { written: 0, linked: 0, variants: { files: 0, bytes: 0 } };
  const added = new Set<string>();
  const pending: Promise<void>[] = [];
  // A path checked against a stand-in root on a dry run: a bad path is a bug either way.
  const checkRoot = root ?? path.resolve("dist");

  /**
   * The first body of each ETag sent to be compressed, and what its thread made of it (issue 29): a later
   * body with the same bytes (a release's copy of a download, 15 MB of the sample's 100) copies its
   * variants instead of compressing them again. Only where files are written: a dry run has none to copy.
   */
  const compressed = new Map<string, Promise<MadeVariants>>();
  /** The bodies this build compressed first (or copied from a published output), for `published`. */
  const madeHere: [etag: string, MadeVariants][] = [];

  /** Sends `request` to a thread (`instead`, when given, in its place), once `after` (when given) resolved to the request to send. */
  const emit = (
    request: EmitRequest,
    then?: (result: EmitResult) => void,
    after?: Promise<EmitRequest>,
    instead?: EmitRequest,
  ): Promise<EmitResult> => {
    ensureWithin(checkRoot, request.path);
    if (added.has(request.path)) throw new BuildError(`Internal error: ${request.path} emitted twice`);
    added.add(request.path);
    const sent = after === undefined ? emitter.emit(instead ?? request) : after.then((ready) => emitter.emit(ready));
    const done = sent.then((result) => {
      report.written += result.written;
      report.linked += result.linked;
      then?.(result);
    });
    done.catch(() => {}); // surfaced by settled(); must not go unhandled if the plan fails first
    pending.push(done);
    return sent;
  };
  const fromPrevious = (file: string): string => path.join(previous!.dir, file);

  /** `request` with `copy` set to the variants of an earlier body of the same bytes. */
  const copying = (request: EmitRequest, { dir, file, variants }: MadeVariants): EmitRequest => {
    const copy: EmitRequest["copy"] = {};
    for (const encoding of ENCODINGS) {
      const variant = variants[encoding];
      if (variant !== undefined)
        copy[encoding] = { file: path.join(dir, variantPath(file, encoding)), etag: variant.etag };
    }
    return { ...request, copy };
  };

  return {
    addDescribed(file, entry, compress) {
      const old = before.get(file.path);
      const request: EmitRequest = { path: file.path, body: file.body, compress };
      if (old?.etag === entry.etag) request.linkFrom = fromPrevious(file.path);
      const kept = compress ? reusableVariants(entry, old, previous?.sameCompressors === true) : undefined;
      if (kept !== undefined) {
        request.compress = false;
        request.reuse = {};
        entry.encodings = kept;
        for (const encoding of ENCODINGS) {
          const variant = kept[encoding];
          if (variant === undefined) continue;
          request.reuse[encoding] = { file: fromPrevious(variantPath(file.path, encoding)), etag: variant.etag };
          report.variants.files += 1;
          report.variants.bytes += variant.bytes;
        }
      }
      // Compressed here first, or copied from the first body of these bytes (this build's, else a published output's).
      const earlier = request.compress && root !== undefined ? compressed.get(entry.etag) : undefined;
      const first = request.compress && root !== undefined && earlier === undefined;
      const elsewhere = first ? publishedVariants.get(entry.etag) : undefined;
      const sent = emit(
        request,
        (result) => {
          const made: EncodedVariants = {};
          for (const encoding of ENCODINGS) {
            const variant = result.variants[encoding];
            if (variant === undefined) continue;
            made[encoding] = variant; // in preference order, whatever order the thread answered in
            report.variants.files += 1;
            report.variants.bytes += variant.bytes;
          }
          if (Object.keys(made).length > 0) entry.encodings = made;
          if (first) madeHere.push([entry.etag, { dir: root!, file: file.path, variants: result.variants }]);
        },
        earlier === undefined ? undefined : earlier.then((body) => copying(request, body)),
        elsewhere === undefined ? undefined : copying(request, elsewhere),
      );
      if (first) {
        const body = sent.then((result) => ({ dir: root!, file: file.path, variants: result.variants }));
        body.catch(() => {}); // a failure is surfaced by settled(), through this body's own promise
        compressed.set(entry.etag, body);
      }
    },
    addPlain: (file) => emit({ path: file.path, body: file.body, compress: false }),
    has: (file) => added.has(file),
    paced: () => emitter.drained(MAX_QUEUED_BYTES),
    async settled() {
      // Files may be added while waiting: wait until nothing new came in.
      for (let seen = -1; seen !== pending.length; ) {
        seen = pending.length;
        await Promise.all(pending);
      }
      return report;
    },
    close: () => emitter.close(),
    published(outDir) {
      if (publishedVariants.size + madeHere.length > KEEP_PUBLISHED) publishedVariants.clear();
      for (const [etag, body] of madeHere) publishedVariants.set(etag, { ...body, dir: outDir });
    },
  };
}

/**
 * After the plan: emits the plan's files not emitted yet (the engine's, routing), then, once every
 * variant is known, the manifest that lists them. Returns the manifest's text.
 */
export async function completeOutput(sink: OutputSink, plan: OutputPlan): Promise<string> {
  for (const file of plan.files) if (file.path !== MANIFEST_FILE && !sink.has(file.path)) sink.addPlain(file);
  await sink.settled();
  const manifest = plan.files.find((file) => file.path === MANIFEST_FILE);
  if (manifest === undefined) throw new Error("Internal error: the plan has no manifest");
  manifest.body = serializeManifest(plan.manifest);
  sink.addPlain(manifest);
  await sink.settled();
  return manifest.body;
}
