/**
 * UTF-8 bytes in a buffer of their own: what the plan keeps of each rendered body, and what is sent to
 * the emit threads (a buffer from Node's shared pool would take the whole pool along when cloned or moved).
 * @module
 */

/** `text` as UTF-8 in a buffer that owns its memory (never a slice of the shared pool). */
export function encodeOwned(text: string): Buffer<ArrayBuffer> {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  bytes.write(text);
  return bytes;
}
