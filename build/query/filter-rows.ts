/**
 * List filters as data: one row per parameter with its spec (parser, OpenAPI, canonical key), its
 * predicate, and, for the enumerable ones, the values the build precomputes one at a time. Every list of
 * both services is written with them: its `params` start with its rows' specs, its `run` keeps the items
 * every row present in the query keeps, and its key space lists each row's values. Different filters
 * combine with AND; a comma list within one filter means any of its values.
 * @module
 */
import type { KeySpaceEntry } from "./endpoint.ts";
import { PRIORITY } from "./key-space.ts";
import type { ParamSpec, ParamValue, Params } from "./param-spec.ts";

/**
 * One filter of a list of `T`. `Source` is what the predicate and the values are made from (the engine
 * context for the dataset lists, the resumes for the resume list).
 */
export interface FilterRow<T, Source> {
  spec: ParamSpec;
  /** Builds the predicate for a parsed value once per query (from the source's indexes), not once per item. */
  keep: (value: ParamValue, source: Source) => (item: T) => boolean;
  /** The values precomputed one at a time (enumerable filters only), in a stable order. */
  values?: (source: Source) => Iterable<string>;
  /** The priority of those files under the file budget (PRIORITY.filterValue unless said). */
  priority?: number;
}

/** A parsed list value as its items (a single value as a list of one). */
export function valueList(value: ParamValue): string[] {
  return Array.isArray(value) ? value : [String(value)];
}

/**
 * The row of a filter that keeps items whose key (or any of whose keys) is among the values asked for:
 * an open or closed vocabulary, one value or a comma list.
 */
export function anyOfFilter<T, Source>(
  spec: ParamSpec,
  keysOf: (item: T) => string | readonly string[],
  options: Pick<FilterRow<T, Source>, "values" | "priority"> = {},
): FilterRow<T, Source> {
  return {
    spec,
    keep: (value) => {
      const wanted = new Set(valueList(value));
      return (item) => {
        const keys = keysOf(item);
        return typeof keys === "string" ? wanted.has(keys) : keys.some((key) => wanted.has(key));
      };
    },
    ...options,
  };
}

/** The predicate of every row present in `params`, or undefined when none is (nothing to test). */
export function keepPredicate<T, Source>(
  rows: readonly FilterRow<T, Source>[],
  params: Params,
  source: Source,
): ((item: T) => boolean) | undefined {
  const predicates = rows
    .filter((row) => params[row.spec.name] !== undefined)
    .map((row) => row.keep(params[row.spec.name]!, source));
  if (predicates.length === 0) return undefined;
  return (item) => {
    for (const keep of predicates) if (!keep(item)) return false;
    return true;
  };
}

/** The items every row present in `params` keeps, in their order. */
export function applyFilters<T, Source>(
  items: readonly T[],
  rows: readonly FilterRow<T, Source>[],
  params: Params,
  source: Source,
): readonly T[] {
  const keep = keepPredicate(rows, params, source);
  return keep === undefined ? items : items.filter(keep);
}

/** One query per value of each row (its first page), rows in the order given. */
export function* filterValueQueries<Source>(
  rows: readonly FilterRow<never, Source>[],
  source: Source,
): Generator<KeySpaceEntry> {
  for (const row of rows) {
    for (const value of row.values?.(source) ?? [])
      yield { pathParams: {}, pairs: [[row.spec.name, value]], priority: row.priority ?? PRIORITY.filterValue };
  }
}

/** The rows' specs, for an endpoint's `params` table. */
export function filterSpecs(rows: readonly { spec: ParamSpec }[]): ParamSpec[] {
  return rows.map((row) => row.spec);
}
