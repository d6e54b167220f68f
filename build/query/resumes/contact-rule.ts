/**
 * The contact rule in force, in words, for every place people read it (issue 31): the discovery
 * document, the OpenAPI document and its docs page, the data package, llms.txt and the docs.
 * @module
 */
import type { Dataset } from "../../compute/dataset.ts";

/** Where a person asks for removal: the resume directory's removal contact, else the publisher's contact. */
export function removalContact(dataset: Pick<Dataset, "meta">): string {
  return dataset.meta.resumes.removal_contact ?? dataset.meta.contact;
}

const SCOPE_RULES = {
  public:
    "Contacts (e-mail, phone, Telegram, profile link) are published as far as each person agreed: on the resume's own card (/resumes/{id}), in exports and in the bulk download, unless the person limited them to the card or withheld them.",
  card_only:
    "Contacts (e-mail, phone, Telegram, profile link) appear only on a resume's own card (/resumes/{id}), and only where the person agreed; lists, exports, downloads and examples never carry them.",
  withheld: "Contacts are not published: no card, list, export or download carries them.",
} as const;

/** The rule in force and how to ask for removal, as one paragraph of plain text. */
export function contactRuleText(dataset: Pick<Dataset, "meta" | "site">): string {
  return `${SCOPE_RULES[dataset.site.resume_contacts]} E-mail addresses, phone numbers, handles and links written in a resume's text are removed wherever its contacts may not appear; has_contacts and contact_quality describe what the card publishes. To have your contacts or your resume removed, write to ${removalContact(dataset)}: a removed person is left out of every file and answer from the next build on.`;
}
