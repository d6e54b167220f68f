/**
 * What a query needs of an index beyond its arrays, derived once per index and kept beside it: the
 * languages it stems in, its largest impact (the width of a
 * match level, see search-query.ts) and its synonym phrases by form. Derived from the index alone, so
 * an index built in memory and the same index read from its file answer alike.
 * @module
 */
import { everyToken } from "./fold-search-text.ts";
import type { SearchIndex } from "./search-index.ts";
import { stemLanguagesOf } from "./stem-dictionary.ts";
import { formKey } from "./stem-word.ts";

/** One phrase of a synonym group, as query words are compared with it. */
export interface SynonymPhrase {
  group: number;
  words: string[];
}

export interface SearchLookups {
  languages: string[];
  maxImpact: number;
  /** Phrases by the form keys of their words joined by a space (`ru:медиабайер`, `en:media en:buyer`). */
  phrases: Map<string, SynonymPhrase[]>;
  /** The most words a synonym phrase has. */
  longestPhrase: number;
}

const cache = new WeakMap<SearchIndex, SearchLookups>();

/** The phrase key of a run of folded words: their form keys joined by a space. */
export function phraseKey(words: readonly string[]): string {
  return words.map(formKey).join(" ");
}

function deriveLookups(index: SearchIndex): SearchLookups {
  let maxImpact = 0;
  for (const impact of index.impacts) if (impact > maxImpact) maxImpact = impact;
  const phrases = new Map<string, SynonymPhrase[]>();
  let longestPhrase = 0;
  index.synonyms.forEach((group, g) => {
    for (const phrase of group) {
      const words = everyToken(phrase);
      if (words.length === 0) continue;
      longestPhrase = Math.max(longestPhrase, words.length);
      const key = phraseKey(words);
      const list = phrases.get(key) ?? [];
      if (!list.some((entry) => entry.group === g)) list.push({ group: g, words });
      phrases.set(key, list);
    }
  });
  return { languages: stemLanguagesOf(index.stems), maxImpact, phrases, longestPhrase };
}

/** The index's lookups, derived on first use. */
export function lookupsOf(index: SearchIndex): SearchLookups {
  let lookups = cache.get(index);
  if (lookups === undefined) {
    lookups = deriveLookups(index);
    cache.set(index, lookups);
  }
  return lookups;
}
