/**
 * The resume full-text index of an engine context: the one the build made or the host loaded, or,
 * for a context made in memory, one built on first use and kept per dataset.
 * @module
 */
import type { Resume } from "../../load/schemas.ts";
import { buildResumeSearchIndex } from "../../search/resume-search-index.ts";
import type { SearchIndex } from "../../search/search-index.ts";
import type { EngineContext } from "../endpoint.ts";

const builtIndexes = new WeakMap<readonly Resume[], SearchIndex>();

/** The context's search index over `dataset.resumes`. */
export function resumeSearchOf(context: EngineContext): SearchIndex {
  if (context.resumeSearch !== undefined) return context.resumeSearch;
  const { resumes } = context.dataset;
  let index = builtIndexes.get(resumes);
  if (index === undefined) {
    index = buildResumeSearchIndex(resumes, context.dataset.searchSynonyms ?? []);
    builtIndexes.set(resumes, index);
  }
  return index;
}

/** True when the index was built from exactly these resumes, in this order, and these synonyms. */
export function searchIndexMatches(
  index: SearchIndex,
  resumes: readonly Resume[],
  synonyms: readonly (readonly string[])[] = [],
): boolean {
  return (
    index.ids.length === resumes.length &&
    resumes.every((resume, position) => index.ids[position] === resume.id) &&
    JSON.stringify(index.synonyms) === JSON.stringify(synonyms)
  );
}
