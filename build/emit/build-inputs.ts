/**
 * What a build was made from (issue 7): a fingerprint of every seed file, the build options, the build's
 * own code and dependencies, and the Node, zlib and brotli versions (the compressed bytes depend on
 * them). It is recorded in dist/ beside the manifest with the build's summary, so a rebuild from the
 * same inputs recognises the output it would write and stops before loading anything.
 * @module
 */
import { createHash } from "node:crypto";
import { statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { seedInputFiles } from "../load/find-seed-files.ts";
import { etagOf } from "../output-format/etag.ts";
import { listFiles } from "./list-files.ts";
import { COMPRESSORS, variantPath, type EncodedVariant, type Encoding } from "../output-format/compress-body.ts";
import { type OutputFile } from "./plan-outputs.ts";
import { ENGINE_DIR, MANIFEST_FILE, type Manifest } from "../output-format/manifest.ts";

/** The record of the inputs, under dist/ (not a response: never served, outside the file budget). */
export const BUILD_INPUTS_FILE = `${ENGINE_DIR}/build-inputs.json`;

/** The code the output depends on: everything under build/, and the locked dependency versions. */
export interface CodeInputs {
  dir: string;
  lockFile: string;
}
const BUILD_DIR = path.resolve(import.meta.dirname, "..");
export const BUILD_CODE: CodeInputs = { dir: BUILD_DIR, lockFile: path.resolve(BUILD_DIR, "..", "package-lock.json") };

/** What dist/ records about the build that made it. */
export interface RecordedBuild<Summary> {
  fingerprint: string;
  /** The ETag of the manifest written with it: a dist/ replaced since then does not match. */
  manifest: string;
  /** Files under dist/ (this one included), to notice files added or removed by hand. */
  files: number;
  /** The sizes of the files the manifest does not describe (the engine's, routing), by path; the manifest gives the others'. */
  plain: Record<string, number>;
  /** What made its compressed variants (compress-body.ts): a rebuild keeps them only if it is the same. */
  compressors: string;
  summary: Summary;
}

async function hashFolder(
  hash: ReturnType<typeof createHash>,
  label: string,
  dir: string,
  files?: readonly string[],
): Promise<void> {
  for (const file of files ?? (await listFiles(dir))) {
    // A file that cannot be read is the loader's to report, in its words: here it only changes the fingerprint.
    const bytes = await readFile(path.join(dir, file)).catch(() => undefined);
    if (bytes === undefined) hash.update(`${label}/${file}\0unreadable\0`);
    else hash.update(`${label}/${file}\0${bytes.length}\0`).update(bytes);
  }
}

/**
 * The files of the build's code folder that the fingerprint reads: all but hidden files and folders (a
 * Finder `.DS_Store`, an editor's `.x.ts.swp`), which are no code and, hashed, would change
 * dist/'s build record between two checkouts of the same code.
 */
export async function codeFiles(dir: string): Promise<string[]> {
  return (await listFiles(dir)).filter((file) => !file.split("/").some((part) => part.startsWith(".")));
}

/** The fingerprint of a build's inputs: equal fingerprints make byte-identical outputs. */
export async function fingerprintInputs(
  seedsDir: string,
  options: Record<string, unknown>,
  code: CodeInputs = BUILD_CODE,
): Promise<string> {
  const hash = createHash("sha256");
  const { node, zlib, brotli } = process.versions;
  hash.update(JSON.stringify({ options, node, zlib, brotli }));
  // Exactly the files the loader reads, found as it finds them (symbolic links followed), and what it would
  // refuse unread (a misnamed file, a subfolder, a broken link): the output in place was built without it.
  const seeds = await seedInputFiles(seedsDir);
  await hashFolder(hash, "seeds", seedsDir, seeds.files);
  for (const refused of seeds.refused) hash.update(`seeds/${refused}\0refused\0`);
  await hashFolder(hash, "build", code.dir, await codeFiles(code.dir));
  hash.update(await readFile(code.lockFile).catch(() => Buffer.alloc(0)));
  return hash.digest("base64url");
}

/** The file that records a build, to publish with its output. */
export function recordBuild<Summary>(
  record: Omit<RecordedBuild<Summary>, "manifest" | "compressors">,
  manifestText: string | Buffer,
): OutputFile {
  const body: RecordedBuild<Summary> = {
    fingerprint: record.fingerprint,
    manifest: etagOf(manifestText),
    files: record.files,
    plain: record.plain,
    compressors: COMPRESSORS,
    summary: record.summary,
  };
  return { path: BUILD_INPUTS_FILE, body: `${JSON.stringify(body)}\n`, group: "engine" };
}

/**
 * The summary recorded in `outDir` when it was built from inputs with this fingerprint and still holds
 * that build's manifest, its number of files, and every file at its size and not modified after the
 * record was written (the build writes it last); otherwise undefined (then the build runs in full and
 * rewrites whatever is not intact). Reading every file would cost more than the rebuild it saves, so a
 * file changed by hand to the same size with its old modification time is not noticed: remove the
 * folder to have everything written anew.
 */
export async function recordedBuild<Summary>(outDir: string, fingerprint: string): Promise<Summary | undefined> {
  const record = await readRecord<Summary>(outDir, fingerprint);
  if (record === undefined) return undefined;
  const manifest = await readFile(path.join(outDir, MANIFEST_FILE)).catch(() => undefined);
  if (manifest === undefined || etagOf(manifest) !== record.manifest) return undefined;
  if ((await listFiles(outDir)).length !== record.files) return undefined;
  const recordedAt = statSync(path.join(outDir, BUILD_INPUTS_FILE)).mtimeMs;
  const sizes = new Map(Object.entries(record.plain));
  sizes.set(MANIFEST_FILE, manifest.length);
  for (const [file, entry] of describedFiles(JSON.parse(manifest.toString("utf8")) as Manifest))
    sizes.set(file, entry.bytes);
  for (const [file, bytes] of sizes) {
    const found = statSync(path.join(outDir, file), { throwIfNoEntry: false });
    if (found?.size !== bytes || found.mtimeMs > recordedAt) return undefined;
  }
  return record.summary;
}

/** Whether `outDir` records a build of these inputs (nothing more is checked: see recordedBuild). */
export async function recordsBuildOf(outDir: string, fingerprint: string): Promise<boolean> {
  return (await readRecord(outDir, fingerprint)) !== undefined;
}

async function readRecord<Summary>(outDir: string, fingerprint: string): Promise<RecordedBuild<Summary> | undefined> {
  const record = await readBuildRecord<Summary>(outDir);
  return record?.fingerprint === fingerprint && typeof record.plain === "object" && record.plain !== null
    ? (record as RecordedBuild<Summary>)
    : undefined;
}

/** The record of the build in `outDir`, whatever its inputs; undefined when it has none (or it is unreadable). */
export async function readBuildRecord<Summary>(outDir: string): Promise<Partial<RecordedBuild<Summary>> | undefined> {
  try {
    return JSON.parse(await readFile(path.join(outDir, BUILD_INPUTS_FILE), "utf8")) as Partial<RecordedBuild<Summary>>;
  } catch {
    return undefined;
  }
}

/** Every file the manifest describes, variants included, with its size: `[path, {bytes}]`. */
function* describedFiles(manifest: Manifest): Iterable<[string, { bytes: number }]> {
  for (const [file, entry] of [
    ...Object.entries(manifest.files),
    ...Object.values(manifest.site).map((site) => [site.file, site] as const),
  ]) {
    yield [file, entry];
    for (const [encoding, variant] of Object.entries(entry.encodings ?? {}) as [Encoding, EncodedVariant][])
      yield [variantPath(file, encoding), variant];
  }
}
