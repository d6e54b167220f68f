/**
 * The indexed terms one query word matches, each with its match level and weight (issue 33): as written
 * (the last word also as the start of a term), then through its stem, then through a typo.
 * @module
 */
import type { SearchIndex } from "./search-index.ts";
import { lookupsOf } from "./search-lookups.ts";
import { termsOfStem } from "./stem-dictionary.ts";
import { queryStemLanguages, stemKey } from "./stem-word.ts";
import { findTerm, prefixRange } from "./term-dictionary.ts";
import { boundedEditDistance } from "../shared/edit-distance.ts";
import { typoBudget } from "./typo-tolerance.ts";

/** How a word matched; a higher level always ranks first (see search-query.ts). */
export const MATCH_LEVEL = { typo: 0, form: 1, exact: 2 } as const;

/** The weight a prefix match tends to as the term grows longer than the word: never below half. */
export const PREFIX_FLOOR = 0.5;

/**
 * A longer term found through a prefix counts less than the word itself, less the more it adds:
 * `keit` → `keitaro` weighs 0.79, `a` → `affiliate` 0.56.
 */
export function prefixFactor(wordLength: number, termLength: number): number {
  return wordLength >= termLength ? 1 : PREFIX_FLOOR * (1 + wordLength / termLength);
}

/** Which forms a search accepts besides the words as written; today's matcher (before issue 33) accepts none. */
export interface MatchForms {
  stems: boolean;
  typos: boolean;
  synonyms: boolean;
}

export const ALL_FORMS: MatchForms = { stems: true, typos: true, synonyms: true };
export const EXACT_FORMS: MatchForms = { stems: false, typos: false, synonyms: false };

/** How far a form's closeness may lift it within the stem level: less than the gap to the next level. */
export const CLOSENESS_SPAN = 0.5;

/**
 * The level of a term reached through the word's stem: above every synonym and below the word as written,
 * higher the longer the start they share (`managers` → `manager` 1.44 before `managed` and `management`
 * 1.38 and 1.3), since Snowball also joins words a recruiter tells apart.
 * @example formLevel("managers", "manager") // 1 + 0.5 × 7 / 8
 */
export function formLevel(word: string, term: string): number {
  let common = 0;
  while (common < word.length && word[common] === term[common]) common += 1;
  return MATCH_LEVEL.form + (CLOSENESS_SPAN * common) / Math.max(word.length, term.length, 1);
}

/** Terms a word matches, with the level and weight of each; a term is listed once, at its best level. */
export interface WordMatches {
  terms: number[];
  levels: number[];
  factors: number[];
}

/** Adds the terms not yet listed. */
function add(
  matches: WordMatches,
  seen: Set<number>,
  terms: Iterable<number>,
  level: (t: number) => number,
  factor: (t: number) => number,
): void {
  for (const t of terms) {
    if (seen.has(t)) continue;
    seen.add(t);
    matches.terms.push(t);
    matches.levels.push(level(t));
    matches.factors.push(factor(t));
  }
}

function range(start: number, end: number): number[] {
  return Array.from({ length: end - start }, (_, i) => start + i);
}

/**
 * The terms one edit (two from 9 letters) from the word that start with its first letter: a typo in the
 * first letter is not taken (as a fuzzy search's prefix length of 1), which keeps the scan to one run of
 * the sorted dictionary, a thirtieth of it, and the search within its time.
 */
function typoTerms(index: SearchIndex, word: string): number[] {
  const budget = typoBudget(word);
  if (budget === 0) return [];
  const [start, end] = prefixRange(index.terms, word.slice(0, 1));
  const found: number[] = [];
  for (let t = start; t < end; t += 1) {
    const term = index.terms[t]!;
    if (Math.abs(term.length - word.length) <= budget && boundedEditDistance(word, term, budget) <= budget)
      found.push(t);
  }
  return found;
}

/**
 * The matches of a word: as written (level exact, and as a prefix when `prefix`), its other forms
 * through the stem in each of the index's languages of its script (level form, lifted by closeness), and terms within its
 * typo budget (level typo, never through the prefix). `level` caps every match (synonym words match at
 * level form at most).
 */
export function wordMatches(
  index: SearchIndex,
  word: string,
  prefix: boolean,
  forms: MatchForms,
  cap: number = MATCH_LEVEL.exact,
): WordMatches {
  const matches: WordMatches = { terms: [], levels: [], factors: [] };
  const seen = new Set<number>();
  const exact = Math.min(cap, MATCH_LEVEL.exact);
  if (prefix) {
    const [start, end] = prefixRange(index.terms, word);
    add(
      matches,
      seen,
      range(start, end),
      () => exact,
      (t) => prefixFactor(word.length, index.terms[t]!.length),
    );
  } else {
    const t = findTerm(index.terms, word);
    if (t >= 0)
      add(
        matches,
        seen,
        [t],
        () => exact,
        () => 1,
      );
  }
  if (forms.stems) {
    const level = (t: number) => Math.min(cap, formLevel(word, index.terms[t]!));
    for (const language of queryStemLanguages(word, lookupsOf(index).languages))
      add(matches, seen, termsOfStem(index.stems, stemKey(word, language)), level, () => 1);
  }
  if (forms.typos && cap >= MATCH_LEVEL.exact)
    add(
      matches,
      seen,
      typoTerms(index, word),
      () => MATCH_LEVEL.typo,
      () => 1,
    );
  return matches;
}
