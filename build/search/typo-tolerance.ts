/**
 * Typo tolerance as search engines define it (issue 33): a word of 5 letters or more may match a term one
 * edit away, 9 or more two; a word with a digit never; the first letter must be right (see typoTerms in
 * word-matches.ts). An edit inserts, deletes or replaces a letter, or swaps two neighbours (`mnaager` →
 * `manager` is one).
 * @module
 */

/** Words shorter than this match only as written (and by their stem). */
export const ONE_TYPO_LENGTH = 5;
/** Words this long may match with two edits. */
export const TWO_TYPOS_LENGTH = 9;

/**
 * How many edits a query word may be from a term it matches: 0 below 5 letters or with a digit, 1 from
 * 5, 2 from 9. Letters are counted as code points, so `ёлочка` has 6.
 * @example typoBudget("buyer") // 1
 */
export function typoBudget(word: string): number {
  if (/\p{N}/u.test(word)) return 0;
  const length = [...word].length;
  return length >= TWO_TYPOS_LENGTH ? 2 : length >= ONE_TYPO_LENGTH ? 1 : 0;
}

/**
 * The edit distance (optimal string alignment: insert, delete, replace, swap of neighbours) between two
 * words when it is at most `limit`, else `limit + 1`; stops as soon as a row exceeds the limit.
 * Compares UTF-16 units: folded search tokens of the scripts searched are one unit a letter.
 * @example boundedEditDistance("manger", "manager", 2) // 1
 */
export function boundedEditDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const width = b.length + 1;
  let before = new Array<number>(width).fill(0);
  let previous = Array.from({ length: width }, (_, j) => j);
  let current = new Array<number>(width).fill(0);
  for (let i = 1; i <= a.length; i += 1) {
    current[0] = i;
    let rowMinimum = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a.charCodeAt(i - 1) === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1))
        value = Math.min(value, before[j - 2]! + 1);
      current[j] = value;
      if (value < rowMinimum) rowMinimum = value;
    }
    if (rowMinimum > limit) return limit + 1;
    [before, previous, current] = [previous, current, before];
  }
  return Math.min(previous[b.length]!, limit + 1);
}
