/**
 * Writes planned files under a folder, refusing any path that would leave it.
 * @module
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { BuildError } from "../errors.ts";
import type { OutputFile } from "./plan-outputs.ts";

/** The two file-system calls writing needs; tests pass an in-memory one. */
export interface OutputWriter {
  mkdir(dir: string): Promise<unknown>;
  writeFile(file: string, body: string | Buffer): Promise<void>;
}

export const nodeWriter: OutputWriter = {
  mkdir: (dir) => mkdir(dir, { recursive: true }),
  writeFile: (file, body) => writeFile(file, body),
};

/** Resolves `relative` inside `root`, or throws: a planned path must never escape the output folder. */
export function ensureWithin(root: string, relative: string): string {
  const resolved = path.resolve(root, relative);
  if (!resolved.startsWith(path.resolve(root) + path.sep)) throw new BuildError(`Internal error: output path escapes the output folder: ${relative}`);
  return resolved;
}

/** Writes every file; returns the bytes written. */
export async function writeOutputs(root: string, files: readonly OutputFile[], writer: OutputWriter = nodeWriter): Promise<number> {
  const made = new Set<string>();
  let bytes = 0;
  for (const file of files) {
    const target = ensureWithin(root, file.path);
    const dir = path.dirname(target);
    if (!made.has(dir)) {
      await writer.mkdir(dir);
      made.add(dir);
    }
    await writer.writeFile(target, file.body);
    bytes += Buffer.byteLength(file.body);
  }
  return bytes;
}
