import { describe, expect, it } from "vitest";
import { eraseSuppressed, normaliseEmail, normalisePhone } from "../../build/compute/erase-resumes.ts";
import { effectiveScope, settleContacts } from "../../build/compute/resume-contacts.ts";
import type { ContactScope } from "../../build/load/schemas.ts";
import { makeResume } from "../query/resumes/make-resume.ts";

describe("normaliseEmail and normalisePhone", () => {
  it.each([
    [" Anna.Lee@Example.COM ", "anna.lee@example.com"],
    ["anna . lee@example.com", "anna.lee@example.com"],
  ])("e-mail %s → %s", (raw, expected) => expect(normaliseEmail(raw)).toBe(expected));
  it.each([
    ["+7 (900) 000-00-07", "+79000000007"],
    ["+7 900 000 00 07", "+79000000007"],
    ["020 7946.0001", "02079460001"],
  ])("phone %s → %s", (raw, expected) => expect(normalisePhone(raw)).toBe(expected));
});

describe("eraseSuppressed", () => {
  const resumes = [
    makeResume({ id: 1, contacts: { email: "keep@example.com" }, text: "Kept." }),
    makeResume({ id: 2, contacts: { email: "Gone@Example.com" }, text: "By mail." }),
    makeResume({ id: 3, contacts: {}, contact_quality: "none", text: "Call +7 900 000 00 07." }),
    makeResume({ id: 4, contacts: {}, contact_quality: "none", text: "By id." }),
  ];

  it("matches ids, e-mails in contacts and phones in the text; names unmatched entries by place", () => {
    const erasure = eraseSuppressed(resumes, {
      resume_ids: [4, 40],
      emails: ["gone@example.com "],
      phones: ["+7 (900) 000-00-07", "+1 555 0100 999"],
    });
    expect(erasure.kept.map((resume) => resume.id)).toEqual([1]);
    expect(erasure.erased).toBe(3);
    expect(erasure.unmatched).toEqual(["resume_ids[1]", "phones[1]"]);
  });

  it("keeps everyone without a list", () => {
    expect(eraseSuppressed(resumes, {})).toEqual({ kept: resumes, erased: 0, unmatched: [] });
  });
});

describe("effectiveScope", () => {
  it.each([
    [undefined, "public", "public"],
    [undefined, "card_only", "card_only"],
    ["public", "card_only", "card_only"],
    ["card_only", "public", "card_only"],
    ["withheld", "public", "withheld"],
    ["public", "withheld", "withheld"],
  ] as [ContactScope | undefined, ContactScope, ContactScope][])(
    "consent %s under %s → %s",
    (consent, setting, expected) => {
      const resume = makeResume({
        id: 1,
        ...(consent === undefined ? {} : { consent: { contacts: consent, given_at: "2024-01-01T00:00:00Z" } }),
      });
      expect(effectiveScope(resume, setting)).toBe(expected);
    },
  );

  it("settles a withheld resume without contacts, its quality none and its text redacted", () => {
    const resume = makeResume({
      id: 1,
      contact_quality: "direct",
      contacts: { email: "a@example.com" },
      text: "Mail a@example.com.",
      consent: { contacts: "withheld", given_at: "2024-01-01T00:00:00Z" },
    });
    expect(settleContacts(resume, "public")).toMatchObject({
      contacts: {},
      contact_quality: "none",
      text: "Mail [contact removed].",
    });
    expect(settleContacts(resume, "public")).not.toHaveProperty("consent");
  });
});
