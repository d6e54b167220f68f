/**
 * The edit distance of search typos (issue 33) and of the near-miss hints of seed errors (issue 26): one
 * function in the lowest layer, so that the loader and the search index count an edit the same way.
 * @module
 */

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
