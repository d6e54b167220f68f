/**
 * Ranks over known scores only (#26: unknown is not zero), shared by the Trust Score ranking and the provider
 * rank: an item whose score is unknown has no rank, rather than the last one.
 * @module
 */
import { compareStrings } from "./compare.ts";

/** An item with its position: 1..n over the known scores, null where the score is unknown. */
export interface Ranked<T> {
  item: T;
  rank: number | null;
}

/**
 * Orders items by score descending, slug ascending on ties, and numbers them 1..n with no gap; items with an
 * unknown (null) score follow them, by slug, with rank null.
 *
 * @example
 * rankKnown([{ slug: "b", s: 5 }, { slug: "a", s: null }, { slug: "c", s: 9 }], (x) => x.s, (x) => x.slug)
 * // → ranks c 1, b 2, a null
 */
export function rankKnown<T>(
  items: readonly T[],
  score: (item: T) => number | null,
  slug: (item: T) => string,
): Ranked<T>[] {
  const known = items.flatMap((item) => {
    const value = score(item);
    return value === null ? [] : [{ item, value }];
  });
  known.sort((a, b) => b.value - a.value || compareStrings(slug(a.item), slug(b.item)));
  const unknown = items.filter((item) => score(item) === null).sort((a, b) => compareStrings(slug(a), slug(b)));
  return [
    ...known.map(({ item }, position) => ({ item, rank: position + 1 })),
    ...unknown.map((item) => ({ item, rank: null })),
  ];
}
