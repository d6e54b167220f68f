import { describe, expect, it } from "vitest";
import type { Resume } from "../../build/load/schemas.ts";
import { tokenize } from "../../build/search/fold-search-text.ts";
import { searchIndex } from "../../build/search/search-query.ts";
import { EXACT_FORMS } from "../../build/search/word-matches.ts";
import { sampleContext, useSampleHost } from "../helpers/sample-host.ts";
import { type ListBody, RESUME_BASE, sampleResumes } from "../query/resumes/sample-resumes.ts";

const host = useSampleHost();
const resumes = sampleResumes();

async function search(q: string, extra = "sort=relevance&per_page=200"): Promise<ListBody> {
  const response = await host.get(`${RESUME_BASE}/resumes?q=${encodeURIComponent(q)}&${extra}`);
  expect(response.status).toBe(200);
  return (await response.json()) as ListBody;
}

/** The oracle: a resume matches when every query word is one of its words, the last one also the start of one. */
function naiveMatch(resume: Resume, q: string): boolean {
  const words = new Set(tokenize(`${resume.title} ${resume.skills.join(" ")} ${resume.text}`));
  const query = tokenize(q);
  return (
    query.length > 0 &&
    query.every((word, i) => words.has(word) || (i === query.length - 1 && [...words].some((w) => w.startsWith(word))))
  );
}

describe("search quality on the sample: the expected resume is ranked first", () => {
  it.each([
    ["jose norgaard", 7, "diacritics: José Nørgaard typed without accents"],
    ["José Nørgaard", 7, "diacritics typed as written"],
    ["zoe dvorak", 103, "Zoë Dvořák"],
    ["chloe simic", 1331, "Chloé Šimić"],
    ["jurgen dvorak", 2337, "Jürgen Dvořák"],
    ["lukasz lowicki", 2361, "Łukasz Łowicki (Ł is not decomposed by NFKD)"],
    ["bjorn lowicki", 1171, "Björn Łowicki"],
    ["lowicki ethan", 654, "word order does not matter"],
    ["Пётр Ковалёв", 409, "Russian as written"],
    ["петр ковалев", 409, "ё typed as е"],
    ["ПЕТР КОВАЛЕВ", 409, "upper-case Cyrillic"],
    ["алёна рябинина", 63, "Russian first and last name"],
    ["семен ершов", 637, "Семён Ершов typed with е"],
    ["søren marl", 85, "prefix: Søren Marlowe"],
    ["renee haug", 1989, "prefix: Renée Haugen"],
    ["фекла зайц", 402, "Cyrillic prefix: Фёкла Зайцева"],
    ["zoe dvorak keitaro", 103, "multi-word AND across name and skills"],
    ["jose mendes tiktok", 244, "multi-word AND: name and a skill"],
    ["Когортный анализ маркетинговый аналитик ксения", 2371, "multi-word Russian AND with a Russian skill"],
    ["andre fernandez keit", 30, "AND with a prefix last word"],
  ])("%s → resume %i (%s)", async (q, id) => {
    const body = await search(q);
    expect(body.data[0]?.id).toBe(id);
  });
});

describe("search quality on the sample: titles and skills weigh more than the text", () => {
  it.each([
    ["head of media buying", "Head of Media Buying"],
    ["Head of Affiliates", "Head of Affiliates"],
    ["тимлид", "Тимлид отдела закупки трафика"],
    ["медиабайер беттинг", "Медиабайер (нативка, беттинг)"],
  ])("%s ranks a resume titled %j first", async (q, title) => {
    expect((await search(q)).data[0]?.title).toBe(title);
  });

  it.each([
    ["screaming frog", "Screaming Frog"],
    ["когортный анализ", "Когортный анализ"],
    ["Keitaro", "Keitaro"],
  ])("%s ranks a resume listing the skill %j first", async (q, skill) => {
    expect((await search(q)).data[0]?.skills).toContain(skill);
  });
});

describe("search results", () => {
  it("are exactly the resumes whose words match (the oracle) for words as written, and never fewer with every form", async () => {
    const { context } = await sampleContext();
    const queries = [
      "keit keit",
      "медиаб медиаб",
      "media buyer media",
      "keitaro",
      "media buyer",
      "медиабайер",
      "медиаб",
      "k",
      "a/b-тестирование",
      "e-commerce",
      "gambling facebook ads",
      "senior seo",
      "Фёкла",
      "telegram кан",
      "roi 2",
      "zzzzqqq",
      "ёлка",
      "Zoë",
    ];
    for (const q of queries) {
      const found = [...searchIndex(context.resumeSearch!, q, EXACT_FORMS).positions].map(
        (position) => context.dataset.resumes[position]!.id,
      );
      expect(found, q).toEqual(resumes.filter((resume) => naiveMatch(resume, q)).map((resume) => resume.id));
      const widened = new Set(
        Array.from(
          searchIndex(context.resumeSearch!, q).positions,
          (position) => context.dataset.resumes[position]!.id,
        ),
      );
      expect(
        found.filter((id) => !widened.has(id)),
        q,
      ).toEqual([]);
    }
  });

  it("carry a score, sorted descending for sort=relevance, ties by id", async () => {
    const { data, meta } = await search("media buyer");
    expect(meta).toMatchObject({ sort: "relevance", order: "desc" });
    expect(data.length).toBeGreaterThan(10);
    for (let i = 1; i < data.length; i += 1) {
      const [a, b] = [data[i - 1]!, data[i]!];
      expect(a.score! > b.score! || (a.score === b.score && a.id < b.id)).toBe(true);
    }
  });

  it("keep the date sort by default, with the score still given", async () => {
    const { data, meta } = await search("keitaro", "per_page=200");
    expect(meta.sort).toBe("date");
    expect(data.every((item) => typeof item.score === "number" && item.score > 0)).toBe(true);
    const times = data.map((item) => Date.parse(item.updated_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it("combine with the other filters", async () => {
    const { data, meta } = await search("keitaro", "role=team_lead&per_page=200");
    expect(meta.total).toBe(resumes.filter((r) => r.role === "team_lead" && naiveMatch(r, "keitaro")).length);
    expect(data.every((item) => item.role === "team_lead")).toBe(true);
  });

  it.each(["zzzzqqq", "—", "!!!"])("are empty for %j", async (q) => {
    const { data, meta } = await search(q);
    expect(data).toEqual([]);
    expect(meta.total).toBe(0);
  });

  it("stay within a script, as the published description of q says: no transliteration between Latin and Cyrillic", async () => {
    expect((await search("медиабайер")).meta.total).toBeGreaterThan(0);
    expect((await search("mediabaier")).meta.total).toBe(0);
    expect((await search("mediabayer")).meta.total).toBe(0);
    const doc = (await (await host.get(`${RESUME_BASE}/openapi.json`)).json()) as {
      paths: Record<string, { get: { parameters: { name: string; description?: string }[] } }>;
    };
    const description = doc.paths["/resumes"]!.get.parameters.find((parameter) => parameter.name === "q")!.description!;
    // "script-insensitive" read as "a Latin spelling finds the Cyrillic one", which the search never did.
    expect(description).not.toContain("script-insensitive");
    expect(description).toContain("no transliteration");
  });

  it("find the same resumes with q spelled differently (case, accents, ё)", async () => {
    const ids = async (q: string) => (await search(q)).data.map((item) => item.id);
    expect(await ids("ФЁКЛА")).toEqual(await ids("фекла"));
    expect(await ids("JOSÉ")).toEqual(await ids("jose"));
    // Mathematical bold capitals are S, E, O once decomposed: case-insensitive as the contract says.
    expect(await ids("𝐒𝐄𝐎")).toEqual(await ids("seo"));
  });
});

describe("word forms through the endpoint (issue 33)", () => {
  const resumeOf = (row: { id: number }) => resumes.find((resume) => resume.id === row.id)!;
  it.each([
    ["менеджера", "менеджер"],
    ["менеджеров", "менеджер"],
    ["managers", "manager"],
    ["buyers", "buyer"],
  ])("%s finds resumes now, the ones %s finds among them", async (inflected, base) => {
    const found = await search(inflected, "sort=relevance&per_page=200");
    expect(found.meta.total).toBeGreaterThan(0);
    const first = resumeOf(found.data[0]!);
    const words = new Set(tokenize(`${first.title} ${first.skills.join(" ")}`));
    // The best match holds the word's closest form in its title or skills, where it weighs most.
    expect(
      [...words].some((word) => word.startsWith(base)),
      `${inflected}: ${first.title}`,
    ).toBe(true);
  });

  it("ranks resumes with the word as written above those with another form (buyer)", async () => {
    const { data } = await search("buyer", "sort=relevance&per_page=200");
    const holds = (row: { id: number }) =>
      ((resume) => tokenize(`${resume.title} ${resume.skills.join(" ")} ${resume.text}`).includes("buyer"))(
        resumeOf(row),
      );
    const firstOther = data.findIndex((row) => !holds(row));
    expect(firstOther === -1 || data.slice(firstOther).every((row) => !holds(row))).toBe(true);
  });

  it("takes a synonym from the sample's search-synonyms: медиабайер finds media buyers", async () => {
    const { meta, data } = await search("медиабайер", "sort=relevance&per_page=200");
    expect(meta.total).toBeGreaterThan(
      resumes.filter((resume) =>
        tokenize(`${resume.title} ${resume.skills.join(" ")} ${resume.text}`).includes("медиабайер"),
      ).length,
    );
    expect(resumeOf(data[0]!).title.toLowerCase()).toContain("медиабайер"); // as written ranks first
  });
});
