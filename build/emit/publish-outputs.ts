/**
 * Publishes a compressed plan into the output folder, doing as little as the previous output allows
 * (issue 7): when nothing changed nothing is touched; otherwise a fresh tree is swapped in atomically in
 * which each unchanged file is a hard link to its previous copy rather than new bytes. The result is
 * byte for byte what a full write gives.
 * @module
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { compressBodySync } from "./compress-body.ts";
import { listFiles } from "./list-files.ts";
import { VARIANT_GROUP, variantPath, type CompressedPlan, type PreviousOutput } from "./compress-outputs.ts";
import { MANIFEST_FILE, type Manifest, type OutputFile } from "./plan-outputs.ts";
import { publishAtomically } from "./publish-atomically.ts";
import { nodeWriter, writeOutputs, type LinkedOutput, type OutputWriter, type WriteStats } from "./write-outputs.ts";

/** What publishing did, for the build summary. */
export interface PublishReport {
  /** Files in the published output, compressed variants included. */
  files: number;
  /** Their bytes. */
  bytes: number;
  /** Files whose bytes were written (0 when nothing changed). */
  written: number;
  /** Files hard-linked from the previous output. */
  linked: number;
  /** True when the previous output was identical and was left in place. */
  unchanged: boolean;
}

/** Reads the manifest of the output a build is about to replace; undefined when there is none (or it is unreadable). */
export async function readPreviousOutput(outDir: string): Promise<PreviousOutput | undefined> {
  const dir = path.resolve(outDir);
  try {
    const manifestText = await readFile(path.join(dir, MANIFEST_FILE), "utf8");
    return { dir, manifest: JSON.parse(manifestText) as Manifest, manifestText };
  } catch {
    return undefined;
  }
}

/**
 * Every file the manifest describes (responses, site files, their variants) with the ETag of its bytes.
 * The same path with the same ETag in two manifests holds the same bytes.
 */
export function manifestTags(manifest: Manifest): Map<string, string> {
  const tags = new Map<string, string>();
  const entries = [...Object.entries(manifest.files), ...Object.values(manifest.site ?? {}).map((entry) => [entry.file, entry] as const)];
  for (const [file, entry] of entries) {
    tags.set(file, entry.etag);
    for (const [encoding, variant] of Object.entries(entry.encodings ?? {})) tags.set(variantPath(file, encoding as "br" | "gzip"), variant.etag);
  }
  return tags;
}

/** Writes the plan to `outDir` (see the module comment); `writer` is for tests. */
export async function publishOutputs(outDir: string, output: CompressedPlan, previous?: PreviousOutput, writer: OutputWriter = nodeWriter): Promise<PublishReport> {
  const files = output.files.length + output.reused.length;
  const bytes = output.files.reduce((sum, file) => sum + (file.group === VARIANT_GROUP ? 0 : Buffer.byteLength(file.body)), 0) + output.variants.bytes;
  if (previous !== undefined && (await unchangedSince(previous, output))) return { files, bytes, written: 0, linked: 0, unchanged: true };
  const before = previous === undefined ? new Map<string, string>() : manifestTags(previous.manifest);
  const after = manifestTags(output.manifest);
  const toWrite: OutputFile[] = [];
  const links: LinkedOutput[] = [];
  for (const file of output.files) {
    const tag = after.get(file.path);
    if (previous !== undefined && tag !== undefined && before.get(file.path) === tag) links.push({ path: file.path, from: path.join(previous.dir, file.path), body: () => file.body });
    else toWrite.push(file);
  }
  for (const item of output.reused) {
    // Reused only when the previous manifest listed it, so `previous` is set.
    links.push({ path: item.path, from: path.join(previous!.dir, item.path), body: () => compressBodySync(item.encoding, item.source.body) });
  }
  const stats: WriteStats = { written: 0, linked: 0 };
  await publishAtomically(outDir, async (temp) => {
    await writeOutputs(temp, toWrite, writer, links, stats);
  });
  return { files, bytes, written: stats.written, linked: stats.linked, unchanged: false };
}

/**
 * True when the previous output already is this plan: the same manifest text (so the same responses, site
 * files and variants), the same bytes for every file the manifest does not describe (the engine's
 * dataset and search index), and no other file on disk.
 */
async function unchangedSince(previous: PreviousOutput, output: CompressedPlan): Promise<boolean> {
  const manifest = output.files.find((file) => file.path === MANIFEST_FILE);
  if (manifest === undefined || String(manifest.body) !== previous.manifestText) return false;
  const described = manifestTags(output.manifest);
  for (const file of output.files) {
    if (described.has(file.path) || file.path === MANIFEST_FILE) continue;
    const before = await readFile(path.join(previous.dir, file.path)).catch(() => undefined);
    if (before === undefined || !before.equals(typeof file.body === "string" ? Buffer.from(file.body) : file.body)) return false;
  }
  const expected = new Set([...output.files.map((file) => file.path), ...output.reused.map((item) => item.path)]);
  const onDisk = await listFiles(previous.dir);
  return onDisk.length === expected.size && onDisk.every((file) => expected.has(file));
}
