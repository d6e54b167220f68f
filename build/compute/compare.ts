/**
 * Code-unit string order: the same on every machine and locale, so sorted output is deterministic.
 * @module
 */

/** Compares two strings by UTF-16 code units (`<`, as `sort()` does), not by locale. */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
