/**
 * "Download all" (issue 28): every file of a release in one gzip tar archive, `all-downloads.tar.gz`,
 * unpacking to one folder named by the release. Its bytes follow from the files and the snapshot alone.
 * @module
 */
import { gzipDeterministic } from "./gzip-deterministic.ts";
import { tarArchive } from "./tar-archive.ts";

/** The archive's file name, in the downloads folder and in each release's folder. */
export const ARCHIVE_FILE = "all-downloads.tar.gz";

/** The folder the archive unpacks to: `downloads-2026-11-01`. */
export function archiveFolder(release: string): string {
  return `downloads-${release}`;
}

/**
 * The archive of a release's files (all but the archive itself, in the order given), each dated at the
 * snapshot: the same files give the same bytes, whenever and wherever they are packed.
 */
export async function downloadArchive(
  release: string,
  snapshot: string,
  files: ReadonlyMap<string, Buffer>,
): Promise<Buffer> {
  const entries = [...files].filter(([name]) => name !== ARCHIVE_FILE).map(([name, body]) => ({ name, body }));
  const mtime = Math.max(0, Math.floor(Date.parse(snapshot) / 1000) || 0);
  return gzipDeterministic(tarArchive(archiveFolder(release), entries, mtime));
}
