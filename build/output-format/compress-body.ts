/**
 * The two content codings of dist/ and of the host (issue 5): gzip and brotli with fixed settings, so the
 * same body gives the same compressed bytes (and so the same ETag) at build time and on the fly.
 * @module
 */
import { brotliCompressSync, constants, gzipSync, type BrotliOptions, type ZlibOptions } from "node:zlib";

/** The codings we store and send, most preferred first (at equal q-values, br wins). */
export const ENCODINGS = ["br", "gzip"] as const;
export type Encoding = (typeof ENCODINGS)[number];

/** The file suffix of each coding's variant: `<file>.br`, `<file>.gz`. */
export const ENCODING_SUFFIX: Readonly<Record<Encoding, string>> = { br: ".br", gzip: ".gz" };

/** The file under dist/ of a body's variant in one coding. */
export function variantPath(file: string, encoding: Encoding): string {
  return `${file}${ENCODING_SUFFIX[encoding]}`;
}

/** One stored variant of a body: the ETag of its own bytes and its length. */
export interface EncodedVariant {
  etag: string;
  bytes: number;
}

/** The variants of a body by coding, in preference order (br first). */
export type EncodedVariants = Partial<Record<Encoding, EncodedVariant>>;

/** Smaller bodies are sent as they are: a few hundred bytes gain little and headers cost as much. */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * zlib's default level: on this data level 9 is 1.5 % smaller for 25 % more time, and the host uses the
 * same level for live answers, where time matters.
 */
export const GZIP_LEVEL = 6;

/**
 * Brotli quality 5: on these JSON bodies qualities 5 to 8 give the same size (about 8 % under gzip) and
 * quality 11 is about 13 % smaller again but some 50 times slower, too slow for a build of 20,000 files.
 */
export const BROTLI_QUALITY = 5;

/** Offset of the OS byte in the gzip header (RFC 1952 §2.3), which zlib sets to the platform it was built on. */
const GZIP_OS_BYTE = 9;
/** "Unix", pinned so that the bytes do not depend on where Node was compiled. */
const GZIP_OS_UNIX = 3;

/** The settings above as plain data, for the build's emit threads (emit-worker.mjs), which write variants themselves. */
export const WORKER_SETTINGS = {
  gzipLevel: GZIP_LEVEL,
  brotliQuality: BROTLI_QUALITY,
  brotliMode: constants.BROTLI_MODE_TEXT,
  gzipOs: { offset: GZIP_OS_BYTE, value: GZIP_OS_UNIX },
  /** Codings in preference order, with their file suffixes. */
  encodings: ENCODINGS.map((encoding) => [encoding, ENCODING_SUFFIX[encoding]] as const),
} as const;

/**
 * What the compressed bytes depend on besides the body: the settings above and the compressors that
 * apply them (Node's zlib and brotli). A build records it beside its output, and a rebuild keeps the
 * previous output's variants only when it recorded the same (previous-output.ts): otherwise a Node
 * upgrade or a change of settings would leave the old bytes where a full build writes others.
 */
export const COMPRESSORS = JSON.stringify({
  settings: WORKER_SETTINGS,
  node: process.versions.node,
  zlib: process.versions.zlib,
  brotli: process.versions.brotli,
});

const gzipOptions: ZlibOptions = { level: WORKER_SETTINGS.gzipLevel };
const brotliOptions = (bytes: number): BrotliOptions => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: WORKER_SETTINGS.brotliQuality,
    [constants.BROTLI_PARAM_SIZE_HINT]: bytes,
    [constants.BROTLI_PARAM_MODE]: WORKER_SETTINGS.brotliMode,
  },
});

/** Sets the gzip header's OS byte to Unix (see GZIP_OS_BYTE); the downloads' archives use it too. */
export function pinGzipOs(compressed: Buffer): Buffer {
  compressed[GZIP_OS_BYTE] = GZIP_OS_UNIX;
  return compressed;
}

/**
 * Compresses a body on the calling thread (the host's live answers: small bodies, no thread hop). The
 * build's emit threads (emit-worker.mjs) make the same bytes from WORKER_SETTINGS.
 */
export function compressBodySync(encoding: Encoding, body: string | Buffer): Buffer {
  const bytes = typeof body === "string" ? Buffer.from(body) : body;
  return encoding === "gzip"
    ? pinGzipOs(gzipSync(bytes, gzipOptions))
    : brotliCompressSync(bytes, brotliOptions(bytes.length));
}

/** Whether a body gets stored variants: large enough and of a compressible type. */
export function wantsVariants(contentType: string, bytes: number): boolean {
  return bytes >= COMPRESS_MIN_BYTES && compressibleType(contentType);
}

/**
 * Whether a Content-Type is worth compressing: text, JSON, NDJSON, JavaScript, XML and SVG. Archives,
 * images and fonts are compressed already.
 * @example compressibleType("application/json; charset=utf-8") // true
 */
export function compressibleType(contentType: string): boolean {
  const type = contentType.split(";")[0]!.trim().toLowerCase();
  return (
    type.startsWith("text/") ||
    /^application\/(?:[\w.-]+\+)?(?:json|x-ndjson|javascript|xml|yaml)$/.test(type) ||
    type === "image/svg+xml"
  );
}
