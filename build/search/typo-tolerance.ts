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
