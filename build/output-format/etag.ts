/**
 * Strong ETags from body bytes: the same bytes give the same tag on every build, process and host.
 * @module
 */
import { hash } from "node:crypto";

/**
 * How a tag is made, as plain data for the build's emit threads (emit-worker.mjs), which tag the
 * variants they compress: the first `chars` base64url characters of the `hash` digest, in quotes.
 */
export const ETAG_SETTINGS = { hash: "sha256", chars: 22 } as const;

/**
 * `"<22 base64url chars of sha-256>"`. One-shot `crypto.hash` rather than a Hash object: the build tags
 * some 17,000 bodies, most under 1 KB, where the object's setup cost more than the hashing (issue 29).
 */
export function etagOf(body: string | Uint8Array): string {
  return `"${hash(ETAG_SETTINGS.hash, body, "base64url").slice(0, ETAG_SETTINGS.chars)}"`;
}
