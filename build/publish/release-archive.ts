/**
 * Reads earlier releases back (issue 34): from the previous output (`<out>/downloads/`) or from an
 * archive folder (`--archive`: a copy of a site's `downloads/` folder, or of a whole output). Only files
 * whose bytes still have the hash their listing gives are carried forward; a release with a file missing or
 * changed is left out rather than republished under a false hash.
 * @module
 */
import { createHash } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import type { EarlierRelease, ReleaseEntry } from "../compute/releases.ts";

/** The listing of every release, in the downloads folder. */
export const RELEASES_FILE = "releases.json";

/** The shape of `/downloads/releases.json`. */
export interface ReleaseListing {
  current: string;
  releases: ReleaseEntry[];
}

/** The downloads folder of `dir`: `dir/downloads` when it is an output, else `dir` itself. */
async function downloadsFolder(dir: string): Promise<string> {
  const nested = path.join(dir, "downloads");
  return (await stat(path.join(nested, RELEASES_FILE)).catch(() => undefined)) !== undefined ? nested : dir;
}

/** A release's files, when each is there with the size and hash listed. */
async function releaseFiles(folder: string, entry: ReleaseEntry): Promise<Map<string, Buffer> | undefined> {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(entry.name)) return undefined;
  const files = new Map<string, Buffer>();
  for (const file of entry.files) {
    if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(file.name)) return undefined;
    const bytes = await readFile(path.join(folder, entry.name, file.name)).catch(() => undefined);
    if (
      bytes === undefined ||
      bytes.length !== file.bytes ||
      createHash("sha256").update(bytes).digest("hex") !== file.sha256
    )
      return undefined;
    files.set(file.name, bytes);
  }
  return files;
}

/** Every release listed in `dir` whose files are intact, newest first; none when it lists none. */
export async function readReleaseArchive(dir: string): Promise<EarlierRelease[]> {
  const folder = await downloadsFolder(dir);
  let listing: ReleaseListing;
  try {
    listing = JSON.parse(await readFile(path.join(folder, RELEASES_FILE), "utf8")) as ReleaseListing;
  } catch {
    return [];
  }
  const releases: EarlierRelease[] = [];
  for (const entry of Array.isArray(listing.releases) ? listing.releases : []) {
    const files = await releaseFiles(folder, entry);
    if (files !== undefined) releases.push({ entry, files });
  }
  return releases;
}
