/**
 * Gzip with the same bytes on every machine, so a download's size, SHA-256 and ETag are properties
 * of the data alone.
 * @module
 */
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import { pinGzipOs } from "../output-format/compress-body.ts";

/** The fixed compression level of every download: the smallest files, paid once at build time. */
export const GZIP_LEVEL = 9;

const gzipAsync = promisify(gzip);

/**
 * Compresses with {@link GZIP_LEVEL} on libuv's thread pool, so that the build renders responses
 * meanwhile (issue 7). node:zlib writes no file name and a zero timestamp; the OS byte is pinned so
 * the header does not depend on where zlib was compiled.
 */
export async function gzipDeterministic(data: string | Buffer): Promise<Buffer> {
  return pinGzipOs(await gzipAsync(data, { level: GZIP_LEVEL }));
}
