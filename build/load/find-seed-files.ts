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

/**
 * Files of a resource folder that are not seed files and would be skipped without a word: a misnamed
 * seed file (`brands.jsonl`, `brands.JSON`) would otherwise leave its records out of the build. Hidden
 * files (`.gitkeep`, `.DS_Store`) and READMEs are left alone.
 */
export async function findStrayFiles(seedsDir: string, resourceDir: string): Promise<string[]> {
  const files = await fg(`${fg.escapePath(resourceDir)}/*`, { cwd: seedsDir, onlyFiles: true, followSymbolicLinks: false, dot: false });
  return files.filter((file) => !/\.(json|ndjson|csv)$/.test(file) && !/\/readme(\.[^/]*)?$/i.test(file)).sort();
}
