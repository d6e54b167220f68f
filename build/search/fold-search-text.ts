/**
 * Folding and tokenising for full-text search: the index and the query go through the same two
 * functions, so a word is found exactly when its folded tokens are in the index.
 * @module
 */

/** Letters that NFKD does not decompose but a reader treats as their base letter (Søren, Łowicki). */
export const EXTRA_FOLDS: Readonly<Record<string, string>> = {
  ø: "o",
  ł: "l",
  đ: "d",
  ð: "d",
  þ: "th",
  æ: "ae",
  œ: "oe",
  ß: "ss",
  ı: "i",
};
const EXTRA_PATTERN = /[øłđðþæœßı]/g;

/** Longer tokens are noise (hashes, URLs run together) and are neither indexed nor searched. */
export const MAX_TOKEN_LENGTH = 40;

/**
 * Decomposes (NFKD), lower-cases and strips combining marks, so `José` → `jose` and `Пётр` → `петр`.
 * Lower-casing comes after the decomposition: capitals without a lower-case form of their own
 * (`𝐒𝐄𝐎`, `ᴬ`, `ℍ`) only become `S`, `A`, `H` there, and must still fold as `seo` does.
 * `й` is kept: it is a letter of its own in Russian, not `и` with an accent, and folding it would
 * merge unrelated words.
 * @example foldSearchText("Ёлка José Łódź 𝐒𝐄𝐎") // "елка jose lodz seo"
 */
export function foldSearchText(text: string): string {
  return text
    .normalize("NFKD")
    .toLowerCase()
    .replace(/и\u0306/g, "й")
    .replace(/\p{M}+/gu, "")
    .replace(EXTRA_PATTERN, (letter) => EXTRA_FOLDS[letter] ?? letter);
}

/**
 * The folded tokens of a text: runs of letters and digits of any script (Latin, Cyrillic, …),
 * in order, duplicates kept.
 * @example tokenize("A/B-тестирование, Facebook Ads") // ["a", "b", "тестирование", "facebook", "ads"]
 */
export function tokenize(text: string): string[] {
  return everyToken(text).filter((token) => token.length <= MAX_TOKEN_LENGTH);
}

/** The folded tokens of a text, however long: a query's words, where a word too long to be indexed must match nothing rather than vanish. */
export function everyToken(text: string): string[] {
  return foldSearchText(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}
