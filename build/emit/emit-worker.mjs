/**
 * An emit thread of the build (see emit-threads.ts): writes each planned file it is sent into the
 * staging folder, or hard-links it to the previous output's copy of the same bytes, and makes its
 * compressed variants with the settings it was started with (compress-body.ts's, passed in
 * workerData), keeping a variant only when it is smaller than the body, and tags each variant it keeps
 * (etag.ts's settings, also passed in): the build's thread needs its tag and length, not its bytes. Without
 * a folder (a dry run) it only compresses. Plain JavaScript: a worker must start under tsx and under vitest alike.
 */
import { hash } from "node:crypto";
import { linkSync, mkdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parentPort, threadId, workerData } from "node:worker_threads";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const { root, gzipLevel, brotliQuality, brotliMode, gzipOs, encodings, etag } = workerData;

const etagOf = (bytes) => `"${hash(etag.hash, bytes, "base64url").slice(0, etag.chars)}"`;

const compressors = {
  gzip: (bytes) => {
    const coded = gzipSync(bytes, { level: gzipLevel });
    coded[gzipOs.offset] = gzipOs.value;
    return coded;
  },
  br: (bytes) =>
    brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: brotliQuality,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        [constants.BROTLI_PARAM_MODE]: brotliMode,
      },
    }),
};

/**
 * The permission bits a file written here gets, read from a file written here once (then removed): the
 * folder's own mode does not tell them where a file system gives fixed modes (a CIFS mount's file_mode
 * and dir_mode, WSL's /mnt/c: 0755 or 0777, execute bits included), and every link would be refused. A
 * previous file with other bits (an output built under another umask) is written anew rather than
 * linked, so a rebuild gives every file the mode a full build gives.
 */
let fileMode;
function newFileMode() {
  if (fileMode === undefined) {
    const probe = path.join(root, `.mode-probe-${process.pid}-${threadId}`);
    writeFileSync(probe, "");
    try {
      fileMode = statSync(probe).mode & 0o7777;
    } finally {
      unlinkSync(probe);
    }
  }
  return fileMode;
}

/** Folders this thread made or found: one mkdir per folder, not per file. */
const folders = new Set();

function prepare(file) {
  const folder = path.dirname(file);
  if (!folders.has(folder)) {
    mkdirSync(folder, { recursive: true });
    folders.add(folder);
  }
  return file;
}

/** Whether a previous file has the mode a file written here gets (checked before its bytes are read). */
function hasNewFileMode(from) {
  try {
    return (statSync(from).mode & 0o7777) === newFileMode();
  } catch {
    return false; // gone or unreadable: written anew
  }
}

/** Links `file` to `from`; false where that cannot be (another file system, the previous file gone). */
function tryLink(from, file) {
  try {
    linkSync(from, file);
    return true;
  } catch {
    return false;
  }
}

/** The bytes of a previous output's file, or undefined when it is gone. */
function readPrevious(file) {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

/**
 * One request: `{id, path, body, linkFrom?, compress, reuse?, copy?}` where `reuse` maps a coding to the
 * previous output's variant of the same body (`{file, etag}`), and `copy` to this output's variant of an
 * earlier body with the same bytes, whose bytes are written again rather than compressed again. Answers `{id, written, linked, variants}`
 * with the ETag and length of each new variant kept (`{br: {etag, bytes}}`), or `{id, error, file}`
 * naming the file (relative, a variant's too) that could not be written or compressed.
 *
 * A previous file is linked only once its bytes are checked (the same bytes as the body, or the ETag
 * its variant had): a file damaged or edited in the previous output is written anew, not carried on.
 */
function emit({ id, path: relative, body, linkFrom, compress, reuse, copy }) {
  const bytes =
    typeof body === "string" ? Buffer.from(body) : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const answer = { id, written: 0, linked: 0, variants: {} };
  working = relative;
  const file = root === null ? undefined : prepare(path.join(root, relative));
  const put = (target, data, from, intact) => {
    working = path.relative(root, target);
    if (from !== undefined && hasNewFileMode(from) && intact(readPrevious(from)) && tryLink(from, target))
      answer.linked += 1;
    else {
      writeFileSync(target, typeof data === "function" ? data() : data);
      answer.written += 1;
    }
  };
  if (file !== undefined) put(file, bytes, linkFrom, (previous) => previous?.equals(bytes) === true);
  for (const [encoding, suffix] of encodings) {
    const previous = reuse?.[encoding];
    if (previous !== undefined) {
      // The same body as before: its variant is the previous one, recompressed only if that cannot be linked.
      if (file !== undefined)
        put(
          `${file}${suffix}`,
          () => compressors[encoding](bytes),
          previous.file,
          (old) => old !== undefined && etagOf(old) === previous.etag,
        );
      continue;
    }
    const same = copy?.[encoding];
    if (same !== undefined && file !== undefined) {
      // The same bytes give the same variant: checked against its tag, else made anew (a file changed meanwhile).
      const earlier = readPrevious(same.file);
      const coded = earlier !== undefined && etagOf(earlier) === same.etag ? earlier : compressors[encoding](bytes);
      put(`${file}${suffix}`, coded);
      answer.variants[encoding] = { etag: etagOf(coded), bytes: coded.length };
      continue;
    }
    if (!compress) continue;
    const coded = compressors[encoding](bytes);
    if (coded.length >= bytes.length) continue;
    if (file !== undefined) put(`${file}${suffix}`, coded);
    answer.variants[encoding] = { etag: etagOf(coded), bytes: coded.length };
  }
  return answer;
}

/** The file the current request is writing or compressing: a failure names it (ENOSPC's message names none). */
let working;

parentPort.on("message", (request) => {
  let answer;
  try {
    answer = emit(request);
  } catch (error) {
    answer = { id: request.id, error: error instanceof Error ? error.message : String(error), file: working };
  }
  parentPort.postMessage(answer);
});
