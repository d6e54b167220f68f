/**
 * Lookups in the sorted term dictionary: binary search for one term and for the contiguous range of
 * terms that start with a prefix. Terms are sorted by UTF-16 code units (`<`), never by locale, so the
 * order is the same on every machine and matches the comparison used here.
 * @module
 */

/** The first index whose term is not below `word` (terms.length when every term is below it). */
export function lowerBound(terms: readonly string[], word: string): number {
  let low = 0;
  let high = terms.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (terms[middle]! < word) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The index of `word`, or -1. */
export function findTerm(terms: readonly string[], word: string): number {
  const index = lowerBound(terms, word);
  return terms[index] === word ? index : -1;
}

/**
 * The half-open range `[start, end)` of terms that start with `prefix` (the term equal to it first).
 * Terms with a common prefix are contiguous in code-unit order, so two binary searches find them.
 * @example prefixRange(["ad", "ads", "adspower", "b"], "ads") // [1, 3]
 */
export function prefixRange(terms: readonly string[], prefix: string): [number, number] {
  const start = lowerBound(terms, prefix);
  let low = start;
  let high = terms.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (terms[middle]!.startsWith(prefix)) low = middle + 1;
    else high = middle;
  }
  return [start, low];
}
