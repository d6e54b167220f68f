/**
 * Code-point string order: the same on every machine and locale, so sorted output is deterministic.
 * @module
 */

/** Compares two strings by code points (not locale). */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
