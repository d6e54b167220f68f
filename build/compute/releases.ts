/**
 * Releases of the downloads (issue 34): each build is a release named by its snapshot (or `meta.version`),
 * and the build carries earlier releases forward. This module names releases and declares what the build
 * reads of earlier ones; building and listing them is build/publish/releases.ts's.
 * @module
 */
import type { Meta } from "../load/schemas.ts";

/** One file of a release, as `/downloads/releases.json` lists it. */
export interface ReleaseFile {
  name: string;
  bytes: number;
  sha256: string;
}

/** One release, as `/downloads/releases.json` lists it. */
export interface ReleaseEntry {
  name: string;
  /** The snapshot its data was taken at (meta.snapshot_at). */
  snapshot: string;
  /** When it was created: its snapshot time, never the build's clock, so that a rebuild is byte-identical. */
  created: string;
  url: string;
  files: ReleaseFile[];
  bytes: number;
  /** Set when a later build rewrote it (an erasure, a narrower contact rule): what changed, in words. */
  rewritten?: string;
}

/** An earlier release read back by the build: its listing and its files' bytes, by file name. */
export interface EarlierRelease {
  entry: ReleaseEntry;
  files: ReadonlyMap<string, Buffer>;
}

/** What the build knows of earlier releases (absent on the host, which serves what the build wrote). */
export interface ReleaseInputs {
  earlier: readonly EarlierRelease[];
  /** How many releases to keep, the current one included; absent: all. */
  keep?: number;
  /** Whether the seeds' suppression list names a resume record of an earlier release (issue 31 applies to kept releases). */
  erased: (resume: { id: number; contacts: Record<string, string | undefined>; text: string }) => boolean;
}

/**
 * The release's name: `meta.version`, else the snapshot's UTC date (`2026-11-01`), with the time
 * (`2026-11-01T1830Z`) when the snapshot is not at midnight.
 * @example releaseName({ snapshot_at: "2026-11-01T00:00:00Z" }) // "2026-11-01"
 */
export function releaseName(meta: Pick<Meta, "snapshot_at" | "version">): string {
  if (meta.version !== undefined) return meta.version;
  const iso = new Date(meta.snapshot_at).toISOString();
  const time = iso.slice(11, 16).replace(":", "");
  return time === "0000" ? iso.slice(0, 10) : `${iso.slice(0, 10)}T${time}Z`;
}
