/**
 * A POSIX ustar archive written by our own code (issue 28: "download all"): a few dozen lines instead of
 * a dependency, and deterministic by construction (fixed owner, modes and time, entries in the order given).
 * @module
 */

const BLOCK = 512;

/** One file of an archive: its name inside the archive's folder, and its bytes. */
export interface TarEntry {
  name: string;
  body: Buffer;
}

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, "0")}\0`;
}

function header(name: string, size: number, mtime: number, directory: boolean): Buffer {
  if (Buffer.byteLength(name) > 100) throw new Error(`Internal error: the archive entry name ${name} is too long`);
  const block = Buffer.alloc(BLOCK);
  block.write(name, 0, "utf8");
  block.write(octal(directory ? 0o755 : 0o644, 8), 100, "ascii");
  block.write(octal(0, 8), 108, "ascii"); // uid
  block.write(octal(0, 8), 116, "ascii"); // gid
  block.write(octal(size, 12), 124, "ascii");
  block.write(octal(mtime, 12), 136, "ascii");
  block.write("        ", 148, "ascii"); // the checksum counts its own field as spaces
  block.write(directory ? "5" : "0", 156, "ascii");
  block.write("ustar\0", 257, "ascii");
  block.write("00", 263, "ascii");
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, "0")}\0 `, 148, "ascii");
  return block;
}

/**
 * The tar bytes of `entries` inside one folder `folder/`, every entry dated `mtime` (seconds since the
 * epoch: the snapshot's, never the build's clock), owned by uid 0, in the order given.
 */
export function tarArchive(folder: string, entries: readonly TarEntry[], mtime: number): Buffer {
  const parts: Buffer[] = [header(`${folder}/`, 0, mtime, true)];
  for (const entry of entries) {
    parts.push(header(`${folder}/${entry.name}`, entry.body.length, mtime, false), entry.body);
    const padding = (BLOCK - (entry.body.length % BLOCK)) % BLOCK;
    if (padding > 0) parts.push(Buffer.alloc(padding));
  }
  parts.push(Buffer.alloc(BLOCK * 2)); // the end of the archive: two zero blocks
  return Buffer.concat(parts);
}

/** The files of a tar archive, directories left out (tests read the archive back with it). */
export function readTarArchive(tar: Buffer): TarEntry[] {
  const entries: TarEntry[] = [];
  for (let at = 0; at + BLOCK <= tar.length; ) {
    const block = tar.subarray(at, at + BLOCK);
    if (block.every((byte) => byte === 0)) break;
    const name = block.subarray(0, 100).toString("utf8").replace(/\0.*$/s, "");
    const size = parseInt(block.subarray(124, 136).toString("ascii").replace(/\0.*$/s, ""), 8);
    const type = String.fromCharCode(block[156]!);
    if (type === "0") entries.push({ name, body: tar.subarray(at + BLOCK, at + BLOCK + size) });
    at += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
  }
  return entries;
}
