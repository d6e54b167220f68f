/**
 * UTF-8 bytes in shared memory: what the plan keeps of each rendered body, and what the emit threads
 * read. Shared, the bytes reach a thread without a copy, while the plan keeps them (an ArrayBuffer is
 * copied when posted, or lost to its sender when moved).
 * @module
 */

/** `text` as UTF-8 in a buffer over a SharedArrayBuffer of its own (never a slice of Node's pool). */
export function encodeShared(text: string): Buffer<SharedArrayBuffer> {
  const bytes = Buffer.from(new SharedArrayBuffer(Buffer.byteLength(text)));
  bytes.write(text);
  return bytes;
}
