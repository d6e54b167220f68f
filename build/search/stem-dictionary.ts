/**
 * The stem dictionary of an index (issue 33): every stem key (`ru:менеджер`) with the indexed terms that
 * stem to it (`менеджер`, `менеджера`, `менеджеров`, …), so that a query word finds every form of itself
 * the documents use by one lookup. Built from the terms and the languages of the documents they occur in.
 * @module
 */
import { compareStrings } from "../compute/compare.ts";
import { stemKey, stemLanguageOf } from "./stem-word.ts";
import { findTerm } from "./term-dictionary.ts";

/** Stem keys, sorted by code units; the terms of `keys[k]` are `terms[offsets[k]]` to `terms[offsets[k + 1]]`. */
export interface StemDictionary {
  keys: string[];
  offsets: Uint32Array;
  /** Term indexes, ascending within a key. */
  terms: Uint32Array;
}

/**
 * Builds the dictionary of sorted `terms`, where `languagesOf(t)` are the languages of the documents
 * holding term t: a term is stemmed once per language it is read in (see stemLanguageOf).
 */
export function buildStemDictionary(
  terms: readonly string[],
  languagesOf: (t: number) => Iterable<string>,
): StemDictionary {
  const byKey = new Map<string, Set<number>>();
  terms.forEach((term, t) => {
    for (const documentLanguage of languagesOf(t)) {
      const language = stemLanguageOf(term, documentLanguage);
      if (language === undefined) continue;
      const key = stemKey(term, language);
      const set = byKey.get(key) ?? new Set<number>();
      set.add(t);
      byKey.set(key, set);
    }
  });
  const keys = [...byKey.keys()].sort(compareStrings);
  const offsets = new Uint32Array(keys.length + 1);
  const lists = keys.map((key) => [...byKey.get(key)!].sort((a, b) => a - b));
  const stemTerms = new Uint32Array(lists.reduce((sum, list) => sum + list.length, 0));
  let at = 0;
  lists.forEach((list, k) => {
    offsets[k] = at;
    for (const t of list) stemTerms[at++] = t;
  });
  offsets[keys.length] = at;
  return { keys, offsets, terms: stemTerms };
}

/** The term indexes whose stem key is `key` (none when no term has it). */
export function termsOfStem(dictionary: StemDictionary, key: string): Uint32Array {
  const k = findTerm(dictionary.keys, key);
  return k < 0 ? new Uint32Array(0) : dictionary.terms.subarray(dictionary.offsets[k]!, dictionary.offsets[k + 1]!);
}

/** The languages the dictionary has stems in, sorted: a query word is stemmed in those of its script. */
export function stemLanguagesOf(dictionary: StemDictionary): string[] {
  return [...new Set(dictionary.keys.map((key) => key.slice(0, key.indexOf(":"))))].sort(compareStrings);
}
