/**
 * A count with its noun in the right number, for captions and headings made from the data (issue 26):
 * "1 market", "3 brands", never "1 markets" on a small data set.
 * @module
 */
import { formatCount } from "./html.ts";

/**
 * The count, formatted, and the noun in the singular for exactly one, else the plural.
 * @example counted(1, "market") // "1 market"
 * @example counted(1200, "brand") // "1,200 brands"
 */
export function counted(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(count)} ${count === 1 ? singular : plural}`;
}
