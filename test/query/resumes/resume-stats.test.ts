import { describe, expect, it } from "vitest";
import { countBy, resumeStats, topSkills } from "../../../build/query/resumes/resume-stats.ts";
import { makeResume } from "./make-resume.ts";

const RESUMES = [
  makeResume({
    id: 1,
    role: "seo",
    verticals: ["gambling", "betting"],
    traffic: ["seo"],
    seniority: "junior",
    skills: ["SEO", "Ahrefs"],
    experience_years: 1,
    contacts: { email: "a@example.com" },
    contact_quality: "direct",
    source: "hh",
    updated_at: "2025-01-01T00:00:00Z",
  }),
  makeResume({
    id: 2,
    role: "seo",
    verticals: ["gambling"],
    traffic: [],
    seniority: "middle",
    skills: ["seo", "Excel"],
    experience_years: 2.5,
    contacts: {},
    contact_quality: "none",
    source: "linkedin",
    updated_at: "2025-03-01T10:00:00+02:00",
  }),
  makeResume({
    id: 3,
    role: "media_buyer",
    verticals: ["crypto"],
    traffic: ["facebook", "google"],
    seniority: "senior",
    skills: ["Excel", "Keitaro", "excel"],
    experience_years: 7,
    contacts: { telegram: "@abc" },
    contact_quality: "direct",
    source: "linkedin",
    updated_at: "2024-12-31T23:00:00-02:00",
  }),
  makeResume({
    id: 4,
    role: "analyst",
    verticals: [],
    traffic: ["google"],
    seniority: "senior",
    skills: ["SQL"],
    experience_years: 3,
    contacts: { linkedin: "https://www.linkedin.example/in/x" },
    contact_quality: "service",
    source: "referral",
    updated_at: "2024-06-01T00:00:00Z",
  }),
];

describe("countBy", () => {
  it("counts each key once per resume, most frequent first, then by key", () => {
    expect(Object.entries(countBy(RESUMES, (r) => r.traffic))).toEqual([
      ["google", 2],
      ["facebook", 1],
      ["seo", 1],
    ]);
    expect(countBy([makeResume({ id: 9, verticals: ["nutra", "nutra"] })], (r) => r.verticals)).toEqual({ nutra: 1 });
  });
});

describe("topSkills", () => {
  it("groups spellings case-insensitively, counts a resume once, and shows the most frequent spelling", () => {
    // excel: resumes 2 and 3 (3 lists it twice) → 2, spelled "Excel" twice and "excel" once.
    // seo: resumes 1 and 2 → 2, "SEO" and "seo" once each: the tie goes to the code-unit-first "SEO".
    expect(topSkills(RESUMES)).toEqual([
      { skill: "Excel", count: 2 },
      { skill: "SEO", count: 2 },
      { skill: "Ahrefs", count: 1 },
      { skill: "Keitaro", count: 1 },
      { skill: "SQL", count: 1 },
    ]);
  });

  it("keeps at most the limit", () => {
    expect(topSkills(RESUMES, 2).map((row) => row.skill)).toEqual(["Excel", "SEO"]);
  });
});

describe("resumeStats", () => {
  const stats = resumeStats(RESUMES);

  it("counts totals and contacts", () => {
    expect(stats.total).toBe(4);
    expect(stats.with_contacts).toBe(3);
  });

  it("counts open vocabularies by frequency and closed ones in vocabulary order with zeros", () => {
    expect(Object.entries(stats.by_role)).toEqual([
      ["seo", 2],
      ["analyst", 1],
      ["media_buyer", 1],
    ]);
    expect(Object.entries(stats.by_vertical)).toEqual([
      ["gambling", 2],
      ["betting", 1],
      ["crypto", 1],
    ]);
    expect(Object.entries(stats.by_seniority)).toEqual([
      ["junior", 1],
      ["middle", 1],
      ["senior", 2],
      ["lead", 0],
      ["head", 0],
    ]);
    expect(Object.entries(stats.by_contact_quality)).toEqual([
      ["direct", 2],
      ["service", 1],
      ["none", 1],
    ]);
    expect(Object.entries(stats.by_source)).toEqual([
      ["linkedin", 2],
      ["hh", 1],
      ["referral", 1],
    ]);
  });

  it("finds the update range by instant, keeping the seed's spelling", () => {
    // 2025-03-01T10:00+02:00 = 08:00Z is the latest; 2024-12-31T23:00-02:00 = 2025-01-01T01:00Z is not the earliest.
    expect(stats.updated_at).toEqual({ min: "2024-06-01T00:00:00Z", max: "2025-03-01T10:00:00+02:00" });
  });

  it("computes the experience median and mean (hand-computed)", () => {
    // Sorted 1, 2.5, 3, 7: median (2.5 + 3) / 2 = 2.75; mean 13.5 / 4 = 3.375.
    expect(stats.experience_years).toEqual({ median: 2.75, mean: 3.375 });
  });

  it("rounds the mean to 4 decimals", () => {
    const thirds = resumeStats([
      makeResume({ id: 1, experience_years: 1 }),
      makeResume({ id: 2, experience_years: 1 }),
      makeResume({ id: 3, experience_years: 2 }),
    ]);
    expect(thirds.experience_years).toEqual({ median: 1, mean: 1.3333 });
  });

  it("has nulls, not zeros, for an empty database", () => {
    const empty = resumeStats([]);
    expect(empty.total).toBe(0);
    expect(empty.updated_at).toEqual({ min: null, max: null });
    expect(empty.experience_years).toEqual({ median: null, mean: null });
  });
});

describe("resumeStats updated_at range", () => {
  it("tells apart times within one millisecond", () => {
    const resumes = [
      makeResume({ id: 1, updated_at: "2025-01-01T00:00:00.0005Z" }),
      makeResume({ id: 2, updated_at: "2025-01-01T00:00:00.0009Z" }),
      makeResume({ id: 3, updated_at: "2025-01-01T00:00:00.0001Z" }),
    ];
    expect(resumeStats(resumes).updated_at).toEqual({
      min: "2025-01-01T00:00:00.0001Z",
      max: "2025-01-01T00:00:00.0009Z",
    });
  });
});
