import { beforeAll, describe, expect, it } from "vitest";
import { useSampleHost } from "../../helpers/sample-host.ts";
import { type ListBody, RESUME_BASE, sampleResumes } from "./sample-resumes.ts";

const host = useSampleHost();
const resumes = sampleResumes();

interface Stats {
  total: number;
  with_contacts: number;
  by_role: Record<string, number>;
  by_vertical: Record<string, number>;
  by_traffic: Record<string, number>;
  by_seniority: Record<string, number>;
  by_contact_quality: Record<string, number>;
  by_source: Record<string, number>;
  top_skills: { skill: string; count: number }[];
  updated_at: { min: string; max: string };
  experience_years: { median: number; mean: number };
}

const sum = (counts: Record<string, number>) => Object.values(counts).reduce((total, count) => total + count, 0);

describe("GET /stats", () => {
  let stats: Stats;
  const listTotal = async (query: string) =>
    ((await (await host.get(`${RESUME_BASE}/resumes?${query}`)).json()) as ListBody).meta.total;
  const listFirst = async (query: string) =>
    ((await (await host.get(`${RESUME_BASE}/resumes?${query}`)).json()) as ListBody).data[0]!;

  let meta: Record<string, unknown>;
  beforeAll(async () => {
    const response = await host.get(`${RESUME_BASE}/stats`);
    expect(response.status).toBe(200);
    ({ meta, data: stats } = (await response.json()) as { meta: Record<string, unknown>; data: Stats });
  });

  it("is enveloped and has every figure", () => {
    expect(meta).toHaveProperty("generated_at");
    expect(Object.keys(stats)).toEqual([
      "total",
      "with_contacts",
      "by_role",
      "by_vertical",
      "by_traffic",
      "by_seniority",
      "by_contact_quality",
      "by_source",
      "top_skills",
      "updated_at",
      "experience_years",
    ]);
  });

  it("agrees with the list: total, with_contacts = has_contacts=1, each role's count", async () => {
    expect(stats.total).toBe(resumes.length);
    expect(stats.total).toBe(await listTotal(""));
    expect(stats.with_contacts).toBe(await listTotal("has_contacts=1"));
    expect(stats.total - stats.with_contacts).toBe(await listTotal("has_contacts=0"));
    for (const [role, count] of Object.entries(stats.by_role)) expect(await listTotal(`role=${role}`)).toBe(count);
    for (const [vertical, count] of Object.entries(stats.by_vertical))
      expect(await listTotal(`vertical=${vertical}`)).toBe(count);
  });

  it("has single-valued breakdowns that sum to the total", () => {
    expect(sum(stats.by_role)).toBe(stats.total);
    expect(sum(stats.by_seniority)).toBe(stats.total);
    expect(sum(stats.by_contact_quality)).toBe(stats.total);
    expect(sum(stats.by_source)).toBe(stats.total);
    expect(Object.keys(stats.by_seniority)).toEqual(["junior", "middle", "senior", "lead", "head"]);
    expect(Object.keys(stats.by_contact_quality)).toEqual(["direct", "service", "none"]);
  });

  it("lists at least 20 top skills, most frequent first, each count matching the skill filter", async () => {
    expect(stats.top_skills.length).toBeGreaterThanOrEqual(20);
    const counts = stats.top_skills.map((row) => row.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    for (const { skill, count } of stats.top_skills.slice(0, 5))
      expect(await listTotal(`skill=${encodeURIComponent(skill)}`)).toBe(count);
  });

  it("spans the update range of the list's oldest and newest resumes", async () => {
    expect(stats.updated_at.max).toBe((await listFirst("per_page=1")).updated_at);
    expect(stats.updated_at.min).toBe((await listFirst("per_page=1&order=asc")).updated_at);
  });

  it("computes the experience median and mean of the seeds", () => {
    const years = resumes.map((r) => r.experience_years).sort((a, b) => a - b);
    const middle = years.length / 2;
    const median = years.length % 2 === 1 ? years[Math.floor(middle)]! : (years[middle - 1]! + years[middle]!) / 2;
    expect(stats.experience_years.median).toBeCloseTo(median, 4);
    expect(stats.experience_years.mean).toBeCloseTo(years.reduce((a, b) => a + b, 0) / years.length, 4);
  });

  it.each(["page=1", "per_page=10", "role=seo"])(
    "takes no parameters: %s is a 400 unknown_parameter",
    async (query) => {
      const response = await host.get(`${RESUME_BASE}/stats?${query}`);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: "unknown_parameter" });
    },
  );
});

describe("GET /resume/api/v1/ (discovery)", () => {
  it("lists the resume endpoints with their summaries", async () => {
    const body = (await (await host.get(`${RESUME_BASE}/`)).json()) as {
      endpoints: Record<string, string>;
      stats: { resumes: number };
    };
    expect(Object.keys(body.endpoints)).toEqual(
      expect.arrayContaining(["GET /resumes", "GET /resumes/{id}", "GET /resumes/export", "GET /stats"]),
    );
    expect(body.endpoints["GET /resumes"]).toMatch(/search/);
    expect(body.stats.resumes).toBe(resumes.length);
  });
});
