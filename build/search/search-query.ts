/**
 * Runs a query on the index: every word must match (AND), the last word also as a prefix, and each
 * match is scored by the sum over words of the best BM25F impact among the terms the word matched.
 * @module
 */
import { everyToken } from "./fold-search-text.ts";
import type { SearchIndex } from "./search-index.ts";
import { findTerm, prefixRange } from "./term-dictionary.ts";

/** Matching documents by ascending position, with their scores. */
export interface SearchResult {
  positions: Uint32Array;
  scores: Float64Array;
}

/** One query word: the term indexes it matches and the weight of each (1 for the word itself). */
interface WordTerms {
  terms: number[];
  factors: number[];
  postings: number;
}

/** The weight a prefix match tends to as the term grows longer than the word: never below half. */
export const PREFIX_FLOOR = 0.5;

/**
 * A longer term found through a prefix counts less than the word itself, less the more it adds:
 * `keit` → `keitaro` weighs 0.79, `a` → `affiliate` 0.56.
 */
export function prefixFactor(wordLength: number, termLength: number): number {
  return wordLength >= termLength ? 1 : PREFIX_FLOOR * (1 + wordLength / termLength);
}

/**
 * The distinct query words in order: those before the last must match whole (`exact`), the last one also
 * as a prefix (`last`). A last word that also stands earlier must match whole there, so it is exact only
 * and `last` is undefined: `keit keit` does not find Keitaro. A word longer than any indexed token stays,
 * and so matches nothing: every word must match.
 */
export function queryWords(query: string): { exact: string[]; last: string | undefined } {
  const tokens = everyToken(query);
  const last = tokens[tokens.length - 1];
  const exact = [...new Set(tokens.slice(0, -1))];
  return last === undefined || exact.includes(last) ? { exact, last: undefined } : { exact, last };
}

function wordTerms(index: SearchIndex, word: string, prefix: boolean): WordTerms {
  const size = (t: number) => index.offsets[t + 1]! - index.offsets[t]!;
  if (!prefix) {
    const t = findTerm(index.terms, word);
    return t < 0 ? { terms: [], factors: [], postings: 0 } : { terms: [t], factors: [1], postings: size(t) };
  }
  const [start, end] = prefixRange(index.terms, word);
  const result: WordTerms = { terms: [], factors: [], postings: 0 };
  for (let t = start; t < end; t += 1) {
    result.terms.push(t);
    result.factors.push(prefixFactor(word.length, index.terms[t]!.length));
    result.postings += size(t);
  }
  return result;
}

const EMPTY: SearchResult = { positions: new Uint32Array(0), scores: new Float64Array(0) };

/**
 * Searches the index. A query without any letter or digit matches nothing.
 * @example searchIndex(index, "media buy").positions // documents with "media" and a word starting "buy"
 */
export function searchIndex(index: SearchIndex, query: string): SearchResult {
  const { exact, last } = queryWords(query);
  const words = exact.map((word) => wordTerms(index, word, false));
  if (last !== undefined) words.push(wordTerms(index, last, true));
  if (words.length === 0) return EMPTY;
  if (words.some((word) => word.postings === 0)) return EMPTY;
  // Rarest first: after the first word only its documents can still match, so the marks stay few.
  words.sort((a, b) => a.postings - b.postings);
  const count = index.ids.length;
  const level = new Uint8Array(count);
  const best = new Float64Array(count);
  const scores = new Float64Array(count);
  let candidates = 0;
  words.forEach((word, w) => {
    candidates = matchWord(index, word, w, level, best, scores);
  });
  const positions = new Uint32Array(candidates);
  const matched = new Float64Array(candidates);
  let at = 0;
  for (let position = 0; position < count && at < candidates; position += 1) {
    if (level[position] !== words.length) continue;
    positions[at] = position;
    matched[at] = scores[position]!;
    at += 1;
  }
  return { positions, scores: matched };
}

/**
 * Marks the documents that matched words 0..w-1 (level w) and also match this word (level w+1), adding
 * the word's best impact to their score; returns how many documents are now at level w+1.
 */
function matchWord(index: SearchIndex, word: WordTerms, w: number, level: Uint8Array, best: Float64Array, scores: Float64Array): number {
  const touched: number[] = [];
  const { offsets, docs, impacts } = index;
  for (let i = 0; i < word.terms.length; i += 1) {
    const t = word.terms[i]!;
    const factor = word.factors[i]!;
    for (let p = offsets[t]!, end = offsets[t + 1]!; p < end; p += 1) {
      const position = docs[p]!;
      const mark = level[position]!;
      if (mark !== w && mark !== w + 1) continue;
      const score = impacts[p]! * factor;
      if (mark === w) {
        level[position] = w + 1;
        best[position] = score;
        touched.push(position);
      } else if (score > best[position]!) best[position] = score;
    }
  }
  for (const position of touched) scores[position] = scores[position]! + best[position]!;
  return touched.length;
}
