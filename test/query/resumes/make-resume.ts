/** Small in-memory resumes for hand-computed tests. */
import type { Resume } from "../../../build/load/schemas.ts";

/** A valid resume with every field set; `overrides` change what a test is about. */
export function makeResume(overrides: Partial<Resume> & { id: number }): Resume {
  return {
    title: `Resume ${overrides.id}`,
    role: "media_buyer",
    verticals: ["gambling"],
    traffic: ["facebook"],
    seniority: "middle",
    skills: ["Keitaro"],
    experience_years: 2,
    contact_quality: "direct",
    contacts: { email: `r${overrides.id}@example.com` },
    source: "linkedin",
    language: "en",
    updated_at: "2025-01-01T00:00:00Z",
    text: `Text of resume ${overrides.id}.`,
    ...overrides,
  };
}
