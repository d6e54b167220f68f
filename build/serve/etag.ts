/**
 * Strong ETags from body bytes: the same bytes give the same tag on every build, process and host.
 * @module
 */
import { createHash } from "node:crypto";

/** `"<22 base64url chars of sha-256>"`. */
export function etagOf(body: string | Uint8Array): string {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 22)}"`;
}
