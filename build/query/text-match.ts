/**
 * Case- and diacritics-insensitive text folding for simple substring filters (brand and game `q`).
 * @module
 */

/** Lower-cases, strips diacritics (é → e, ё → е) and collapses spaces. */
export function foldText(text: string): string {
  return text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();
}

/** True when every word of the query occurs in the folded haystack. */
export function matchesAllWords(haystack: string, query: string): boolean {
  const folded = foldText(haystack);
  return foldText(query).split(" ").every((word) => folded.includes(word));
}
