/**
 * Case- and diacritics-insensitive text folding for simple substring filters (brand and game `q`).
 * @module
 */

/** Lower-cases, strips diacritics (é → e, ё → е) and collapses spaces. */
export function foldText(text: string): string {
  return text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();
}

/** A query's folded words: fold it once per request, not once per record it is tested against. None when nothing is left once folded (a lone accent). */
export function queryWords(query: string): string[] {
  const folded = foldText(query);
  return folded === "" ? [] : folded.split(" ");
}

/**
 * True when every word (see queryWords) occurs in the folded text. A query with no words left (`q=´`)
 * matches nothing, as the resume search does: it asked for something, and an empty word occurs in every text.
 */
export function containsAllWords(foldedText: string, words: readonly string[]): boolean {
  return words.length > 0 && words.every((word) => foldedText.includes(word));
}

/**
 * A record's folded search text, folded on its first `q` and kept beside the record: every later query
 * only compares. A WeakMap, so the texts go with their records when a rebuild replaces the dataset.
 */
export function foldedTextOf<T extends object>(textOf: (record: T) => string): (record: T) => string {
  const folded = new WeakMap<T, string>();
  return (record) => {
    let text = folded.get(record);
    if (text === undefined) {
      text = foldText(textOf(record));
      folded.set(record, text);
    }
    return text;
  };
}
