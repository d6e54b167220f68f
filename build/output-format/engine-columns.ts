/**
 * The columnar form of the engine's data (issue 32): a list of records is stored as one column per field
 * instead of one object per record, so a field name is written once per list rather than once per record,
 * numbers stay numbers, and every string is written once per resource, in a table the columns point into.
 * Decoding makes the same values again (the same keys in the same order, so `JSON.stringify` gives the same
 * bytes), and equal strings come back as one string, shared.
 *
 * A column is one of: `{"s": [i, …]}` strings by their place in the table (-1 for null), `{"n": […]}` numbers
 * or null, `{"o": {shapes, shape, cols}}` objects (each row names its key list in `shapes`, -1 for null; each
 * key's column holds the rows that have it, in order), `{"a": {len, items}}` arrays (their lengths, -1 for
 * null, then all their items as one column), `{"j": […]}` anything else as plain JSON.
 * @module
 */

type Json = unknown;
type Column = { s: number[] } | { n: (number | null)[] } | { o: ObjectColumn } | { a: ArrayColumn } | { j: Json[] };
interface ObjectColumn {
  shapes: string[][];
  shape: number[];
  cols: Record<string, Column>;
}
interface ArrayColumn {
  len: number[];
  items: Column;
}

/** One value in columnar form with its string table: the form of one member of `_engine/dataset.json`. */
export interface EncodedValue {
  strings: string[];
  column: Column;
}

/** Encodes `value` (plain JSON data; a key whose value is undefined is left out, as JSON.stringify leaves it). */
export function encodeColumnar(value: Json): EncodedValue {
  const strings = new Map<string, number>();
  const column = encodeColumn([value], strings);
  return { strings: [...strings.keys()], column };
}

/**
 * The value encodeColumnar encoded. When it is a list of records (most members of the dataset), each
 * record's long lists (at least LAZY_MIN_ITEMS items a record on average: a brand's `trust_history`) are
 * decoded the first time one of them is read, for every record at once (issue 32): a first answer from
 * the brands needs their names and scores, not the 36 months of history that were most of a cold start at
 * scale 16. Such a field is an accessor in its place among the record's keys, so JSON.stringify and
 * spreading see the same record.
 */
export function decodeColumnar(encoded: EncodedValue): Json {
  const { column, strings } = encoded;
  if ("a" in column && "o" in column.a.items) {
    const { len, items } = column.a;
    return splitArrays(len, decodeObjects(items.o, itemCount(len), strings, true))[0];
  }
  return decodeColumn(column, 1, strings)[0];
}

const isPlainObject = (value: Json): value is Record<string, Json> =>
  typeof value === "object" &&
  value !== null &&
  !Array.isArray(value) &&
  Object.getPrototypeOf(value) === Object.prototype;

function encodeColumn(values: readonly Json[], strings: Map<string, number>): Column {
  if (values.every((value) => value === null || typeof value === "string")) {
    return { s: values.map((value) => (value === null ? -1 : internOf(value as string, strings))) };
  }
  // Finite only: JSON writes NaN and Infinity as null, and so must the decoded value.
  if (values.every((value) => value === null || (typeof value === "number" && Number.isFinite(value))))
    return { n: values as (number | null)[] };
  if (values.every((value) => value === null || isPlainObject(value)))
    return { o: encodeObjects(values as (Record<string, Json> | null)[], strings) };
  if (values.every((value) => value === null || Array.isArray(value)))
    return { a: encodeArrays(values as (Json[] | null)[], strings) };
  return { j: [...values] };
}

function internOf(text: string, strings: Map<string, number>): number {
  let at = strings.get(text);
  if (at === undefined) strings.set(text, (at = strings.size));
  return at;
}

function encodeObjects(values: readonly (Record<string, Json> | null)[], strings: Map<string, number>): ObjectColumn {
  const shapeIds = new Map<string, number>();
  const shapes: string[][] = [];
  const shape: number[] = [];
  const fields = new Map<string, Json[]>();
  for (const value of values) {
    if (value === null) {
      shape.push(-1);
      continue;
    }
    const keys = Object.keys(value).filter((key) => value[key] !== undefined);
    const id = JSON.stringify(keys);
    let at = shapeIds.get(id);
    if (at === undefined) {
      shapeIds.set(id, (at = shapes.length));
      shapes.push(keys);
    }
    shape.push(at);
    for (const key of keys) {
      let field = fields.get(key);
      if (field === undefined) fields.set(key, (field = []));
      field.push(value[key]);
    }
  }
  // Without a prototype: a key `__proto__` is then a key like any other.
  const cols = Object.create(null) as Record<string, Column>;
  for (const [key, field] of fields) cols[key] = encodeColumn(field, strings);
  return { shapes, shape, cols };
}

function encodeArrays(values: readonly (Json[] | null)[], strings: Map<string, number>): ArrayColumn {
  const items: Json[] = [];
  const len = values.map((value) => {
    if (value === null) return -1;
    // Array.from, not spread: a hole is written as null by JSON.stringify.
    for (let at = 0; at < value.length; at++) items.push(value[at] === undefined ? null : value[at]);
    return value.length;
  });
  return { len, items: encodeColumn(items, strings) };
}

/** A column's values being handed out, row by row. */
interface Field {
  values: Json[];
  next: number;
}

function decodeColumn(column: Column, rows: number, strings: readonly string[]): Json[] {
  if ("s" in column) return column.s.map((at) => (at < 0 ? null : strings[at]!));
  if ("n" in column) return column.n;
  if ("j" in column) return column.j as Json[];
  if ("a" in column) return decodeArrays(column.a, strings);
  return decodeObjects(column.o, rows, strings);
}

/**
 * Shorter lists are decoded with their records: an accessor costs a record a WeakMap entry, and lazy
 * `markets`, `skills`, `tags` of every brand, resume and game took 120 MB more heap at scale 16.
 */
const LAZY_MIN_ITEMS = 8;

const itemCount = (len: readonly number[]): number => len.reduce((sum, length) => sum + Math.max(length, 0), 0);

function decodeArrays({ len, items }: ArrayColumn, strings: readonly string[]): Json[] {
  return splitArrays(len, decodeColumn(items, itemCount(len), strings));
}

/** The lists of lengths `len` (-1: null) cut from `flat`, in order. */
function splitArrays(len: readonly number[], flat: readonly Json[]): Json[] {
  let at = 0;
  return len.map((length) => {
    if (length < 0) return null;
    at += length;
    return flat.slice(at - length, at);
  });
}

/**
 * Records are not shared even where equal (a brand's trust components, alike month after month): sharing
 * saved 12 MB of heap at scale 16 and cost 0.9 s of CPU, most of a cold start. With `lazyLists`, the
 * fields whose column is of long lists are left to LazyField.
 */
function decodeObjects(
  { shapes, shape, cols }: ObjectColumn,
  rows: number,
  strings: readonly string[],
  lazyLists = false,
): Json[] {
  const counts = new Map<string, number>();
  for (const id of shape) if (id >= 0) for (const key of shapes[id]!) counts.set(key, (counts.get(key) ?? 0) + 1);
  const fields = new Map<string, Field>();
  const lazy = new Map<string, LazyField>();
  for (const [key, column] of Object.entries(cols)) {
    const rowsWithKey = counts.get(key) ?? 0;
    const decode = () => decodeColumn(column, rowsWithKey, strings);
    if (lazyLists && "a" in column && itemCount(column.a.len) >= LAZY_MIN_ITEMS * rowsWithKey)
      lazy.set(key, new LazyField(key, decode));
    else fields.set(key, { values: decode(), next: 0 });
  }
  const makers = shapes.map((keys) => ({
    make: recordMaker(keys, new Set(lazy.keys())),
    fields: keys.flatMap((key) => fields.get(key) ?? []),
    lazy: keys.flatMap((key) => lazy.get(key) ?? []),
  }));
  const out: Json[] = new Array<Json>(rows);
  for (let row = 0; row < shape.length; row++) {
    const id = shape[row]!;
    if (id < 0) {
      out[row] = null;
      continue;
    }
    const maker = makers[id]!;
    out[row] = maker.make(maker.fields, maker.lazy);
  }
  return out;
}

/**
 * One field of a list's records decoded on first read, for every record at once. Its accessor is shared by
 * all the records (one V8 layout for them all) and finds a record's value by its row; a write replaces the
 * accessor with the value written, as a plain property.
 */
class LazyField {
  private values: Json[] | undefined;
  private readonly rowOf = new WeakMap<object, number>();
  private rows = 0;
  private readonly descriptor: PropertyDescriptor;

  constructor(
    private readonly key: string,
    decode: () => Json[],
  ) {
    // Dropped once used: it holds the column's encoded form, which would otherwise stay in memory for good.
    let encoded: (() => Json[]) | undefined = decode;
    const valueOf = (record: object): Json => {
      if (this.values === undefined) {
        this.values = encoded!();
        encoded = undefined;
      }
      return this.values[this.rowOf.get(record)!];
    };
    this.descriptor = {
      enumerable: true,
      configurable: true,
      get(this: object) {
        return valueOf(this);
      },
      set(this: object, value: Json) {
        Object.defineProperty(this, key, { value, enumerable: true, configurable: true, writable: true });
      },
    };
  }

  /** Makes `record`'s field (the next row of the column) this accessor. */
  attach(record: object): void {
    this.rowOf.set(record, this.rows++);
    Object.defineProperty(record, this.key, this.descriptor);
  }
}

/**
 * The maker of one shape's records: an object literal with the shape's keys in order, so that every record
 * of a shape shares one layout in V8 (added key by key, they took longer to make). A key `__proto__` is
 * written computed, which makes it an own key, as JSON.parse does. From the first `lazy` key on, keys are
 * added one by one in order, the lazy ones as their LazyField's accessor: added, not reconfigured from a
 * placeholder, which kept the records in V8's fast layout (reconfigured, they took twice the memory).
 */
function recordMaker(keys: readonly string[], lazy: ReadonlySet<string>): (fields: Field[], lazy: LazyField[]) => Json {
  const name = (key: string) => (key === "__proto__" ? '["__proto__"]' : JSON.stringify(key));
  const literal: string[] = [];
  const added: string[] = [];
  let field = 0;
  let lazyField = 0;
  for (const key of keys) {
    if (lazy.has(key)) {
      added.push(`l[${lazyField++}].attach(r);`);
      continue;
    }
    const value = `f[${field}].values[f[${field}].next++]`;
    field += 1;
    if (added.length === 0) literal.push(`${name(key)}: ${value}`);
    else if (key === "__proto__")
      added.push(
        `Object.defineProperty(r, "__proto__", { value: ${value}, enumerable: true, configurable: true, writable: true });`,
      );
    else added.push(`r[${JSON.stringify(key)}] = ${value};`);
  }
  return new Function("f", "l", `const r = {${literal.join(", ")}}; ${added.join(" ")} return r;`) as (
    fields: Field[],
    lazy: LazyField[],
  ) => Json;
}
