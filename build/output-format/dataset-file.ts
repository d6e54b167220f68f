/**
 * The engine's dataset file (`_engine/dataset.json`): one JSON object, one top-level member per line.
 * JSON.stringify never writes a raw newline inside a value, so the lines are the members; the host finds
 * them with a scan for newlines and parses each one the first time it is used, instead of all 14 MB of
 * them before it can answer (a host answering from files needs few of them).
 * @module
 */
import type { Dataset } from "../compute/dataset.ts";

const NEWLINE = 0x0a;
const COMMA = 0x2c;
const CLOSING_BRACE = 0x7d;

/** The dataset as the host loads it: valid JSON, the same value as `JSON.stringify(dataset)`. */
export function serializeDataset(dataset: Dataset): string {
  const members: string[] = [];
  for (const [key, value] of Object.entries(dataset)) {
    const json = JSON.stringify(value) as string | undefined;
    if (json !== undefined) members.push(`${JSON.stringify(key)}:${json}`);
  }
  return `{\n${members.join(",\n")}\n}\n`;
}

/**
 * The dataset of a file written by serializeDataset, each member parsed when first read (then kept);
 * JSON on one line (a dist/ built before this layout) is parsed whole. Throws when the bytes are in
 * neither form; a member that is not valid JSON throws when it is read.
 */
export function parseDatasetFile(bytes: Buffer): Dataset {
  if (bytes[0] !== 0x7b || bytes[1] !== NEWLINE) return JSON.parse(bytes.toString("utf8")) as Dataset;
  const dataset = {} as Record<string, unknown>;
  let at = 2;
  for (;;) {
    const end = bytes.indexOf(NEWLINE, at);
    if (end < 0) throw new Error("the closing brace is missing");
    if (bytes[at] === CLOSING_BRACE && end === at + 1) break;
    const colon = bytes.indexOf('":', at);
    if (colon < 0 || colon > end) throw new Error(`no member name on the line at byte ${at}`);
    const key = JSON.parse(bytes.toString("utf8", at, colon + 1)) as string;
    const start = colon + 2;
    const stop = bytes[end - 1] === COMMA ? end - 1 : end;
    Object.defineProperty(dataset, key, {
      enumerable: true,
      configurable: true,
      get() {
        const value: unknown = JSON.parse(bytes.toString("utf8", start, stop));
        Object.defineProperty(dataset, key, { value, enumerable: true, writable: true });
        return value;
      },
    });
    at = end + 1;
  }
  return dataset as unknown as Dataset;
}
