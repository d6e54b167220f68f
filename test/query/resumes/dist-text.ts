/**
 * Every file of a built folder as text, compressed ones read decompressed (issue 31: a withheld address
 * must not hide in a `.br` variant or a gzip download).
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";

/** `{ relative path: text }` of every file under `dir` (`.br` and `.gz` files decompressed). */
export async function distTexts(dir: string): Promise<Map<string, string>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const texts = new Map<string, string>();
  for (const entry of entries.filter((found) => found.isFile())) {
    const file = path.join(entry.parentPath, entry.name);
    const bytes = await readFile(file);
    const plain = file.endsWith(".br") ? brotliDecompressSync(bytes) : file.endsWith(".gz") ? gunzipSync(bytes) : bytes;
    texts.set(path.relative(dir, file).split(path.sep).join("/"), plain.toString("utf8"));
  }
  return texts;
}

/** The files whose text holds `needle`, sorted. */
export function filesHolding(texts: ReadonlyMap<string, string>, needle: string): string[] {
  return [...texts]
    .filter(([, text]) => text.includes(needle))
    .map(([file]) => file)
    .sort();
}
