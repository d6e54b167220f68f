/**
 * The caption of a list of changes (trending, momentum) from what it shows (issue 26): "fastest-growing" only
 * when every entry grows, otherwise "the largest change" with how many grow, so a shrinking brand is never
 * called growing.
 * @module
 */
import { counted } from "./counted.ts";

/**
 * @example changeCaption([5.1, 2.0]) // "The 2 fastest-growing brands"
 * @example changeCaption([5.1, -2.0, null]) // "The 3 brands with the largest change (1 of them growing)"
 * @example changeCaption([-1]) // "The 1 brand with the largest change (none growing)"
 */
export function changeCaption(changes: readonly (number | null | undefined)[], noun = "brand"): string {
  const growing = changes.filter((change) => change != null && change > 0).length;
  if (changes.length > 0 && growing === changes.length)
    return `The ${counted(changes.length, `fastest-growing ${noun}`)}`;
  const note = growing === 0 ? "none growing" : `${growing} of them growing`;
  return `The ${counted(changes.length, noun)} with the largest change (${note})`;
}
