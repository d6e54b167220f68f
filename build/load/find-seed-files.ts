/**
 * Finds the seed files of a resource folder; the only place that globs.
 * @module
 */
import fg from "fast-glob";

/** Seed files of one resource folder, sorted so that every build reads them in the same order. */
export async function findSeedFiles(seedsDir: string, resourceDir: string): Promise<string[]> {
  const files = await fg(`${fg.escapePath(resourceDir)}/*.{json,ndjson,csv}`, { cwd: seedsDir, onlyFiles: true, followSymbolicLinks: false });
  return files.sort();
}
