import { describe, expect, it } from "vitest";
import { buildResumeSearchIndex, resumeSearchDocument } from "../../build/search/resume-search-index.ts";
import { searchIndex } from "../../build/search/search-query.ts";
import { makeResume } from "../query/resumes/make-resume.ts";

describe("resumeSearchDocument", () => {
  it("searches the title, then the skills one per line, then the full text, stemmed in the resume's language", () => {
    const resume = makeResume({
      id: 7,
      title: "SEO lead",
      skills: ["Ahrefs", "PPC"],
      text: "Ten years of link building.",
      language: "ru",
    });
    expect(resumeSearchDocument(resume)).toEqual({
      id: 7,
      fields: ["SEO lead", "Ahrefs\nPPC", "Ten years of link building."],
      language: "ru",
    });
  });
});

describe("buildResumeSearchIndex", () => {
  // The same word once in the title of 1, in the skills of 2, in the full text of 3; each field has as many tokens in each resume.
  const resumes = [
    makeResume({ id: 1, title: "Tiktok buyer", skills: ["Figma", "Jira"], text: "Runs paid traffic daily." }),
    makeResume({ id: 2, title: "Senior buyer", skills: ["Tiktok", "Jira"], text: "Runs paid traffic daily." }),
    makeResume({ id: 3, title: "Senior buyer", skills: ["Figma", "Jira"], text: "Runs tiktok traffic daily." }),
  ];
  const index = buildResumeSearchIndex(resumes);
  const ids = (query: string) => Array.from(searchIndex(index, query).positions, (position) => index.ids[position]);

  it("finds a word in any of the three fields, and each skill as a word of its own", () => {
    expect(ids("tiktok")).toEqual([1, 2, 3]);
    expect(ids("figma")).toEqual([1, 3]);
    expect(ids("jira figma")).toEqual([1, 3]);
  });

  it("scores a word in the title above the same word in the skills, and that above the full text", () => {
    const { scores } = searchIndex(index, "tiktok");
    expect(scores[0]).toBeGreaterThan(scores[1]!);
    expect(scores[1]).toBeGreaterThan(scores[2]!);
  });
});
