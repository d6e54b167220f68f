/**
 * The primary and foreign keys the data package declares, checked against the records at build time:
 * a download whose key is repeated or names a record another download lacks fails the build, rather
 * than publishing a schema that a database load or frictionless-py would refuse.
 * @module
 */
import type { ForeignKey } from "./table-schema.ts";

/** The keys of one download table, as its Table Schema declares them. */
export interface KeyedTable {
  name: string;
  /** Top-level fields that are never null and together unique; absent when the records have none. */
  primaryKey?: readonly string[];
  /** Fields naming a record of another download by that download's primary key. */
  foreignKeys?: readonly ForeignKey[];
}

/** What the checks need of a table's records: its primary key's values, and those of each foreign key. */
export interface TableKeyValues {
  table: KeyedTable;
  primary: ReadonlySet<string>;
  /** One set per entry of `table.foreignKeys`, in its order. */
  foreign: readonly ReadonlySet<string>[];
}

/** A key's values as one string; JSON keeps `1` and `"1"` apart, and a `|` in a value from making two keys one. */
function keyOf(record: Record<string, unknown>, fields: readonly string[]): string {
  return JSON.stringify(fields.map((field) => record[field]));
}

function fieldList(fields: readonly string[]): string {
  return `(${fields.join(", ")})`;
}

/**
 * The key values of a table's records. Throws an internal error naming the table and the key when the
 * primary key is missing, null or not a plain value in some record, or repeated.
 */
export function keyValues(table: KeyedTable, records: readonly Record<string, unknown>[]): TableKeyValues {
  const primary = new Set<string>();
  const { primaryKey } = table;
  if (primaryKey !== undefined) {
    for (const [position, record] of records.entries()) {
      for (const field of primaryKey) {
        const value = record[field];
        if (typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean") {
          throw new Error(`Internal error: the download ${table.name} has ${JSON.stringify(value ?? null)} for ${field} in record ${position + 1}, part of its primary key ${fieldList(primaryKey)}, which must have a value`);
        }
      }
      const key = keyOf(record, primaryKey);
      if (primary.has(key)) throw new Error(`Internal error: the download ${table.name} has the primary key ${fieldList(primaryKey)} = ${key} more than once`);
      primary.add(key);
    }
  }
  const foreign = (table.foreignKeys ?? []).map(({ fields }) => new Set(records.map((record) => keyOf(record, fields))));
  return { table, primary, foreign };
}

/**
 * Checks that every foreign key names a download with that primary key, and that each of its values is
 * one of that download's keys. Throws an internal error naming both tables, the key and the first value
 * that does not resolve.
 */
export function checkForeignKeys(tables: readonly TableKeyValues[]): void {
  const byName = new Map(tables.map((values) => [values.table.name, values]));
  for (const { table, foreign } of tables) {
    for (const [position, { fields, reference }] of (table.foreignKeys ?? []).entries()) {
      const declared = `${table.name} ${fieldList(fields)} → ${reference.resource} ${fieldList(reference.fields)}`;
      const target = byName.get(reference.resource);
      const targetKey = target?.table.primaryKey;
      if (target === undefined || targetKey === undefined || JSON.stringify(targetKey) !== JSON.stringify(reference.fields) || fields.length !== targetKey.length) {
        throw new Error(`Internal error: the foreign key ${declared} does not name the primary key of a download`);
      }
      for (const value of foreign[position] ?? []) {
        if (!target.primary.has(value)) throw new Error(`Internal error: the foreign key ${declared} has ${value}, which ${reference.resource} does not have`);
      }
    }
  }
}
