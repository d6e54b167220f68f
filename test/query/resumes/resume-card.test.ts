import { describe, expect, it } from "vitest";
import { useSampleHost } from "../../helpers/sample-host.ts";
import { RESUME_BASE, sampleResumes } from "./sample-resumes.ts";

const host = useSampleHost();
const resumes = sampleResumes();

describe("GET /resumes/{id}", () => {
  it.each([resumes[0]!.id, resumes[1234]!.id, resumes[resumes.length - 1]!.id])(
    "answers resume %i in full: list fields, contacts and text",
    async (id) => {
      const resume = resumes.find((r) => r.id === id)!;
      const response = await host.get(`${RESUME_BASE}/resumes/${id}`);
      expect(response.status).toBe(200);
      const body = (await response.json()) as { meta: Record<string, unknown>; data: Record<string, unknown> };
      expect(body.meta).toHaveProperty("attribution");
      expect(body.data).toEqual({
        id: resume.id,
        title: resume.title,
        role: resume.role,
        verticals: resume.verticals,
        traffic: resume.traffic,
        seniority: resume.seniority,
        skills: resume.skills,
        experience_years: resume.experience_years,
        contact_quality: resume.contact_quality,
        has_contacts: Object.keys(resume.contacts).length > 0,
        source: resume.source,
        language: resume.language,
        updated_at: resume.updated_at,
        contacts: resume.contacts,
        text: resume.text,
      });
      expect(Object.keys(body.data).slice(-2)).toEqual(["contacts", "text"]);
    },
  );

  it("answers a resume without contacts with an empty contacts object", async () => {
    const resume = resumes.find((r) => Object.keys(r.contacts).length === 0)!;
    const body = (await (await host.get(`${RESUME_BASE}/resumes/${resume.id}`)).json()) as {
      data: Record<string, unknown>;
    };
    expect(body.data).toMatchObject({ has_contacts: false, contacts: {} });
  });

  it("answers an id with leading zeros as the same resume", async () => {
    const id = resumes[10]!.id;
    const [plain, padded] = await Promise.all([
      host.get(`${RESUME_BASE}/resumes/${id}`),
      host.get(`${RESUME_BASE}/resumes/000${id}`),
    ]);
    expect(await padded.text()).toBe(await plain.text());
  });

  it.each([
    ["abc", 400, "invalid_parameter", { parameter: "id", value: "abc" }],
    ["1.5", 400, "invalid_parameter", { parameter: "id", value: "1.5" }],
    ["1e2", 400, "invalid_parameter", { parameter: "id", value: "1e2" }],
    ["%20", 400, "invalid_parameter", { parameter: "id", value: " " }],
    ["0", 404, "resume_not_found", { id: 0 }],
    ["-1", 404, "resume_not_found", { id: -1 }], // an integer, if no resume's: the contract's 400 is for a non-integer
    ["--1", 400, "invalid_parameter", { parameter: "id", value: "--1" }],
    ["999999", 404, "resume_not_found", { id: 999999 }],
    ["99999999999999999999999", 404, "resume_not_found", { id: "99999999999999999999999" }],
  ])("answers /resumes/%s with %i %s and details naming it", async (id, status, code, details) => {
    const response = await host.get(`${RESUME_BASE}/resumes/${id}`);
    expect(response.status).toBe(status);
    expect(await response.json()).toMatchObject({ error: code, status, details });
  });

  it("takes no query parameters", async () => {
    const response = await host.get(`${RESUME_BASE}/resumes/${resumes[0]!.id}?page=1`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "unknown_parameter", details: { parameter: "page" } });
  });

  it("routes /resumes/export to the export, not to a resume with the id 'export'", async () => {
    const response = await host.get(`${RESUME_BASE}/resumes/export?per_page=1`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/x-ndjson; charset=utf-8");
  });

  it("404s a path below a resume", async () => {
    const response = await host.get(`${RESUME_BASE}/resumes/1/contacts`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: "not_found" });
  });
});
