/**
 * The output a build replaces (issue 7): files whose bytes did not change are hard links to it rather
 * than new copies, and unchanged bodies keep its compressed variants instead of being recompressed.
 * @module
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { EncodedVariants } from "./compress-body.ts";
import { MANIFEST_FILE, type Manifest, type ManifestEntry, type SiteEntry } from "./plan-outputs.ts";

export interface PreviousOutput {
  dir: string;
  manifest: Manifest;
}

/** Reads the manifest of the output a build is about to replace; undefined when there is none (or it is unreadable). */
export async function readPreviousOutput(outDir: string): Promise<PreviousOutput | undefined> {
  const dir = path.resolve(outDir);
  try {
    return { dir, manifest: JSON.parse(await readFile(path.join(dir, MANIFEST_FILE), "utf8")) as Manifest };
  } catch {
    return undefined;
  }
}

/** The previous output's entries of responses and site files, by their file under dist/. */
export function previousEntries(previous: PreviousOutput | undefined): Map<string, ManifestEntry | SiteEntry> {
  const entries = new Map<string, ManifestEntry | SiteEntry>(Object.entries(previous?.manifest.files ?? {}));
  for (const entry of Object.values(previous?.manifest.site ?? {})) entries.set(entry.file, entry);
  return entries;
}

/** The previous output's variants of a body, when it had them and the body is unchanged (same ETag). */
export function reusableVariants(entry: ManifestEntry | SiteEntry, previous: ManifestEntry | SiteEntry | undefined): EncodedVariants | undefined {
  return previous?.etag === entry.etag ? previous.encodings : undefined;
}
