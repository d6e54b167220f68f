/**
 * The manifest of dist/ and the paths of the engine's files: what the build writes and the host, the
 * Netlify function and the routing files read.
 * @module
 */
import type { EncodedVariants } from "./compress-body.ts";

export const ENGINE_DIR = "_engine";
export const DATASET_FILE = `${ENGINE_DIR}/dataset.json`;
export const MANIFEST_FILE = `${ENGINE_DIR}/manifest.json`;
/** The resume full-text index, built once here so the host loads it instead of re-indexing. */
export const SEARCH_FILE = `${ENGINE_DIR}/resume-search.json`;

/** What the host needs to answer a precomputed file without reading or parsing it first. */
export interface ManifestEntry {
  etag: string;
  bytes: number;
  link?: string;
  total?: number;
  /** Its compressed variants `<file>.br` / `<file>.gz`, added as they are made (output-sink.ts). */
  encodings?: EncodedVariants;
}

/** A site file as the host serves it: its file under dist/ and its Content-Type. */
export interface SiteEntry {
  file: string;
  type: string;
  etag: string;
  bytes: number;
  /** Its compressed variants, as for responses. */
  encodings?: EncodedVariants;
}

export interface Manifest {
  generated_at: string;
  files: Record<string, ManifestEntry>;
  /** Site files by public URL path (see site-files.ts). */
  site: Record<string, SiteEntry>;
}

/** The manifest as the host loads it. */
export function serializeManifest(manifest: Manifest): string {
  return `${JSON.stringify(manifest)}\n`;
}
