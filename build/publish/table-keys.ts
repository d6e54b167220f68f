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

/**
 * A set of keys, each the values of a record's key fields, held as nested maps of those values: a map
 * of the first field's values to maps of the second's, and so on. A Map tells `1` from `"1"`, and no
 * values can run into each other as in a joined string; null and absent are one value, as JSON prints
 * them. No string is made per record: the index table alone has 84,000 records of four key fields, and
 * encoding each key as JSON was most of the 0.4 s these checks took.
 */
export class KeySet {
  readonly #root = new Map<unknown, unknown>();
  #size = 0;

  get size(): number {
    return this.#size;
  }

  /** Adds the record's values of `fields`; false when the set had them already. */
  add(record: Record<string, unknown>, fields: readonly string[]): boolean {
    const last = this.#lastLevel(record, fields, true)!;
    const value = record[fields[fields.length - 1]!] ?? null;
    if (last.has(value)) return false;
    last.set(value, true);
    this.#size += 1;
    return true;
  }

  /** Whether the set has the record's values of `fields` (as many fields as it was filled with). */
  has(record: Record<string, unknown>, fields: readonly string[]): boolean {
    return this.#lastLevel(record, fields, false)?.has(record[fields[fields.length - 1]!] ?? null) ?? false;
  }

  #lastLevel(
    record: Record<string, unknown>,
    fields: readonly string[],
    create: boolean,
  ): Map<unknown, unknown> | undefined {
    let level = this.#root;
    for (let i = 0; i < fields.length - 1; i += 1) {
      const value = record[fields[i]!] ?? null;
      let next = level.get(value) as Map<unknown, unknown> | undefined;
      if (next === undefined) {
        if (!create) return undefined;
        level.set(value, (next = new Map()));
      }
      level = next;
    }
    return level;
  }
}

/** What the checks need of a table's records: its primary key's values, and those of each foreign key. */
export interface TableKeyValues {
  table: KeyedTable;
  primary: KeySet;
  /** One list per entry of `table.foreignKeys`, in its order: the first record with each distinct value of the key. */
  foreign: readonly (readonly Record<string, unknown>[])[];
}

/** A key's values as the messages print them: a JSON array. */
function printedKey(record: Record<string, unknown>, fields: readonly string[]): string {
  return JSON.stringify(fields.map((field) => record[field]));
}

function fieldList(fields: readonly string[]): string {
  return `(${fields.join(", ")})`;
}

/**
 * The key values of a table's records. Throws an internal error naming the table and the key when the
 * primary key is missing, null or not a plain value (a string, a finite number, a boolean) in some record, or repeated.
 */
export function keyValues(table: KeyedTable, records: readonly Record<string, unknown>[]): TableKeyValues {
  const primary = new KeySet();
  const { primaryKey } = table;
  if (primaryKey !== undefined) {
    for (let position = 0; position < records.length; position += 1) {
      const record = records[position]!;
      for (const field of primaryKey) {
        const value = record[field];
        // A NaN or an infinity is a number the file holds as null.
        if (
          typeof value !== "string" &&
          !(typeof value === "number" && Number.isFinite(value)) &&
          typeof value !== "boolean"
        ) {
          throw new Error(
            `Internal error: the download ${table.name} has ${JSON.stringify(value ?? null)} for ${field} in record ${position + 1}, part of its primary key ${fieldList(primaryKey)}, which must have a value`,
          );
        }
      }
      if (!primary.add(record, primaryKey))
        throw new Error(
          `Internal error: the download ${table.name} has the primary key ${fieldList(primaryKey)} = ${printedKey(record, primaryKey)} more than once`,
        );
    }
  }
  const foreign = (table.foreignKeys ?? []).map(({ fields }) => {
    const seen = new KeySet();
    return records.filter((record) => seen.add(record, fields));
  });
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
      if (
        target === undefined ||
        targetKey === undefined ||
        JSON.stringify(targetKey) !== JSON.stringify(reference.fields) ||
        fields.length !== targetKey.length
      ) {
        throw new Error(`Internal error: the foreign key ${declared} does not name the primary key of a download`);
      }
      for (const record of foreign[position] ?? []) {
        if (!target.primary.has(record, fields))
          throw new Error(
            `Internal error: the foreign key ${declared} has ${printedKey(record, fields)}, which ${reference.resource} does not have`,
          );
      }
    }
  }
}
