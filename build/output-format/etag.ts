/**
 * Strong ETags from body bytes: the same bytes give the same tag on every build, process and host.
 * @module
 */
import { createHash } from "node:crypto";

/**
 * How a tag is made, as plain data for the build's emit threads (emit-worker.mjs), which tag the
 * variants they compress: the first `chars` base64url characters of the `hash` digest, in quotes.
 */
export const ETAG_SETTINGS = { hash: "sha256", chars: 22 } as const;

/** `"<22 base64url chars of sha-256>"`. */
export function etagOf(body: string | Uint8Array): string {
  return `"${createHash(ETAG_SETTINGS.hash).update(body).digest("base64url").slice(0, ETAG_SETTINGS.chars)}"`;
}
