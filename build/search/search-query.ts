/**
 * Runs a query on the index: every word must match in some form (AND), the last one also as a prefix.
 * A word matches as written, through its stem (`менеджеров` → `менеджер`), through a synonym phrase
 * (`медиабайер` → `media buyer`) or through a typo (`manger` → `manager`), issue 33.
 *
 * Ranking: each word's match has a level (as written 2, stem or synonym 1, typo 0) and a BM25F weight.
 * A document's score is the sum of its words' levels times a step wider than any sum of weights, plus
 * the sum of the weights; so a document matching more words as written always ranks first, and BM25F
 * orders documents whose words matched alike.
 * @module
 */
import { everyToken } from "./fold-search-text.ts";
import type { SearchIndex } from "./search-index.ts";
import { lookupsOf, phraseKey } from "./search-lookups.ts";
import { ALL_FORMS, MATCH_LEVEL, type MatchForms, wordMatches, type WordMatches } from "./word-matches.ts";

export { PREFIX_FLOOR, prefixFactor } from "./word-matches.ts";

/** Matching documents by ascending position, with their scores. */
export interface SearchResult {
  positions: Uint32Array;
  scores: Float64Array;
}

/**
 * The distinct query words in order: those before the last must match whole (`exact`), the last one also
 * as a prefix (`last`). A last word that also stands earlier must match whole there, so it is exact only
 * and `last` is undefined: `keit keit` does not find Keitaro. A word longer than any indexed token stays,
 * and so matches nothing: every word must match. Not the brand and game filter's `filterQueryWords`
 * (build/query/text-match.ts), which looks for substrings of names folded with a table of its own.
 */
export function searchQueryWords(query: string): { exact: string[]; last: string | undefined } {
  const tokens = everyToken(query);
  const last = tokens[tokens.length - 1];
  const exact = [...new Set(tokens.slice(0, -1))];
  return last === undefined || exact.includes(last) ? { exact, last: undefined } : { exact, last };
}

/** A run of query words matched together: as they are, or as any phrase of a synonym group they form. */
export interface QueryUnit {
  words: { word: string; prefix: boolean }[];
  /** The other phrases of the synonym groups these words form, each a list of folded words. */
  synonyms: string[][];
}

/**
 * Groups the query words into units: the longest run of words that is a synonym phrase (compared by
 * form, so `арбитража трафика` is the phrase `арбитраж трафика`) becomes one unit with that phrase's
 * synonyms; every other word is a unit of its own.
 * @example queryUnits(index, "seo специалист медиабайер") // [{seo, специалист; synonyms [[seo]]}, {медиабайер; [[media, buyer]]}] with those groups
 */
export function queryUnits(index: SearchIndex, query: string, forms: MatchForms = ALL_FORMS): QueryUnit[] {
  const { exact, last } = searchQueryWords(query);
  const words = [
    ...exact.map((word) => ({ word, prefix: false })),
    ...(last === undefined ? [] : [{ word: last, prefix: true }]),
  ];
  const { phrases, longestPhrase } = lookupsOf(index);
  const units: QueryUnit[] = [];
  for (let i = 0; i < words.length; ) {
    let length = forms.synonyms ? Math.min(longestPhrase, words.length - i) : 0;
    for (; length > 0; length -= 1) {
      const run = words.slice(i, i + length).map((entry) => entry.word);
      const key = phraseKey(run);
      const found = phrases.get(key);
      if (found === undefined) continue;
      const groups = new Set(found.map((entry) => entry.group));
      const synonyms = new Map<string, string[]>();
      for (const [otherKey, entries] of phrases) {
        if (otherKey === key) continue;
        for (const entry of entries) if (groups.has(entry.group)) synonyms.set(entry.words.join(" "), entry.words);
      }
      units.push({ words: words.slice(i, i + length), synonyms: [...synonyms.values()] });
      break;
    }
    if (length === 0) {
      units.push({ words: [words[i]!], synonyms: [] });
      length = 1;
    }
    i += length;
  }
  return units;
}

const EMPTY: SearchResult = { positions: new Uint32Array(0), scores: new Float64Array(0) };
const NO_MATCH = -1;

/** Each document's best value for one word: level × step + impact × factor, or NO_MATCH. */
function wordValues(index: SearchIndex, matches: WordMatches, step: number): Float64Array {
  const values = new Float64Array(index.ids.length).fill(NO_MATCH);
  const { offsets, docs, impacts } = index;
  for (let i = 0; i < matches.terms.length; i += 1) {
    const t = matches.terms[i]!;
    const base = matches.levels[i]! * step;
    const factor = matches.factors[i]!;
    for (let p = offsets[t]!, end = offsets[t + 1]!; p < end; p += 1) {
      const value = base + impacts[p]! * factor;
      const position = docs[p]!;
      if (value > values[position]!) values[position] = value;
    }
  }
  return values;
}

/** Keeps in `into` the documents matched in both, adding the values. */
function intersect(into: Float64Array, values: Float64Array): void {
  for (let p = 0; p < into.length; p += 1) into[p] = into[p]! < 0 || values[p]! < 0 ? NO_MATCH : into[p]! + values[p]!;
}

/** Every word of the list matched (AND); undefined when one of them matches no term at all. */
function allWords(index: SearchIndex, list: WordMatches[], step: number): Float64Array | undefined {
  if (list.some((matches) => matches.terms.length === 0)) return undefined;
  let values: Float64Array | undefined;
  for (const matches of list) {
    const next = wordValues(index, matches, step);
    if (values === undefined) values = next;
    else intersect(values, next);
  }
  return values;
}

/** A unit's values: its words as written or in their forms, or any synonym phrase (level form for each word of the unit). */
function unitValues(index: SearchIndex, unit: QueryUnit, forms: MatchForms, step: number): Float64Array | undefined {
  let best = allWords(
    index,
    unit.words.map(({ word, prefix }) => wordMatches(index, word, prefix, forms)),
    step,
  );
  const synonymForms = { ...forms, typos: false };
  for (const phrase of unit.synonyms) {
    const values = allWords(
      index,
      phrase.map((word) => wordMatches(index, word, false, synonymForms, MATCH_LEVEL.typo)),
      step,
    );
    if (values === undefined) continue;
    const bonus = unit.words.length * MATCH_LEVEL.form * step;
    if (best === undefined) best = new Float64Array(values.length).fill(NO_MATCH);
    for (let p = 0; p < values.length; p += 1)
      if (values[p]! >= 0 && values[p]! + bonus > best[p]!) best[p] = values[p]! + bonus;
  }
  return best;
}

/**
 * Searches the index, accepting the given forms besides the words as written (all by default; EXACT_FORMS
 * is the matcher before issue 33). A query without any letter or digit matches nothing.
 * @example searchIndex(index, "media buy").positions // documents with "media" and a word starting "buy"
 */
export function searchIndex(index: SearchIndex, query: string, forms: MatchForms = ALL_FORMS): SearchResult {
  const units = queryUnits(index, query, forms);
  if (units.length === 0) return EMPTY;
  // Wider than any document's sum of weights: no word contributes more than the largest impact, and no
  // document draws on more words than the units' longest alternatives hold.
  const slots = units.reduce(
    (sum, unit) => sum + Math.max(unit.words.length, ...unit.synonyms.map((phrase) => phrase.length)),
    0,
  );
  const step = lookupsOf(index).maxImpact * (slots + 1);
  let total: Float64Array | undefined;
  for (const unit of units) {
    const values = unitValues(index, unit, forms, step);
    if (values === undefined) return EMPTY;
    if (total === undefined) total = values;
    else intersect(total, values);
  }
  let count = 0;
  for (const value of total!) if (value >= 0) count += 1;
  const positions = new Uint32Array(count);
  const scores = new Float64Array(count);
  let at = 0;
  total!.forEach((value, position) => {
    if (value < 0) return;
    positions[at] = position;
    scores[at++] = value;
  });
  return { positions, scores };
}
