/**
 * The contact rules of the resume directory (issue 31): each resume's consent, capped by the build's
 * `--resume-contacts`, settles once, here, what of its contacts is published and where. Everything
 * downstream (cards, lists, filters, stats, exports, downloads, the search index, the engine's files)
 * reads the settled record, so `has_contacts` and `contact_quality` are one value per resume.
 * @module
 */
import { CONTACT_SCOPES, type ContactScope, type Resume } from "../load/schemas.ts";
import { redactContacts } from "./redact-contacts.ts";

/** The build's default, and today's behaviour: contacts published wherever a full resume is. */
export const DEFAULT_RESUME_CONTACTS: ContactScope = "public";

/**
 * A resume as the engine holds it: its consent settled. Withheld contacts are gone from it (contacts
 * empty, `contact_quality` none, the text redacted); a card-only resume keeps them, for its card, and is marked.
 */
export type ResumeRecord = Omit<Resume, "consent"> & { card_only?: true };

/** The narrower of two scopes. */
function narrower(a: ContactScope, b: ContactScope): ContactScope {
  return CONTACT_SCOPES.indexOf(a) >= CONTACT_SCOPES.indexOf(b) ? a : b;
}

/** How far a resume's contacts are published: its consent (absent: the build's setting), never wider than the setting. */
export function effectiveScope(resume: Resume, setting: ContactScope): ContactScope {
  return narrower(resume.consent?.contacts ?? setting, setting);
}

/** One resume's settled record. */
export function settleContacts(resume: Resume, setting: ContactScope): ResumeRecord {
  const { consent: _consent, ...record } = resume;
  const scope = effectiveScope(resume, setting);
  if (scope === "public") return record;
  if (scope === "card_only") return { ...record, card_only: true };
  return { ...record, contact_quality: "none", contacts: {}, text: redactContacts(record.text, record.contacts) };
}

const bulkTexts = new WeakMap<ResumeRecord, string>();

/** The text a resume shows outside its card: redacted when its contacts are for the card only. */
export function bulkText(resume: ResumeRecord): string {
  if (resume.card_only !== true) return resume.text;
  let text = bulkTexts.get(resume);
  if (text === undefined) bulkTexts.set(resume, (text = redactContacts(resume.text, resume.contacts)));
  return text;
}

/** The contacts a resume shows outside its card: none when they are for the card only. */
export function bulkContacts(resume: ResumeRecord): Resume["contacts"] {
  return resume.card_only === true ? {} : resume.contacts;
}
