/**
 * The output a build replaces (issue 7): files whose bytes did not change are hard links to it rather
 * than new copies, and unchanged bodies keep its compressed variants instead of being recompressed.
 * @module
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { readBuildRecord } from "./build-inputs.ts";
import { COMPRESSORS, type EncodedVariants } from "../output-format/compress-body.ts";
import { MANIFEST_FILE, type Manifest, type ManifestEntry, type SiteEntry } from "../output-format/manifest.ts";

export interface PreviousOutput {
  dir: string;
  manifest: Manifest;
  /**
   * Whether its record says its variants were made by the compressors and settings of this build
   * (compress-body.ts's COMPRESSORS): only then are they kept, else every variant is made anew.
   */
  sameCompressors: boolean;
}

/** Reads the manifest of the output a build is about to replace; undefined when there is none (or it is unreadable). */
export async function readPreviousOutput(outDir: string): Promise<PreviousOutput | undefined> {
  const dir = path.resolve(outDir);
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await readFile(path.join(dir, MANIFEST_FILE), "utf8")) as Manifest;
  } catch {
    return undefined;
  }
  return { dir, manifest, sameCompressors: (await readBuildRecord(dir))?.compressors === COMPRESSORS };
}

/** The previous output's entries of responses and site files, by their file under dist/. */
export function previousEntries(previous: PreviousOutput | undefined): Map<string, ManifestEntry | SiteEntry> {
  const entries = new Map<string, ManifestEntry | SiteEntry>(Object.entries(previous?.manifest.files ?? {}));
  for (const entry of Object.values(previous?.manifest.site ?? {})) entries.set(entry.file, entry);
  return entries;
}

/**
 * The previous output's variants of a body, when it had them, the body is unchanged (same ETag) and
 * they were made as this build makes them (`sameCompressors`).
 */
export function reusableVariants(
  entry: ManifestEntry | SiteEntry,
  previous: ManifestEntry | SiteEntry | undefined,
  sameCompressors: boolean,
): EncodedVariants | undefined {
  return sameCompressors && previous?.etag === entry.etag ? previous.encodings : undefined;
}
