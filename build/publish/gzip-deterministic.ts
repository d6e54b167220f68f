/**
 * Gzip with the same bytes on every machine, so a download's size, SHA-256 and ETag are properties
 * of the data alone.
 * @module
 */
import { promisify } from "node:util";
import { gzip } from "node:zlib";

/** The fixed compression level of every download: the smallest files, paid once at build time. */
export const GZIP_LEVEL = 9;

/** Offset of the OS byte in the gzip header (RFC 1952 §2.3). */
const OS_BYTE = 9;
/** "Unix": zlib writes its build platform here, so a Windows build would differ by this one byte. */
const OS_UNIX = 3;

const gzipAsync = promisify(gzip);

/**
 * Compresses with {@link GZIP_LEVEL} on libuv's thread pool, so that the build renders responses
 * meanwhile (issue 7). node:zlib writes no file name and a zero timestamp; the OS byte is pinned so
 * the header does not depend on where zlib was compiled.
 */
export async function gzipDeterministic(data: string | Buffer): Promise<Buffer> {
  const compressed = await gzipAsync(data, { level: GZIP_LEVEL });
  compressed[OS_BYTE] = OS_UNIX;
  return compressed;
}
