/**
 * JSON and NDJSON text for the seed files.
 * Key order comes from the order records are built in (the schema's order), and JSON.stringify
 * keeps insertion order, so the bytes are stable from run to run.
 * @module
 */

/** Small reference lists (countries, regulators, providers, meta) are pretty-printed for review in diffs. */
export function toJsonText(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/** Large lists are one compact JSON object per line, which keeps them small and line-diffable. */
export function toNdjson(records: Iterable<unknown>): string {
  let out = "";
  for (const record of records) out += `${JSON.stringify(record)}\n`;
  return out;
}
