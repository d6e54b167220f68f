import { describe, expect, it } from "vitest";
import { HttpError } from "../../../build/errors.ts";
import { findResume, fullResume, hasContacts, resumeListItem } from "../../../build/query/resumes/resume-records.ts";
import { makeResume } from "./make-resume.ts";

const RESUMES = [makeResume({ id: 2 }), makeResume({ id: 5 }), makeResume({ id: 9 })];

describe("findResume", () => {
  it.each([
    ["2", 2],
    ["9", 9],
    ["0005", 5],
  ])("finds id %j", (raw, id) => {
    expect(findResume(RESUMES, raw).id).toBe(id);
  });

  it.each([
    ["abc", 400, "invalid_parameter"],
    ["5.0", 400, "invalid_parameter"],
    ["1e3", 400, "invalid_parameter"],
    ["", 400, "invalid_parameter"],
    ["3", 404, "resume_not_found"],
    ["0", 404, "resume_not_found"],
    ["-5", 404, "resume_not_found"], // an integer: only a non-integer id is a 400
    ["10", 404, "resume_not_found"],
    ["123456789012345678901234", 404, "resume_not_found"],
  ])("answers id %j with %i %s", (raw, status, code) => {
    const error = (() => {
      try {
        findResume(RESUMES, raw);
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(status);
    expect((error as HttpError).code).toBe(code);
  });
});

describe("resumeListItem / fullResume", () => {
  const resume = makeResume({ id: 7, contacts: {}, contact_quality: "none" });

  it("has the contract's fields in order, score only when searched", () => {
    expect(Object.keys(resumeListItem(resume))).toEqual([
      "id",
      "title",
      "role",
      "verticals",
      "traffic",
      "seniority",
      "skills",
      "experience_years",
      "contact_quality",
      "has_contacts",
      "source",
      "updated_at",
      "language",
    ]);
    expect(resumeListItem(resume, 1.234567).score).toBe(1.2346);
    expect(Object.keys(fullResume(resume)).slice(-2)).toEqual(["contacts", "text"]);
  });

  it("says whether the contacts object has anything", () => {
    expect(hasContacts(resume)).toBe(false);
    expect(resumeListItem(makeResume({ id: 8 })).has_contacts).toBe(true);
  });
});
