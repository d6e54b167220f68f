import { describe, expect, it } from "vitest";
import type { Resume } from "../../../build/load/schemas.ts";
import { useSampleHost } from "../../helpers/sample-host.ts";
import { allIds, expectedIds, type ListBody, RESUME_BASE, sampleResumes } from "./sample-resumes.ts";

const host = useSampleHost();
const resumes = sampleResumes();
const list = async (query: string) => {
  const response = await host.get(`${RESUME_BASE}/resumes${query === "" ? "" : `?${query}`}`);
  return { response, body: (await response.json()) as ListBody };
};
const hasContacts = (r: Resume) => Object.keys(r.contacts).length > 0;

describe("GET /resumes defaults", () => {
  it("answers page 1 of 50, newest first, with the meta of the contract", async () => {
    const { response, body } = await list("");
    expect(response.status).toBe(200);
    expect(Object.keys(body.meta)).toEqual([
      "source",
      "license",
      "attribution",
      "generated_at",
      "sort",
      "order",
      "page",
      "per_page",
      "total",
      "pages",
    ]);
    expect(body.meta).toMatchObject({
      sort: "date",
      order: "desc",
      page: 1,
      per_page: 50,
      total: resumes.length,
      pages: Math.ceil(resumes.length / 50),
    });
    expect(body.data.map((item) => item.id)).toEqual(expectedIds(resumes).slice(0, 50));
    expect(response.headers.get("x-total-count")).toBe(String(resumes.length));
    expect(response.headers.get("link")).toContain('rel="next"');
  });

  it("gives list items exactly the contract's fields, and no score without q", async () => {
    const { body } = await list("per_page=1");
    const item = body.data[0]!;
    expect(Object.keys(item)).toEqual([
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
    const resume = resumes.find((r) => r.id === item.id)!;
    expect(item).toEqual({
      ...Object.fromEntries(Object.keys(item).map((key) => [key, (resume as Record<string, unknown>)[key]])),
      has_contacts: hasContacts(resume),
    });
  });
});

describe("GET /resumes filters", () => {
  // The id is taken before the find: a sort inside its callback ran once per resume (76 s of collection).
  const pivotId = expectedIds(resumes)[1000];
  const pivot = resumes.find((r) => r.id === pivotId)!;
  it.each<[string, (r: Resume) => boolean]>([
    ["role=seo", (r) => r.role === "seo"],
    ["role=SEO,Analyst", (r) => r.role === "seo" || r.role === "analyst"],
    ["role=seo&role=analyst", (r) => r.role === "seo" || r.role === "analyst"],
    ["vertical=crypto", (r) => r.verticals.includes("crypto")],
    ["vertical=crypto,nutra", (r) => r.verticals.includes("crypto") || r.verticals.includes("nutra")],
    ["traffic=push", (r) => r.traffic.includes("push")],
    ["traffic=In_App", (r) => r.traffic.includes("in_app")],
    ["seniority=lead", (r) => r.seniority === "lead"],
    ["seniority=junior,HEAD", (r) => r.seniority === "junior" || r.seniority === "head"],
    ["skill=keitaro", (r) => r.skills.includes("Keitaro")],
    ["skill=Google%20Ads,binom", (r) => r.skills.includes("Google Ads") || r.skills.includes("Binom")],
    [
      "skill=%D0%BA%D0%BE%D0%BF%D0%B8%D1%80%D0%B0%D0%B9%D1%82%D0%B8%D0%BD%D0%B3",
      (r) => r.skills.includes("Копирайтинг"),
    ],
    ["contact_quality=none", (r) => r.contact_quality === "none"],
    ["contact_quality=direct,service", (r) => r.contact_quality !== "none"],
    ["has_contacts=1", hasContacts],
    ["has_contacts=true", hasContacts],
    ["has_contacts=0", (r) => !hasContacts(r)],
    ["has_contacts=false", (r) => !hasContacts(r)],
    ["source=hh", (r) => r.source === "hh"],
    ["source=HH,referral", (r) => r.source === "hh" || r.source === "referral"],
    ["since=2026-10-01", (r) => Date.parse(r.updated_at) >= Date.parse("2026-10-01T00:00:00Z")],
    ["until=2024-06-01", (r) => Date.parse(r.updated_at) < Date.parse("2024-06-01T00:00:00Z")],
    [
      "since=2025-01-01&until=2025-02-01T12:00:00Z",
      (r) => r.updated_at >= "2025-01-01" && Date.parse(r.updated_at) < Date.parse("2025-02-01T12:00:00Z"),
    ],
    ["since=2025-06-01T12:30", (r) => Date.parse(r.updated_at) >= Date.parse("2025-06-01T12:30:00Z")], // no offset: UTC
    [`since=${encodeURIComponent(pivot.updated_at)}`, (r) => Date.parse(r.updated_at) >= Date.parse(pivot.updated_at)],
    // A tenth of a millisecond after the pivot: the pivot itself is not at or after it, but is before it.
    [
      `since=${encodeURIComponent(new Date(pivot.updated_at).toISOString().replace("Z", "1Z"))}`,
      (r) => Date.parse(r.updated_at) > Date.parse(pivot.updated_at),
    ],
    [
      `until=${encodeURIComponent(new Date(pivot.updated_at).toISOString().replace("Z", "1Z"))}`,
      (r) => Date.parse(r.updated_at) <= Date.parse(pivot.updated_at),
    ],
    [
      "role=media_buyer&vertical=gambling&has_contacts=1&seniority=senior",
      (r) => r.role === "media_buyer" && r.verticals.includes("gambling") && hasContacts(r) && r.seniority === "senior",
    ],
  ])("%s keeps exactly the matching resumes, newest first", async (query, keep) => {
    const expected = expectedIds(resumes.filter(keep));
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(resumes.length);
    const { body } = await list(`${query}&per_page=200`);
    expect(body.meta.total).toBe(expected.length);
    expect(body.data.map((item) => item.id)).toEqual(expected.slice(0, 200));
  });

  it.each([
    "role=astronaut",
    "vertical=knitting",
    "traffic=carrier_pigeon",
    "skill=cobol",
    "source=fax",
    "since=2030-01-01",
    "until=2020-01-01",
    "role=seo&role=analyst&seniority=head&vertical=dating&source=hh",
  ])("%s matches nothing: 200 with no data and 0 pages", async (query) => {
    const { response, body } = await list(query);
    expect(response.status).toBe(200);
    expect(body.data).toEqual([]);
    expect(body.meta).toMatchObject({ total: 0, pages: 0 });
  });
});

describe("GET /resumes since / until boundaries", () => {
  const resumeId = expectedIds(resumes)[500];
  const resume = resumes.find((r) => r.id === resumeId)!;
  const instant = resume.updated_at;
  const sameInstantElsewhere = new Date(Date.parse(instant) + 2 * 3600_000).toISOString().replace(".000Z", "+02:00");
  const ids = async (query: string) => allIds(host.get, query);

  it("since is inclusive exactly at a resume's updated_at", async () => {
    expect(await ids(`since=${encodeURIComponent(instant)}`)).toContain(resume.id);
  });

  it("until is exclusive exactly at a resume's updated_at", async () => {
    const found = await ids(`until=${encodeURIComponent(instant)}`);
    expect(found).not.toContain(resume.id);
    expect(found.length).toBe(resumes.filter((r) => Date.parse(r.updated_at) < Date.parse(instant)).length);
  });

  it("since = until selects nothing; one millisecond more selects the resumes of that instant", async () => {
    expect(await ids(`since=${encodeURIComponent(instant)}&until=${encodeURIComponent(instant)}`)).toEqual([]);
    const later = new Date(Date.parse(instant) + 1).toISOString();
    expect(await ids(`since=${encodeURIComponent(instant)}&until=${encodeURIComponent(later)}`)).toContain(resume.id);
  });

  it("reads a date-time with an offset as the same instant", async () => {
    expect(await ids(`since=${encodeURIComponent(sameInstantElsewhere)}`)).toEqual(
      await ids(`since=${encodeURIComponent(instant)}`),
    );
  });
});

describe("GET /resumes sort and order", () => {
  it.each<[string, "date" | "experience", "asc" | "desc"]>([
    ["sort=date", "date", "desc"],
    ["order=asc", "date", "asc"],
    ["sort=date&order=asc", "date", "asc"],
    ["sort=experience", "experience", "desc"],
    ["sort=experience&order=asc", "experience", "asc"],
    ["sort=relevance", "date", "desc"],
    ["sort=relevance&order=asc", "date", "asc"],
  ])("%s sorts by %s %s with the id tie-break, and meta says so", async (query, sort, order) => {
    const { body } = await list(`${query}&per_page=200&page=2`);
    expect(body.meta).toMatchObject({ sort, order });
    expect(body.data.map((item) => item.id)).toEqual(expectedIds(resumes, sort, order).slice(200, 400));
  });

  it("breaks experience ties by id ascending in both directions", async () => {
    for (const order of ["asc", "desc"]) {
      const ids = await allIds(host.get, `sort=experience&order=${order}`);
      expect(ids).toEqual(expectedIds(resumes, "experience", order as "asc" | "desc"));
    }
  });

  it("gives the same bytes for an explicit default order and for none", async () => {
    const [plain, explicit] = await Promise.all([
      host.get(`${RESUME_BASE}/resumes?role=seo`),
      host.get(`${RESUME_BASE}/resumes?role=seo&order=desc&sort=date`),
    ]);
    expect(await explicit.text()).toBe(await plain.text());
  });
});

describe("GET /resumes pagination", () => {
  const total = resumes.length;
  it.each([
    ["page=2&per_page=7", 2, 7],
    ["per_page=200", 1, 200],
    ["per_page=1&page=3", 3, 1],
    [`per_page=200&page=${Math.ceil(total / 200)}`, Math.ceil(total / 200), 200],
  ])("%s is the right slice, with pages = ceil(total / per_page)", async (query, page, perPage) => {
    const { body } = await list(query);
    expect(body.meta).toMatchObject({ page, per_page: perPage, total, pages: Math.ceil(total / perPage) });
    expect(body.data.map((item) => item.id)).toEqual(expectedIds(resumes).slice((page - 1) * perPage, page * perPage));
  });

  it("answers a page past the end with 200 and no data", async () => {
    const { response, body } = await list(`page=${Math.ceil(total / 50) + 1}`);
    expect(response.status).toBe(200);
    expect(body.data).toEqual([]);
    expect(body.meta).toMatchObject({ total, pages: Math.ceil(total / 50) });
  });

  it("links first, prev, next and last", async () => {
    const { response } = await list("role=seo&page=2&per_page=10");
    const link = response.headers.get("link") ?? "";
    for (const rel of ["first", "prev", "next", "last"]) expect(link).toContain(`rel="${rel}"`);
    expect(link).toContain("/resume/api/v1/resumes?page=3&per_page=10&role=seo");
  });
});

describe("GET /resumes errors", () => {
  it.each([
    ["seniority=expert", "invalid_parameter", "seniority"],
    ["seniority=junior,expert", "invalid_parameter", "seniority"],
    ["contact_quality=email", "invalid_parameter", "contact_quality"],
    ["has_contacts=yes", "invalid_parameter", "has_contacts"],
    ["has_contacts=2", "invalid_parameter", "has_contacts"],
    ["since=2025-13-01", "invalid_parameter", "since"],
    ["since=2025-02-30", "invalid_parameter", "since"],
    ["until=yesterday", "invalid_parameter", "until"],
    ["until=2025-01-01T10", "invalid_parameter", "until"],
    ["sort=name", "invalid_parameter", "sort"],
    ["order=up", "invalid_parameter", "order"],
    ["page=0", "invalid_parameter", "page"],
    ["page=-1", "invalid_parameter", "page"],
    ["page=two", "invalid_parameter", "page"],
    ["per_page=0", "invalid_parameter", "per_page"],
    ["per_page=201", "invalid_parameter", "per_page"],
    [`q=${"a".repeat(201)}`, "invalid_parameter", "q"],
    ["limit=10", "unknown_parameter", "limit"],
    ["ROLE=seo", "unknown_parameter", "ROLE"],
    ["id=5", "unknown_parameter", "id"],
  ])("%s is a 400 %s naming %s", async (query, code, parameter) => {
    const response = await host.get(`${RESUME_BASE}/resumes?${query}`);
    expect(response.status).toBe(400);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = (await response.json()) as { error: string; status: number; details: { parameter: string } };
    expect(body).toMatchObject({ error: code, status: 400, details: { parameter } });
  });

  it("treats empty values as absent", async () => {
    const { body } = await list("role=&q=&since=");
    expect(body.meta.total).toBe(resumes.length);
  });
});
