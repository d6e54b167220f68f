/**
 * Key-space building blocks shared by the dataset lists: every page of the default query,
 * and the first page of each single value of an enumerable filter.
 * @module
 */
import type { KeySpaceEntry } from "./endpoint.ts";

/** Priorities of precomputed queries (lower is kept first under the file budget). */
export const PRIORITY = { defaultPage: 0, card: 1, furtherPage: 2, filterValue: 3, secondary: 4, perBrand: 5 } as const;

/** The default query's pages 1..n for `total` items (at least page 1), at the default per_page. */
export function* defaultPages(total: number, perPage = 50): Generator<KeySpaceEntry> {
  const pages = Math.max(1, Math.ceil(total / perPage));
  for (let page = 1; page <= pages; page += 1) {
    yield {
      pathParams: {},
      pairs: page === 1 ? [] : [["page", String(page)]],
      priority: page === 1 ? PRIORITY.defaultPage : PRIORITY.furtherPage,
    };
  }
}

/** One query per value of a filter (its first page). */
export function* singleValues(
  name: string,
  values: Iterable<string>,
  priority: number = PRIORITY.filterValue,
): Generator<KeySpaceEntry> {
  for (const value of values) yield { pathParams: {}, pairs: [[name, value]], priority };
}

/** Distinct values, sorted by code unit, for a deterministic key space. */
export function distinct(values: Iterable<string>): string[] {
  return [...new Set(values)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}
