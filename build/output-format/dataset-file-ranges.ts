/**
 * The engine's dataset read from its file member by member (issue 32), for the Netlify function: at load
 * only the byte range of each member's line is found (the file is scanned in chunks, never held whole);
 * a member's bytes are read from the file, and decoded, the first time an answer needs it. A cold start
 * at scale 16 read and copied 161 MB (about 0.7 s of CPU) to answer from the brands alone.
 *
 * The file stays open until every member is decoded, so a file replaced meanwhile (a rebuild swapping the
 * folder) is still read as it was loaded; or until the dataset is garbage collected, when no member can be
 * read any more (a process that drops a dataset half used would otherwise hold the file, even deleted).
 * @module
 */
import { closeSync, openSync, readFileSync, readSync } from "node:fs";
import type { Dataset } from "../compute/dataset.ts";
import { datasetOfMembers, isLineLayout, parseDatasetFile, type DatasetMember } from "./dataset-file.ts";

const NEWLINE = 0x0a;
const COMMA = 0x2c;
const CLOSING_BRACE = 0x7d;
/** Bytes read at a time while looking for the lines. */
const CHUNK_BYTES = 4 * 2 ** 20;
/** A member's name is at the start of its line, within this many bytes. */
const NAME_BYTES = 256;

/** Closes the file of a dataset collected before all its members were read (held value: the descriptor). */
const closeWhenCollected = new FinalizationRegistry<number>((fd) => closeSync(fd));

/** The byte range of one member's value in the file. */
interface MemberRange {
  key: string;
  start: number;
  end: number;
}

/**
 * The dataset of the file at `file`, each member read and decoded when first used (then kept). A file
 * written before the line layout is read and parsed whole. Throws when the file cannot be opened or its
 * lines are not the layout's; a member that is not valid throws when it is read.
 */
export function readDatasetFileLazily(file: string): Dataset {
  const fd = openSync(file, "r");
  let open = true;
  try {
    if (!isLineLayout(readAt(fd, 0, 2))) {
      open = false;
      closeSync(fd);
      return parseDatasetFile(readFileSync(file));
    }
    const ranges = memberRanges(fd);
    let pending = ranges.length;
    // Only the dataset's getters read or release the file, so once it is collected the file can be closed.
    const registration = {};
    const members: DatasetMember[] = ranges.map(({ key, start, end }) => ({
      key,
      read: () => readAt(fd, start, end - start),
      release: () => {
        pending -= 1;
        if (pending > 0) return;
        closeWhenCollected.unregister(registration);
        closeSync(fd);
      },
    }));
    // The marker is never read: it only says the members after it are columnar.
    for (const member of members) if (member.key === "$columns") member.release?.();
    const dataset = datasetOfMembers(members);
    if (pending > 0) closeWhenCollected.register(dataset, fd, registration);
    return dataset;
  } catch (error) {
    if (open) closeSync(fd);
    throw error;
  }
}

/** Every member's name and value range: the lines between the opening `{` and the closing `}`. */
function memberRanges(fd: number): MemberRange[] {
  const ranges: MemberRange[] = [];
  const lines = lineEnds(fd);
  let start = 2;
  for (const end of lines) {
    if (end === start + 1 && readAt(fd, start, 1)[0] === CLOSING_BRACE) return ranges;
    const head = readAt(fd, start, Math.min(NAME_BYTES, end - start));
    const colon = head.indexOf('":');
    if (colon < 0) throw new Error(`no member name on the line at byte ${start}`);
    const key = JSON.parse(head.toString("utf8", 0, colon + 1)) as string;
    const last = readAt(fd, end - 1, 1)[0];
    ranges.push({ key, start: start + colon + 2, end: last === COMMA ? end - 1 : end });
    start = end + 1;
  }
  throw new Error("the closing brace is missing");
}

/** The offset of every newline after the first line. */
function lineEnds(fd: number): number[] {
  const ends: number[] = [];
  const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
  for (let offset = 2; ; ) {
    const read = readSync(fd, chunk, 0, CHUNK_BYTES, offset);
    if (read === 0) return ends;
    for (let at = chunk.indexOf(NEWLINE); at >= 0 && at < read; at = chunk.indexOf(NEWLINE, at + 1))
      ends.push(offset + at);
    offset += read;
  }
}

/** `length` bytes of the file from `position` (fewer at its end). */
function readAt(fd: number, position: number, length: number): Buffer {
  const bytes = Buffer.allocUnsafe(length);
  let done = 0;
  while (done < length) {
    const read = readSync(fd, bytes, done, length - done, position + done);
    if (read === 0) return bytes.subarray(0, done);
    done += read;
  }
  return bytes;
}
