/**
 * What a build was made from (issue 7): a fingerprint of every seed file, the build options, the build's
 * own code and dependencies, and the Node, zlib and brotli versions (the compressed bytes depend on
 * them). It is recorded in dist/ beside the manifest with the build's summary, so a rebuild from the
 * same inputs recognises the output it would write and stops before loading anything.
 * @module
 */
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { etagOf } from "../serve/etag.ts";
import { listFiles } from "./list-files.ts";
import { ENGINE_DIR, MANIFEST_FILE, type OutputFile } from "./plan-outputs.ts";

/** The record of the inputs, under dist/ (not a response: never served, outside the file budget). */
export const BUILD_INPUTS_FILE = `${ENGINE_DIR}/build-inputs.json`;

/** The code the output depends on: everything under build/, and the locked dependency versions. */
const CODE_DIR = path.resolve(import.meta.dirname, "..");
const LOCK_FILE = path.resolve(CODE_DIR, "..", "package-lock.json");

/** What dist/ records about the build that made it. */
export interface RecordedBuild<Summary> {
  fingerprint: string;
  /** The ETag of the manifest written with it: a dist/ replaced since then does not match. */
  manifest: string;
  /** Files under dist/ (this one included), to notice files added or removed by hand. */
  files: number;
  summary: Summary;
}

async function hashFolder(hash: ReturnType<typeof createHash>, label: string, dir: string): Promise<void> {
  for (const file of await listFiles(dir)) {
    const bytes = await readFile(path.join(dir, file));
    hash.update(`${label}/${file}\0${bytes.length}\0`).update(bytes);
  }
}

/** The fingerprint of a build's inputs: equal fingerprints make byte-identical outputs. */
export async function fingerprintInputs(seedsDir: string, options: Record<string, unknown>): Promise<string> {
  const hash = createHash("sha256");
  const { node, zlib, brotli } = process.versions;
  hash.update(JSON.stringify({ options, node, zlib, brotli }));
  await hashFolder(hash, "seeds", seedsDir);
  await hashFolder(hash, "build", CODE_DIR);
  hash.update(await readFile(LOCK_FILE).catch(() => Buffer.alloc(0)));
  return hash.digest("base64url");
}

/** The file that records a build, to publish with its output. */
export function recordBuild<Summary>(record: Omit<RecordedBuild<Summary>, "manifest">, manifestText: string | Buffer): OutputFile {
  const body: RecordedBuild<Summary> = { fingerprint: record.fingerprint, manifest: etagOf(manifestText), files: record.files, summary: record.summary };
  return { path: BUILD_INPUTS_FILE, body: `${JSON.stringify(body)}\n`, group: "engine" };
}

/**
 * The summary recorded in `outDir` when it was built from inputs with this fingerprint and still holds
 * that build's manifest and number of files; otherwise undefined (then the build runs in full).
 */
export async function recordedBuild<Summary>(outDir: string, fingerprint: string): Promise<Summary | undefined> {
  let record: RecordedBuild<Summary>;
  try {
    record = JSON.parse(await readFile(path.join(outDir, BUILD_INPUTS_FILE), "utf8")) as RecordedBuild<Summary>;
  } catch {
    return undefined;
  }
  if (record.fingerprint !== fingerprint) return undefined;
  const manifest = await readFile(path.join(outDir, MANIFEST_FILE)).catch(() => undefined);
  if (manifest === undefined || etagOf(manifest) !== record.manifest) return undefined;
  if ((await listFiles(outDir)).length !== record.files) return undefined;
  return record.summary;
}
