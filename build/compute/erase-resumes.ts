/**
 * Erasure on request (issue 31): the resumes named by the seeds' suppression list, by id or by an
 * e-mail address or phone number of theirs (in their contacts or in their text), are left out before
 * anything is computed, so no file of the build can hold them.
 * @module
 */
import type { Resume, Suppressions } from "../load/schemas.ts";
import { emailsIn, phonesIn } from "./redact-contacts.ts";

export interface Erasure {
  kept: Resume[];
  /** How many resumes were left out (never which). */
  erased: number;
  /** Entries that match no resume, by their place in the list (`emails[1]`), never by their value. */
  unmatched: string[];
}

/** An e-mail address as compared: lower case, no spaces. */
export function normaliseEmail(text: string): string {
  return text.replace(/\s+/g, "").toLowerCase();
}

/** A phone number as compared: its digits, with a leading + kept (spaces, dots, dashes and brackets dropped). */
export function normalisePhone(text: string): string {
  const trimmed = text.trim();
  return `${trimmed.startsWith("+") ? "+" : ""}${trimmed.replace(/\D/g, "")}`;
}

/** What a resume is matched by: also a record of an earlier release's download, which has these fields. */
type Matchable = Pick<Resume, "id" | "contacts" | "text">;

/** The keys a resume is matched by: `id:`, `email:` and `phone:` values. */
function keysOf(resume: Matchable): Set<string> {
  const keys = new Set([`id:${resume.id}`]);
  for (const email of [resume.contacts.email ?? "", ...emailsIn(resume.text)])
    if (email !== "") keys.add(`email:${normaliseEmail(email)}`);
  for (const phone of [resume.contacts.phone ?? "", ...phonesIn(resume.text)])
    if (phone !== "") keys.add(`phone:${normalisePhone(phone)}`);
  return keys;
}

/** The suppression list's entries as keys, with their place in the list. */
function entriesOf(suppressions: Suppressions): { key: string; place: string }[] {
  return [
    ...(suppressions.resume_ids ?? []).map((id, at) => ({ key: `id:${id}`, place: `resume_ids[${at}]` })),
    ...(suppressions.emails ?? []).map((email, at) => ({
      key: `email:${normaliseEmail(email)}`,
      place: `emails[${at}]`,
    })),
    ...(suppressions.phones ?? []).map((phone, at) => ({
      key: `phone:${normalisePhone(phone)}`,
      place: `phones[${at}]`,
    })),
  ];
}

/** Whether the suppression list names a resume (or a resume record of an earlier release). */
export function suppressionMatcher(suppressions: Suppressions): (resume: Matchable) => boolean {
  const wanted = new Set(entriesOf(suppressions).map((entry) => entry.key));
  return (resume) => wanted.size > 0 && [...keysOf(resume)].some((key) => wanted.has(key));
}

/** Splits the resumes into those kept and the count of those erased; lists the entries that matched nothing. */
export function eraseSuppressed(resumes: readonly Resume[], suppressions: Suppressions): Erasure {
  const entries = entriesOf(suppressions);
  if (entries.length === 0) return { kept: [...resumes], erased: 0, unmatched: [] };
  const wanted = new Set(entries.map((entry) => entry.key));
  const matched = new Set<string>();
  const kept: Resume[] = [];
  for (const resume of resumes) {
    const hits = [...keysOf(resume)].filter((key) => wanted.has(key));
    for (const hit of hits) matched.add(hit);
    if (hits.length === 0) kept.push(resume);
  }
  return {
    kept,
    erased: resumes.length - kept.length,
    unmatched: entries.filter((entry) => !matched.has(entry.key)).map((entry) => entry.place),
  };
}
