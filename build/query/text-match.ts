/**
 * Case- and diacritics-insensitive text folding for simple substring filters (brand and game `q`).
 *
 * Not the resume search's fold and words (`foldSearchText`, `searchQueryWords` in build/search/), on
 * purpose: a filter looks for each word as a substring of a name kept whole, while the search splits
 * text into indexed tokens, folds the letters NFKD leaves (ø, ł, ß) and keeps й a letter of its own.
 * Sharing one table would change which brands and games a `q` lists.
 * @module
 */

/** Lower-cases, strips diacritics (é → e, ё → е) and collapses spaces. */
export function foldFilterText(text: string): string {
  return text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();
}

/**
 * The singulars an English plural may stand for (issue 33): `slots` → `slot`, `bonuses` → `bonus`,
 * `bonuse`, `stories` → `story`, `storie`. Names are not inflected, so the word as written is always
 * tried first and these only widen: a name ending in s still matches as written. Latin words of 4
 * letters or more ending in a single s only (`class`, `bus` have none).
 * @example singularsOf("bonuses") // ["bonuse", "bonus"]
 */
export function singularsOf(word: string): string[] {
  if (word.length < 4 || !/^[a-z]+s$/.test(word) || /(ss|us|is)$/.test(word)) return [];
  const forms = [word.slice(0, -1)];
  if (word.endsWith("es")) forms.push(word.slice(0, -2));
  if (word.endsWith("ies")) forms.push(`${word.slice(0, -3)}y`);
  return forms;
}

/**
 * A query's folded words, each with the forms it accepts (itself first, then its singulars): fold it once
 * per request, not once per record it is tested against. None when nothing is left once folded (a lone accent).
 * @example filterQueryWords("Fruit Slots") // [["fruit"], ["slots", "slot"]]
 */
export function filterQueryWords(query: string): string[][] {
  const folded = foldFilterText(query);
  return folded === "" ? [] : folded.split(" ").map((word) => [word, ...singularsOf(word)]);
}

/**
 * True when every word (see filterQueryWords) occurs in the folded text in one of its forms. A query with no
 * words left (`q=´`) matches nothing, as the resume search does: it asked for something, and an empty
 * word occurs in every text.
 */
export function containsAllWords(foldedText: string, words: readonly (readonly string[])[]): boolean {
  return words.length > 0 && words.every((forms) => forms.some((form) => foldedText.includes(form)));
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
      text = foldFilterText(textOf(record));
      folded.set(record, text);
    }
    return text;
  };
}
