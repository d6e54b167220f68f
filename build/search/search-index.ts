/**
 * The full-text index: a sorted term dictionary over flat posting arrays, with each posting's
 * BM25F impact computed at build time, so a query only adds numbers (issue 4).
 * @module
 */
import { compareStrings } from "../compute/compare.ts";
import { tokenize } from "./fold-search-text.ts";
import { buildStemDictionary, type StemDictionary } from "./stem-dictionary.ts";

/** How documents are scored: field weights and the BM25 constants. */
export interface SearchSettings {
  /** Field names in the order of `SearchDocument.fields`, with their weights. */
  fields: readonly { name: string; weight: number }[];
  k1: number;
  b: number;
}

/** One document to index: its id, the text of each field, in `SearchSettings.fields` order, and its language (BCP 47), which its words are stemmed in. */
export interface SearchDocument {
  id: number;
  fields: readonly string[];
  language: string;
}

/** The in-memory index; documents are referred to by their position in `ids`. */
export interface SearchIndex {
  settings: SearchSettings;
  /** Document ids in position order, so a loaded index can be checked against its dataset. */
  ids: Uint32Array;
  /** Every distinct folded token, sorted by code units. */
  terms: string[];
  /** The postings of `terms[t]` are `offsets[t]` to `offsets[t + 1]` (length = terms + 1). */
  offsets: Uint32Array;
  /** Document position of each posting, ascending within a term. */
  docs: Uint32Array;
  /** BM25F impact of each posting (idf × saturated weighted term frequency). */
  impacts: Float32Array;
  /** The terms of each stem, by language (issue 33). */
  stems: StemDictionary;
  /** Synonym groups: each a list of phrases (folded words joined by a space) that mean the same (issue 33). */
  synonyms: string[][];
}

/** Per document: for each term, its frequency in each field; and each field's token count. */
interface DocumentStats {
  frequencies: Map<string, number[]>;
  lengths: number[];
}

function documentStats(document: SearchDocument, fieldCount: number): DocumentStats {
  const frequencies = new Map<string, number[]>();
  const lengths: number[] = [];
  for (let field = 0; field < fieldCount; field += 1) {
    const tokens = tokenize(document.fields[field] ?? "");
    lengths.push(tokens.length);
    for (const token of tokens) {
      const counts = frequencies.get(token) ?? new Array<number>(fieldCount).fill(0);
      counts[field] = (counts[field] ?? 0) + 1;
      frequencies.set(token, counts);
    }
  }
  return { frequencies, lengths };
}

/** BM25 inverse document frequency (the Lucene form, never negative). */
export function idf(documentCount: number, documentFrequency: number): number {
  return Math.log(1 + (documentCount - documentFrequency + 0.5) / (documentFrequency + 0.5));
}

/**
 * BM25F impact of one term in one document: field frequencies are length-normalised per field,
 * weighted and summed before one saturation, so a word repeated across fields is not over-counted.
 */
export function bm25fImpact(
  settings: SearchSettings,
  termIdf: number,
  frequencies: readonly number[],
  lengths: readonly number[],
  averageLengths: readonly number[],
): number {
  let weighted = 0;
  settings.fields.forEach((field, i) => {
    const frequency = frequencies[i] ?? 0;
    if (frequency === 0) return;
    const average = averageLengths[i] || 1;
    weighted += (field.weight * frequency) / (1 - settings.b + (settings.b * (lengths[i] ?? 0)) / average);
  });
  return (termIdf * weighted * (settings.k1 + 1)) / (weighted + settings.k1);
}

/** Builds the index of documents (kept in the given order), with the synonym groups it answers queries with. */
export function buildSearchIndex(
  documents: readonly SearchDocument[],
  settings: SearchSettings,
  synonyms: readonly (readonly string[])[] = [],
): SearchIndex {
  const fieldCount = settings.fields.length;
  const stats = documents.map((document) => documentStats(document, fieldCount));
  const averageLengths = settings.fields.map(
    (_, i) => stats.reduce((sum, s) => sum + (s.lengths[i] ?? 0), 0) / Math.max(1, stats.length),
  );
  const postings = new Map<string, number[]>();
  stats.forEach((s, position) => {
    for (const term of s.frequencies.keys()) {
      const list = postings.get(term);
      if (list === undefined) postings.set(term, [position]);
      else list.push(position);
    }
  });
  const terms = [...postings.keys()].sort(compareStrings);
  const total = terms.reduce((sum, term) => sum + postings.get(term)!.length, 0);
  const offsets = new Uint32Array(terms.length + 1);
  const docs = new Uint32Array(total);
  const impacts = new Float32Array(total);
  let at = 0;
  terms.forEach((term, t) => {
    offsets[t] = at;
    const list = postings.get(term)!;
    const termIdf = idf(documents.length, list.length);
    for (const position of list) {
      const s = stats[position]!;
      docs[at] = position;
      impacts[at] = bm25fImpact(settings, termIdf, s.frequencies.get(term)!, s.lengths, averageLengths);
      at += 1;
    }
  });
  offsets[terms.length] = at;
  const languagesOf = (t: number) => new Set(postings.get(terms[t]!)!.map((position) => documents[position]!.language));
  const stems = buildStemDictionary(terms, languagesOf);
  return {
    settings,
    ids: Uint32Array.from(documents, (document) => document.id),
    terms,
    offsets,
    docs,
    impacts,
    stems,
    synonyms: synonyms.map((group) => [...group]),
  };
}
