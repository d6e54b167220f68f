/**
 * The engine's dataset file (`_engine/dataset.json`): one JSON object, one top-level member per line, each
 * member in the columnar form of engine-columns.ts after a first line `"$columns":1` saying so. The host
 * finds the lines with a scan for newlines, keeps each one's bytes apart, and decodes a member the first
 * time it is used (then drops its bytes): a host answering from files needs few of them, and the whole
 * dataset is never held twice. Columnar (issue 32): at scale 16 the file is 233 MB as rows of JSON and
 * too large for a Netlify function's bundle.
 * @module
 */
import type { Dataset } from "../compute/dataset.ts";
import { decodeColumnar, encodeColumnar, type EncodedValue } from "./engine-columns.ts";

const NEWLINE = 0x0a;
const COMMA = 0x2c;
const CLOSING_BRACE = 0x7d;
/** The member that marks the columnar form; a file without it holds its members as plain JSON values. */
const COLUMNS_MARKER = "$columns";

/** The dataset as the host loads it: valid JSON, each member in columnar form, one per line. */
export function serializeDataset(dataset: Dataset): string {
  const members: string[] = [`${JSON.stringify(COLUMNS_MARKER)}:1`];
  for (const [key, value] of Object.entries(dataset)) {
    if (value !== undefined) members.push(`${JSON.stringify(key)}:${JSON.stringify(encodeColumnar(value))}`);
  }
  return `{\n${members.join(",\n")}\n}\n`;
}

/**
 * The dataset of a file written by serializeDataset, each member decoded when first read (then kept);
 * JSON on one line (a dist/ built before the line layout) is parsed whole, and lines without the marker
 * are plain JSON values. Throws when the bytes are in no such form; a member that is not valid throws
 * when it is read.
 */
export function parseDatasetFile(bytes: Buffer): Dataset {
  if (!isLineLayout(bytes)) return JSON.parse(bytes.toString("utf8")) as Dataset;
  return datasetOfMembers(
    [...memberLines(bytes)].map(({ key, text }) => {
      let kept: Buffer | undefined = text;
      return {
        key,
        read: () => kept!,
        release: () => {
          kept = undefined;
        },
      };
    }),
  );
}

/** A member of the line layout: its name, and its value's bytes, read when it is first used. */
export interface DatasetMember {
  key: string;
  read: () => Buffer;
  /** Called once the member is decoded: its bytes are needed no more. */
  release?: () => void;
}

/**
 * The dataset of the line layout's members, in file order: each member decoded from its bytes when first
 * read (then kept), in columnar form after the marker, as a plain JSON value before it.
 */
export function datasetOfMembers(members: readonly DatasetMember[]): Dataset {
  const dataset = {} as Record<string, unknown>;
  let columnar = false;
  for (const { key, read, release } of members) {
    if (key === COLUMNS_MARKER) {
      columnar = true;
      continue;
    }
    const decode = columnar
      ? (json: string) => decodeColumnar(JSON.parse(json) as EncodedValue)
      : (json: string) => JSON.parse(json) as unknown;
    Object.defineProperty(dataset, key, {
      enumerable: true,
      configurable: true,
      get() {
        const value = decode(read().toString("utf8"));
        release?.();
        Object.defineProperty(dataset, key, { value, enumerable: true, writable: true });
        return value;
      },
    });
  }
  return dataset as unknown as Dataset;
}

/** Whether a file starting with these bytes is in the line layout (else it is JSON on one line). */
export function isLineLayout(head: Buffer): boolean {
  return head[0] === 0x7b && head[1] === NEWLINE;
}

/**
 * The members of the line layout: each one's name, and its value's bytes, a copy of their own (a slice of
 * `bytes` would keep the whole file alive until the last member is read).
 */
function* memberLines(bytes: Buffer): Generator<{ key: string; text: Buffer }> {
  let at = 2;
  for (;;) {
    const end = bytes.indexOf(NEWLINE, at);
    if (end < 0) throw new Error("the closing brace is missing");
    if (bytes[at] === CLOSING_BRACE && end === at + 1) return;
    const colon = bytes.indexOf('":', at);
    if (colon < 0 || colon > end) throw new Error(`no member name on the line at byte ${at}`);
    const key = JSON.parse(bytes.toString("utf8", at, colon + 1)) as string;
    const stop = bytes[end - 1] === COMMA ? end - 1 : end;
    yield { key, text: Buffer.from(bytes.subarray(colon + 2, stop)) };
    at = end + 1;
  }
}
