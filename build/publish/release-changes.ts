/**
 * What changed between two releases (issue 34): per resource, the records added, removed and changed,
 * by primary key, with the fields that changed. Compared on the published files themselves.
 * @module
 */
import { gunzipSync } from "node:zlib";
import { downloadFileName, type DownloadTable } from "./download-tables.ts";

/** A record's primary key: its value for a one-field key, else an object of the key's fields. */
export type RecordKey = unknown;

export interface ResourceChanges {
  added: RecordKey[];
  removed: RecordKey[];
  changed: { key: RecordKey; fields: string[] }[];
}

/** The changes of a release against the one before it, as `/downloads/<release>/changes.json`. */
export interface ReleaseChanges {
  release: string;
  previous: string;
  /** By resource name; a resource without a primary key, or new in this release, is listed with the reason it is not compared. */
  resources: Record<string, ResourceChanges | { compared: false; reason: string }>;
}

type DataRecord = Record<string, unknown>;

function keyOf(record: DataRecord, primaryKey: readonly string[]): RecordKey {
  return primaryKey.length === 1
    ? record[primaryKey[0]!]
    : Object.fromEntries(primaryKey.map((field) => [field, record[field]]));
}

/**
 * The records added, removed and changed between `before` and `after`, by primary key, in `after`'s
 * order (removed ones in `before`'s).
 * @example diffRecords(["slug"], [{ slug: "a", name: "A" }], [{ slug: "a", name: "B" }]) // changed: [{ key: "a", fields: ["name"] }]
 */
export function diffRecords(
  primaryKey: readonly string[],
  before: readonly DataRecord[],
  after: readonly DataRecord[],
): ResourceChanges {
  const id = (record: DataRecord) => JSON.stringify(keyOf(record, primaryKey));
  const old = new Map(before.map((record) => [id(record), record]));
  const seen = new Set<string>();
  const changes: ResourceChanges = { added: [], removed: [], changed: [] };
  for (const record of after) {
    const key = id(record);
    seen.add(key);
    const previous = old.get(key);
    if (previous === undefined) {
      changes.added.push(keyOf(record, primaryKey));
      continue;
    }
    const fields = [...new Set([...Object.keys(previous), ...Object.keys(record)])]
      .filter((field) => JSON.stringify(previous[field]) !== JSON.stringify(record[field]))
      .sort();
    if (fields.length > 0) changes.changed.push({ key: keyOf(record, primaryKey), fields });
  }
  for (const record of before) if (!seen.has(id(record))) changes.removed.push(keyOf(record, primaryKey));
  return changes;
}

/** The records of a gzip NDJSON download. */
export function downloadRecords(body: Buffer): DataRecord[] {
  return gunzipSync(body)
    .toString("utf8")
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as DataRecord);
}

/** Compares every table's download of this release with the previous release's file of the same name. */
export function releaseChanges(
  release: string,
  previous: { name: string; files: ReadonlyMap<string, Buffer> },
  tables: readonly DownloadTable[],
  current: ReadonlyMap<string, Buffer>,
): ReleaseChanges {
  const resources: ReleaseChanges["resources"] = {};
  for (const table of tables) {
    const fileName = downloadFileName(table.name);
    const before = previous.files.get(fileName);
    const after = current.get(fileName);
    if (table.primaryKey === undefined) resources[table.name] = { compared: false, reason: "no primary key" };
    else if (before === undefined || after === undefined)
      resources[table.name] = {
        compared: false,
        reason: `not in release ${before === undefined ? previous.name : release}`,
      };
    else resources[table.name] = diffRecords(table.primaryKey, downloadRecords(before), downloadRecords(after));
  }
  return { release, previous: previous.name, resources };
}

/** One line per changed resource: `brands: 1 added, 1 removed, 1 changed`; empty when nothing changed. */
export function changesSummary(changes: ReleaseChanges): string[] {
  const lines: string[] = [];
  for (const [name, resource] of Object.entries(changes.resources)) {
    if (!("added" in resource)) continue;
    const { added, removed, changed } = resource;
    if (added.length + removed.length + changed.length === 0) continue;
    lines.push(`${name}: ${added.length} added, ${removed.length} removed, ${changed.length} changed`);
  }
  return lines;
}
