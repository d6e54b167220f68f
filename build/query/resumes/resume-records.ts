/**
 * The shapes of a resume in responses (contract §3.1), its lookup by id, and its 404.
 * @module
 */
import { HttpError } from "../../errors.ts";
import { bulkContacts, bulkText, type ResumeRecord } from "../../compute/resume-contacts.ts";
import type { Resume } from "../../load/schemas.ts";
import { stableItem } from "../stable-json.ts";

/** Decimals a search score is shown with (the methodology page states it). */
export const SCORE_DECIMALS = 4;
const SCORE_SCALE = 10 ** SCORE_DECIMALS;

/**
 * A search score to the decimals it is shown with, the same for the list, the export and the
 * relevance sort. Plain scaling, not `round4`: a broad query rounds thousands of scores, and `round4`'s
 * guard against binary drift costs far more than the halfway cases it would decide.
 */
export function roundScore(score: number): number {
  return Math.round(score * SCORE_SCALE) / SCORE_SCALE;
}

/** True when the resume has at least one contact. */
export function hasContacts(resume: Resume): boolean {
  return Object.keys(resume.contacts).length > 0;
}

/** The list item: the contract's fields in the contract's order; `score` (4 decimals) only for a search. */
export function resumeListItem(resume: Resume, score?: number): ResumeListItem {
  if (score !== undefined) return { ...unscoredItem(resume), score: roundScore(score) };
  let item = listItems.get(resume);
  if (item === undefined) listItems.set(resume, (item = stableItem(unscoredItem(resume))));
  return item;
}

/** The unscored list item of each resume, made once: most pages list the same items (see stable-json.ts). */
const listItems = new WeakMap<Resume, ResumeListItem>();

type ResumeListItem = ReturnType<typeof unscoredItem> & { score?: number };

function unscoredItem(resume: Resume) {
  return {
    id: resume.id,
    title: resume.title,
    role: resume.role,
    verticals: resume.verticals,
    traffic: resume.traffic,
    seniority: resume.seniority,
    skills: resume.skills,
    experience_years: resume.experience_years,
    contact_quality: resume.contact_quality,
    has_contacts: hasContacts(resume),
    source: resume.source,
    updated_at: resume.updated_at,
    language: resume.language,
  };
}

/**
 * The full resume as exports and downloads show it: the list item plus contacts and the full text, both
 * as far as they may appear outside the resume's own card (issue 31).
 */
export function fullResume(resume: ResumeRecord, score?: number) {
  return { ...resumeListItem(resume, score), contacts: bulkContacts(resume), text: bulkText(resume) };
}

/** The resume's own card (`/resumes/{id}`): the full resume with every contact its consent lets the card show. */
export function resumeCard(resume: ResumeRecord) {
  return { ...resumeListItem(resume), contacts: resume.contacts, text: resume.text };
}

/** The 400 for an id that is not an integer (an integer no resume has, 0 or -1 included, is a 404). */
export function invalidResumeId(raw: string): HttpError {
  const value = raw.slice(0, 100);
  return new HttpError(400, "invalid_parameter", `The resume id must be an integer, not '${value}'.`, {
    parameter: "id",
    value,
    expected: "an integer (ids start at 1)",
  });
}

/** The 404 for an id no resume has (details name it: a number, or the digits when too long for one). */
export function resumeNotFound(digits: string): HttpError {
  const id = Number(digits);
  const named = Number.isSafeInteger(id) ? id : digits.slice(0, 100);
  return new HttpError(404, "resume_not_found", `No resume has the id ${named}.`, { id: named });
}

/** Finds a resume by id in the id-sorted list (binary search), or throws the 400 or the 404. */
export function findResume(resumes: readonly Resume[], raw: string): Resume {
  if (!/^-?\d+$/.test(raw)) throw invalidResumeId(raw);
  const id = Number(raw);
  let low = 0;
  let high = resumes.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (resumes[middle]!.id < id) low = middle + 1;
    else high = middle;
  }
  const found = resumes[low];
  if (found === undefined || found.id !== id || !Number.isSafeInteger(id)) throw resumeNotFound(raw);
  return found;
}
