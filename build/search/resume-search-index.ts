/**
 * What of a resume is searched, and how much each part counts: the title weighs most, then the
 * skills, then the full text (issue 4).
 * @module
 */
import { bulkText, type ResumeRecord } from "../compute/resume-contacts.ts";
import { buildSearchIndex, type SearchDocument, type SearchIndex, type SearchSettings } from "./search-index.ts";

/** Field weights and BM25 constants of the resume index (k1 and b are the usual BM25 defaults). */
export const RESUME_SEARCH_SETTINGS: SearchSettings = {
  fields: [
    { name: "title", weight: 3 },
    { name: "skills", weight: 2 },
    { name: "text", weight: 1 },
  ],
  k1: 1.2,
  b: 0.75,
};

/**
 * The searched fields of a resume, in settings order. The text is the one lists may show (issue 31):
 * a search must not find a resume by a contact that the list does not publish.
 */
export function resumeSearchDocument(resume: ResumeRecord): SearchDocument {
  return {
    id: resume.id,
    fields: [resume.title, resume.skills.join("\n"), bulkText(resume)],
    language: resume.language,
  };
}

/** Indexes resumes in the given order (the dataset's: ascending id), with the seeds' synonym groups (folded phrases). */
export function buildResumeSearchIndex(
  resumes: readonly ResumeRecord[],
  synonyms: readonly (readonly string[])[] = [],
): SearchIndex {
  return buildSearchIndex(resumes.map(resumeSearchDocument), RESUME_SEARCH_SETTINGS, synonyms);
}
