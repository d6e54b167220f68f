/**
 * Finds the seed files of a resource folder, and what in it would otherwise be skipped without a word;
 * the only place that globs.
 * @module
 */
import fg from "fast-glob";
import { stat } from "node:fs/promises";
import path from "node:path";
import { META_FILE, SEED_RESOURCES, SUPPRESSIONS_FILE } from "./seed-resources.ts";

/** A seed file's name: JSON, NDJSON or CSV. */
const SEED_NAME = /\.(json|ndjson|csv)$/;
/** READMEs are documentation, left alone like hidden files (`.gitkeep`, `.DS_Store`). */
const README_NAME = /\/readme(\.[^/]*)?$/i;

/** Something in a resource folder that the build does not read, and why it says so. */
export interface SeedFolderProblem {
  /** Relative to the seeds folder, a folder ending in `/`. */
  path: string;
  message: string;
}

/**
 * The seed files of one resource folder, sorted so that every build reads them in the same order
 * (symbolic links are followed, as for any file), and what would otherwise be left out silently: a
 * misnamed seed file (`brands.jsonl`, `brands.JSON`), a subfolder (its files are not read), a seed
 * file that is not a readable regular file (a broken or looping link, a pipe).
 */
export async function scanResourceFolder(
  seedsDir: string,
  resourceDir: string,
): Promise<{ files: string[]; problems: SeedFolderProblem[] }> {
  let entries: fg.Entry[];
  try {
    entries = await fg(`${fg.escapePath(resourceDir)}/*`, {
      cwd: seedsDir,
      onlyFiles: false,
      followSymbolicLinks: true,
      dot: false,
      stats: true,
    });
  } catch (error) {
    // A missing folder lists as empty; one that cannot be listed (a file in its place, a looping link, no permission) is named.
    return {
      files: [],
      problems: [
        {
          path: `${resourceDir}/`,
          message: `The folder cannot be read (${unreadableReason(error as NodeJS.ErrnoException)})`,
        },
      ],
    };
  }
  const files: string[] = [];
  const problems: SeedFolderProblem[] = [];
  for (const { path, stats } of entries.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) {
    if (stats?.isDirectory())
      problems.push({
        path: `${path}/`,
        message: `A subfolder: seed files are read from ${resourceDir}/ itself, not below it (move its files up)`,
      });
    else if (README_NAME.test(path)) continue;
    else if (!SEED_NAME.test(path))
      problems.push({
        path,
        message:
          "Not a seed file: seed files end in .json, .ndjson or .csv (rename it, or move it out of the seeds folder)",
      });
    else if (stats?.isFile() !== true)
      problems.push({
        path,
        message: "The file cannot be read: not a regular file (a broken or looping symbolic link, a pipe)",
      });
    else files.push(path);
  }
  return { files, problems };
}

/** Why a file or folder could not be read, in words; `folder`, the file's folder, is named when it is a file (ENOTDIR). */
export function unreadableReason(error: NodeJS.ErrnoException, folder?: string): string {
  if (error.code === "ENOTDIR" && folder !== undefined) return `${folder} is a file, not a folder`;
  const reasons: Record<string, string> = {
    ENOENT: "missing",
    EISDIR: "a folder, not a file",
    ENOTDIR: "a file, not a folder",
    EACCES: "permission denied",
    EPERM: "permission denied",
    ELOOP: "a symbolic link loop",
  };
  return reasons[error.code ?? ""] ?? error.code ?? "an unknown error";
}

/**
 * Every file the loader reads from `seedsDir` (the meta file and each resource's seed files): what a build is
 * made from; and what it refuses in a resource folder without reading it (`refused`, as scanResourceFolder
 * names it), which must make a build fail even where the files it reads are those of the output in place.
 */
export async function seedInputFiles(seedsDir: string): Promise<{ files: string[]; refused: string[] }> {
  const scanned = await Promise.all(SEED_RESOURCES.map((resource) => scanResourceFolder(seedsDir, resource.dir)));
  // The suppression list is optional: fingerprinted when present, so adding one rebuilds (issue 31).
  const suppressions =
    (await stat(path.join(seedsDir, SUPPRESSIONS_FILE)).catch(() => undefined)) === undefined
      ? []
      : [SUPPRESSIONS_FILE];
  return {
    files: [META_FILE, ...suppressions, ...scanned.flatMap((scan) => scan.files)],
    refused: scanned.flatMap((scan) => scan.problems.map((problem) => problem.path)),
  };
}
