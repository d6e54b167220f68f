/**
 * The golden copy of a built tree, stored compactly: every file's sha-256 and length in one JSON, and a
 * few small files in full beside it (readable diffs). `UPDATE_GOLDEN=1` rewrites it from the tree built.
 *
 * What legitimately varies between machines is left out of the byte comparison, each for its reason:
 * - `_engine/build-inputs.json` records the code's own fingerprint and the Node, zlib and brotli versions
 *   (docs/usage.md): any edit of the code changes it, with no change of the output.
 * - `.gz` and `.br` bytes are those of the compressors bundled with Node, and gzip's depend on the CPU's
 *   CRC32C instruction (docs/usage.md): a compressed file is compared by its decoded bytes, which must also
 *   equal the plain file beside it; its own bytes only where this machine compresses as the golden's did.
 * - Files that quote compressed bytes (the manifest's variant ETags and lengths; the download hashes and
 *   sizes in the data package, the downloads and landing pages and llms.txt, and their variants) are
 *   compared only where this machine compresses as the golden's did; elsewhere they are named as skipped.
 * @module
 */
import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";

/** Changes with the code and the Node version, never with the seeds (see the module comment). */
export const GOLDEN_EXCLUDED: Readonly<Record<string, string>> = {
  "_engine/build-inputs.json": "records the code's fingerprint and the Node, zlib and brotli versions",
};

/** The manifest quotes every variant's ETag and length. */
const QUOTES_COMPRESSED = new Set(["_engine/manifest.json"]);

interface Digest {
  sha256: string;
  bytes: number;
}

export interface GoldenEntry extends Digest {
  /** A compressed file: its decoded bytes (compared on every machine). */
  decoded?: Digest;
  /** The file quotes compressed bytes: compared only where compression gives the golden's bytes. */
  quotesCompressed?: true;
}

export interface GoldenTree {
  about: string;
  excluded: Record<string, string>;
  files: Record<string, GoldenEntry>;
}

const digest = (bytes: Buffer): Digest => ({
  sha256: createHash("sha256").update(bytes).digest("hex"),
  bytes: bytes.length,
});
const DECODERS: Record<string, (body: Buffer) => Buffer> = { ".gz": gunzipSync, ".br": brotliDecompressSync };

/** Every file of `dir` with its digests, by relative path (forward slashes), sorted. */
export async function describeTree(dir: string): Promise<GoldenTree> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const paths = entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .sort();
  const contents = new Map<string, Buffer>();
  for (const file of paths) contents.set(file, await readFile(path.join(dir, file)));
  // The hashes a page would quote of a compressed download (hex, as the data package and pages write them).
  const compressedHashes = paths
    .filter((file) => DECODERS[path.extname(file)] !== undefined && !contents.has(file.slice(0, -3)))
    .map((file) => digest(contents.get(file)!).sha256);
  const files: Record<string, GoldenEntry> = {};
  for (const file of paths) {
    if (GOLDEN_EXCLUDED[file] !== undefined) continue;
    const bytes = contents.get(file)!;
    const entry: GoldenEntry = digest(bytes);
    const decode = DECODERS[path.extname(file)];
    if (decode !== undefined) entry.decoded = digest(decode(bytes));
    const text = bytes.toString("latin1");
    const quotes = QUOTES_COMPRESSED.has(file) || compressedHashes.some((hash) => text.includes(hash));
    // A variant of a quoting file (index.html.gz) decodes to it: its decoded bytes vary with it.
    const plain = decode === undefined ? undefined : file.slice(0, -3);
    if (quotes || (plain !== undefined && files[plain]?.quotesCompressed === true)) entry.quotesCompressed = true;
    files[file] = entry;
  }
  return { about: "", excluded: { ...GOLDEN_EXCLUDED }, files };
}

/** Whether this machine compresses as the golden's did: every compressed file's own bytes are the golden's. */
export function compressesAsGolden(built: GoldenTree, golden: GoldenTree): boolean {
  return Object.entries(golden.files).every(
    ([file, entry]) => entry.decoded === undefined || built.files[file]?.sha256 === entry.sha256,
  );
}

export interface TreeDifference {
  /** Files that differ, each with what differs, in words. */
  differ: string[];
  /** Files compared only by their decoded bytes, or not at all, here (see the module comment). */
  skipped: string[];
}

/** The files of `built` that differ from `golden`, and a compressed file that does not decode to its plain neighbour. */
export function compareTrees(built: GoldenTree, golden: GoldenTree): TreeDifference {
  const sameCompression = compressesAsGolden(built, golden);
  const differ: string[] = [];
  const skipped: string[] = [];
  const show = (d: Digest | undefined) =>
    d === undefined ? "nothing" : `${d.bytes} bytes, sha-256 ${d.sha256.slice(0, 12)}…`;
  for (const file of [...new Set([...Object.keys(golden.files), ...Object.keys(built.files)])].sort()) {
    const want = golden.files[file];
    const got = built.files[file];
    if (want === undefined || got === undefined) {
      differ.push(`${file}: ${want === undefined ? "new, not in the golden copy" : "missing from the build"}`);
      continue;
    }
    const plain = got.decoded === undefined ? undefined : built.files[file.slice(0, -3)];
    if (plain !== undefined && plain.sha256 !== got.decoded!.sha256)
      differ.push(`${file}: does not decode to ${file.slice(0, -3)}`);
    if (!sameCompression && want.quotesCompressed === true) {
      skipped.push(file);
      continue;
    }
    if (!sameCompression && want.decoded !== undefined) {
      if (got.decoded?.sha256 !== want.decoded.sha256)
        differ.push(`${file}: decoded ${show(got.decoded)}, golden ${show(want.decoded)}`);
      continue;
    }
    if (got.sha256 !== want.sha256) differ.push(`${file}: ${show(got)}, golden ${show(want)}`);
  }
  return { differ, skipped };
}

/** The golden JSON with one line per file, so that a refresh reads as a diff of the files that changed. */
export function goldenText(tree: GoldenTree): string {
  const files = Object.entries(tree.files).map(
    ([file, entry]) => `    ${JSON.stringify(file)}: ${JSON.stringify(entry)}`,
  );
  return `{\n  "about": ${JSON.stringify(tree.about)},\n  "excluded": ${JSON.stringify(tree.excluded)},\n  "files": {\n${files.join(",\n")}\n  }\n}\n`;
}

/** Rewrites the golden JSON and the files kept in full (`full`, relative paths) from the tree in `dir`. */
export async function writeGolden(
  dir: string,
  built: GoldenTree,
  goldenJson: string,
  fullDir: string,
  full: readonly string[],
): Promise<void> {
  await mkdir(path.dirname(goldenJson), { recursive: true });
  await writeFile(goldenJson, goldenText(built));
  await rm(fullDir, { recursive: true, force: true });
  for (const file of full) {
    await mkdir(path.dirname(path.join(fullDir, file)), { recursive: true });
    await writeFile(path.join(fullDir, file), await readFile(path.join(dir, file)));
  }
}
