/**
 * Compression of answers computed on the fly: with the build's own codings and settings, so a live
 * answer's bytes and ETag in each coding equal those of a precomputed file with the same body.
 * @module
 */
import { COMPRESS_MIN_BYTES, compressBodySync } from "../output-format/compress-body.ts";
import { chooseEncoding, type Chosen } from "./choose-encoding.ts";
import { etagOf } from "../output-format/etag.ts";
import type { Representation } from "./response-headers.ts";

const BOTH = ["br", "gzip"] as const;

/** The coding a live answer large enough to compress is sent in, for this Accept-Encoding. */
export function liveCoding(acceptEncoding: string | undefined): Chosen {
  return chooseEncoding(acceptEncoding, BOTH);
}

/**
 * The representation of a live JSON body for this Accept-Encoding. A body under COMPRESS_MIN_BYTES is
 * sent as it is and does not vary; a larger one is compressed in the coding the client prefers (about
 * 0.1 ms per 10 KB at these settings), or sent as it is with `Vary` when the client takes no coding.
 */
export function encodeLive(body: string, acceptEncoding: string | undefined): Representation {
  const bytes = Buffer.byteLength(body);
  if (bytes < COMPRESS_MIN_BYTES) return { body, etag: etagOf(body), bytes, vary: false };
  const chosen = liveCoding(acceptEncoding);
  if (chosen !== "identity") {
    const compressed = compressBodySync(chosen, body);
    // As at build time, a coding that does not shrink the body is not offered.
    if (compressed.length < bytes)
      return {
        body: compressed,
        etag: etagOf(compressed),
        bytes: compressed.length,
        contentEncoding: chosen,
        vary: true,
      };
  }
  return { body, etag: etagOf(body), bytes, vary: true };
}
