/**
 * Removes the means of reaching a person from a resume's free text (issue 31): e-mail addresses, web
 * links (profile pages), @handles and phone numbers, and the resume's own contact values wherever they
 * are written. Applied wherever the resume's contacts may not appear; it errs on the side of removing
 * too much (a long figure written with spaces may go too).
 * @module
 */
import type { Resume } from "../load/schemas.ts";

/** What a removed contact becomes in the text. */
export const REDACTED = "[contact removed]";

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu;
/** A web link, without the punctuation that ends the sentence around it. */
const LINK = /(?:\bhttps?:\/\/|\bwww\.)[^\s<>"')\]]*[^\s<>"')\].,;:!?]/giu;
const HANDLE = /(?<![\p{L}\p{N}_.@])@[\p{L}\p{N}_]{3,}/gu;
/** A number with a leading + and 7 or more digits, or 9 or more without (spaces, dots, dashes and brackets between). */
const PHONE = /(?<![\p{L}\p{N}])(?:\+\(?\d(?:[\s().-]{0,2}\d){6,}|\(?\d(?:[\s().-]{0,2}\d){8,})(?![\p{L}\p{N}])/gu;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The resume's own contact values, as they might be written in its text (a Telegram handle also without its @). */
function ownValues(contacts: Resume["contacts"]): string[] {
  const values = Object.values(contacts).filter((value): value is string => typeof value === "string");
  if (contacts.telegram !== undefined) values.push(contacts.telegram.slice(1));
  return values.filter((value) => value.length >= 3).sort((a, b) => b.length - a.length);
}

/**
 * The text with every contact in it replaced by REDACTED.
 * @example redactContacts("Write to ann@example.com or +44 20 7946 0000.", {}) // "Write to [contact removed] or [contact removed]."
 */
export function redactContacts(text: string, contacts: Resume["contacts"] = {}): string {
  let redacted = text;
  for (const value of ownValues(contacts))
    redacted = redacted.replace(new RegExp(escapeRegExp(value), "giu"), REDACTED);
  return redacted.replace(EMAIL, REDACTED).replace(LINK, REDACTED).replace(HANDLE, REDACTED).replace(PHONE, REDACTED);
}

/** The e-mail addresses written in a text (for matching a suppression list against it). */
export function emailsIn(text: string): string[] {
  return text.match(EMAIL) ?? [];
}

/** The phone numbers written in a text (as PHONE finds them). */
export function phonesIn(text: string): string[] {
  return text.match(PHONE) ?? [];
}
