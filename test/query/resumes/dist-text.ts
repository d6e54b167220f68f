/**
 * Every file of a built folder as text, compressed ones read decompressed (issue 31: a withheld address
 * must not hide in a `.br` variant or a gzip download), Parquet files as the JSON lines of their rows and
 * the archive of all downloads member by member (issue 28: the new formats are searched too).
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { parquetReadObjects } from "hyparquet";
import { readTarArchive } from "../../../build/publish/tar-archive.ts";

/** A Parquet file's rows, one JSON line each (bigints as numbers). */
export async function parquetRows(bytes: Buffer): Promise<Record<string, unknown>[]> {
  const file = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) as ArrayBuffer;
  const rows = (await parquetReadObjects({ file })) as Record<string, unknown>[];
  return rows.map((row) =>
    Object.fromEntries(
      Object.entries(row).map(([key, value]) => [key, typeof value === "bigint" ? Number(value) : value]),
    ),
  );
}

/** `[name, text]` of a file: decompressed, decoded, and for an archive each member under `archive!member`. */
async function textsOf(name: string, bytes: Buffer): Promise<[string, string][]> {
  if (name.endsWith(".tar.gz")) {
    const members = readTarArchive(gunzipSync(bytes));
    const decoded = await Promise.all(members.map((member) => textsOf(`${name}!${member.name}`, member.body)));
    return decoded.flat();
  }
  if (name.endsWith(".parquet"))
    return [[name, (await parquetRows(bytes)).map((row) => `${JSON.stringify(row)}\n`).join("")]];
  const plain = name.endsWith(".br") ? brotliDecompressSync(bytes) : name.endsWith(".gz") ? gunzipSync(bytes) : bytes;
  return [[name, plain.toString("utf8")]];
}

/** `{ relative path: text }` of every file under `dir` (`.br` and `.gz` files decompressed, Parquet and archives decoded). */
export async function distTexts(dir: string): Promise<Map<string, string>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const texts = new Map<string, string>();
  for (const entry of entries.filter((found) => found.isFile())) {
    const file = path.join(entry.parentPath, entry.name);
    const relative = path.relative(dir, file).split(path.sep).join("/");
    for (const [name, text] of await textsOf(relative, await readFile(file))) texts.set(name, text);
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
