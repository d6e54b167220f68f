/**
 * What a client joining the resume endpoints relies on, on the whole sample: the list, the cards, the
 * export and /stats state the same resumes and the same counts; every filter's total is the number of
 * exported resumes that match it; a search returns list rows of list resumes.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { RESUMES, sampleApi, type SampleApi } from "./sample-api.ts";
import { expectToEqual } from "../helpers/expect-equal.ts";

let api: SampleApi;
/** Every list row (default order), every export line (default order), and /stats. */
let rows: any[];
let exported: any[];
let stats: any;

const total = (query: string): number => api.get(`${RESUMES}/resumes?${query}`).body.meta.total;
const without = (item: any, ...fields: string[]) =>
  Object.fromEntries(Object.entries(item).filter(([name]) => !fields.includes(name)));

/** Every line of the export for a query, page by page (per_page 200), with each page's X-Total-Count. */
function exportAll(query: string): { lines: any[]; totals: number[] } {
  const lines: any[] = [];
  const totals: number[] = [];
  for (let page = 1; ; page += 1) {
    const answer = api.get(`${RESUMES}/resumes/export?${query}${query === "" ? "" : "&"}per_page=200&page=${page}`);
    totals.push(answer.totalCount!);
    if (answer.lines.length === 0) return { lines, totals };
    lines.push(...answer.lines);
  }
}

beforeAll(async () => {
  api = await sampleApi();
  rows = api.walk(`${RESUMES}/resumes`, 200).items;
  const all = exportAll("");
  exported = all.lines;
  stats = api.get(`${RESUMES}/stats`).body.data;
});

describe("the list, the cards and the export state the same resumes", () => {
  it("walking the list and the export gives every resume once, as many as /stats and the discovery document count", () => {
    expect(api.get(`${RESUMES}/`).body.stats.resumes).toBe(stats.total);
    const ids = rows.map((row) => row.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(stats.total);
    expect(exported.map((line) => line.id)).toEqual(ids);
    expect(new Set(exportAll("").totals)).toEqual(new Set([stats.total]));
  });

  it("each list row is its card without contacts and text; each export line is its card", () => {
    // One comparison of every resume, labelled by its id (issue 29: one expect, not 9,000).
    const cards = rows.map((row) => api.get(`${RESUMES}/resumes/${row.id}`).body.data);
    expectToEqual(
      rows.map((row, i) => [row.id, without(cards[i], "contacts", "text"), exported[i], row.has_contacts]),
      rows.map((row, i) => [row.id, row, cards[i], Object.keys(cards[i].contacts).length > 0]),
    );
  });
});

describe("every filter's total is the number of exported resumes that match it, and /stats counts the same", () => {
  /** Exported resumes matching a predicate. */
  const matching = (keep: (line: any) => boolean) => exported.filter(keep).length;

  it.each([
    ["role", "by_role", (line: any) => [line.role]],
    ["vertical", "by_vertical", (line: any) => line.verticals],
    ["traffic", "by_traffic", (line: any) => line.traffic],
    ["seniority", "by_seniority", (line: any) => [line.seniority]],
    ["contact_quality", "by_contact_quality", (line: any) => [line.contact_quality]],
    ["source", "by_source", (line: any) => [line.source]],
  ] as const)("%s: /stats.%s, the list's total and the export agree for every value", (parameter, statsField, keys) => {
    const counts = stats[statsField] as Record<string, number>;
    const values = new Set(exported.flatMap((line) => keys(line)));
    for (const value of values) expect(Object.keys(counts), `${statsField} lists ${value}`).toContain(value);
    for (const [value, count] of Object.entries(counts)) {
      const expected = matching((line) => keys(line).includes(value));
      expect(count, `${statsField}.${value}`).toBe(expected);
      expect(total(`${parameter}=${value}`), `${parameter}=${value}`).toBe(expected);
      const filtered = exportAll(`${parameter}=${value}`);
      expect(
        filtered.lines.map((line) => line.id),
        `${parameter}=${value}`,
      ).toEqual(exported.filter((line) => keys(line).includes(value)).map((line) => line.id));
      expect(new Set(filtered.totals)).toEqual(new Set([expected]));
    }
  });

  it("single-valued fields' counts add up to the total", () => {
    for (const field of ["by_role", "by_seniority", "by_contact_quality", "by_source"]) {
      expect(
        Object.values(stats[field] as Record<string, number>).reduce((sum, count) => sum + count, 0),
        field,
      ).toBe(stats.total);
    }
  });

  it("with_contacts is has_contacts=1's total; the rest is has_contacts=0's, and they are the resumes of contact_quality none", () => {
    expect(total("has_contacts=1")).toBe(stats.with_contacts);
    expect(matching((line) => Object.keys(line.contacts).length > 0)).toBe(stats.with_contacts);
    expect(total("has_contacts=0")).toBe(stats.total - stats.with_contacts);
    expect(total("has_contacts=0")).toBe(stats.by_contact_quality.none);
  });

  it("top_skills: each count is the skill filter's total, compared case-insensitively as the filter does", () => {
    expect(stats.top_skills.length).toBeGreaterThanOrEqual(20);
    for (const { skill, count } of stats.top_skills) {
      expect(total(`skill=${encodeURIComponent(skill)}`), skill).toBe(count);
      expect(
        matching((line) => line.skills.some((listed: string) => listed.toLowerCase() === skill.toLowerCase())),
        skill,
      ).toBe(count);
    }
  });

  it("the updated_at range is the first and last resume of the date sort; the experience figures are the export's", () => {
    const newest = api.get(`${RESUMES}/resumes?per_page=1`).body.data[0];
    const oldest = api.get(`${RESUMES}/resumes?per_page=1&order=asc`).body.data[0];
    expect(stats.updated_at).toEqual({ min: oldest.updated_at, max: newest.updated_at });
    const years = exported.map((line) => line.experience_years as number).sort((a, b) => a - b);
    const middle = Math.floor(years.length / 2);
    const median = years.length % 2 === 1 ? years[middle]! : (years[middle - 1]! + years[middle]!) / 2;
    const mean = years.reduce((sum, value) => sum + value, 0) / years.length;
    // Both are published with 4 decimals.
    expect(Math.abs(stats.experience_years.median - median)).toBeLessThanOrEqual(0.00005 + 1e-9);
    expect(Math.abs(stats.experience_years.mean - mean)).toBeLessThanOrEqual(0.00005 + 1e-9);
  });

  it("since and until split the list at the same instant, whatever the instant", () => {
    for (const instant of [
      stats.updated_at.min,
      stats.updated_at.max,
      rows[Math.floor(rows.length / 2)].updated_at,
      "2025-01-01",
    ]) {
      const at = Date.parse(instant);
      const since = total(`since=${encodeURIComponent(instant)}`);
      expect(since + total(`until=${encodeURIComponent(instant)}`), instant).toBe(stats.total);
      expect(since, instant).toBe(matching((line) => Date.parse(line.updated_at) >= at));
    }
  });
});

describe("search results are list rows of list resumes", () => {
  /** Words taken from the sample itself: a title word, a skill, a Cyrillic title word, a prefix. */
  const queries = (): string[] => {
    const cyrillic = exported.find((line) => /[а-я]/i.test(line.title))!.title.split(/\s+/)[0]!;
    return [
      exported[0].title.split(/\s+/).at(-1)!.replace(/\W/g, ""),
      exported[5].skills[0],
      cyrillic,
      "media",
      "seo google",
    ];
  };

  it("each q gives rows of listed resumes, each its list row plus a score, and the export gives the same resumes in full", () => {
    const listed = new Map(rows.map((row) => [row.id, row]));
    const cards = new Map(exported.map((line) => [line.id, line]));
    for (const q of queries()) {
      const found = api.walk(`${RESUMES}/resumes?q=${encodeURIComponent(q)}`, 200).items;
      expect(found.length, q).toBeGreaterThan(0);
      expectToEqual(
        found.map((row) => [row.id, without(row, "score"), typeof row.score]),
        found.map((row) => [row.id, listed.get(row.id), "number"]),
        q,
      );
      const lines = exportAll(`q=${encodeURIComponent(q)}`).lines;
      expect(
        lines.map((line) => line.id),
        q,
      ).toEqual(found.map((row) => row.id));
      expectToEqual(
        lines,
        lines.map((line, i) => ({ ...cards.get(line.id), score: found[i].score })),
        q,
      );
      // A relevance sort reorders the same matches with the same scores.
      const byRelevance = api.walk(`${RESUMES}/resumes?q=${encodeURIComponent(q)}&sort=relevance`, 200).items;
      expect(
        [...byRelevance].sort((a, b) => a.id - b.id),
        q,
      ).toEqual([...found].sort((a, b) => a.id - b.id));
    }
  });

  it("q combined with a filter is the intersection of the two", () => {
    for (const q of queries()) {
      const found = new Set(api.walk(`${RESUMES}/resumes?q=${encodeURIComponent(q)}`, 200).items.map((row) => row.id));
      for (const role of Object.keys(stats.by_role).slice(0, 4)) {
        const both = api
          .walk(`${RESUMES}/resumes?q=${encodeURIComponent(q)}&role=${role}`, 200)
          .items.map((row) => row.id);
        expect(both, `${q} ${role}`).toEqual(
          exported.filter((line) => line.role === role && found.has(line.id)).map((line) => line.id),
        );
      }
    }
  });
});

describe("meta", () => {
  it("every answer of the resume service carried the discovery document's generated_at", () => {
    const stamp = api.get(`${RESUMES}/`).body.generated_at;
    expect(api.generatedAt.get(RESUMES)).toEqual(new Set([stamp]));
  });
});
