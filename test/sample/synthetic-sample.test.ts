/**
 * The sample is synthetic and says so: no real person, at scale 1 (the committed sample) and at
 * scale 4 (benchmark data). The lists below are written independently of the generator's own
 * blocklists, so a name the generator forgot to block fails here.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Resume } from "../../build/load/schemas.ts";
import { generateSample } from "../../build/sample/generate-sample.ts";

/** Parsed NDJSON records of one generated file. */
function ndjson<T>(files: Map<string, string>, path: string): T[] {
  return (files.get(path) ?? "").split("\n").filter((line) => line.length > 0).map((line) => JSON.parse(line) as T);
}

/** Well-known real people that common first and last names can spell. */
const REAL_PEOPLE = [
  "Noah Okafor", "Ana Navarro", "Emma Navarro", "Hugo Sánchez", "Diego Costa", "Lucas Pérez", "Lucía Pérez", "Diego Rossi",
  "Diego Gómez", "Lucas Vasquez", "Samuel Sánchez", "André Gómez", "Diego Pérez", "Diego Martínez", "Diego Sánchez", "José Fernández",
  "Oliver Kahn", "Grace Kelly", "Daniel Craig", "Nina Hagen", "Björn Borg", "Jürgen Klopp",
  "Дмитрий Киселёв", "Мария Киселёва", "Алексей Ковалёв", "Юлия Волкова", "Екатерина Волкова", "Алексей Волков", "Екатерина Гусева",
  "Наталья Гусева", "Никита Гусев", "Олег Гусев", "Ольга Орлова", "Дмитрий Орлов", "Андрей Орлов", "Алексей Орлов", "Денис Лебедев",
  "Алексей Морозов", "Ольга Морозова", "Андрей Соколов", "Алексей Воробьёв", "Пётр Ершов", "Иван Ильин", "Иван Фёдоров",
  "Ольга Зайцева", "Михаил Громов", "Алексей Громов", "Мария Шарапова", "Дмитрий Медведев",
];

/** The person a resume text introduces: "I am A B, …", "A B: …", "A B. …", «Меня зовут A B, …». */
function personOf(resume: Resume): string {
  const match = /^(?:I am |Меня зовут )?(\S+ [^\s:.,]+)/.exec(resume.text);
  if (!match?.[1]) throw new Error(`resume ${resume.id}: no name in ${resume.text.slice(0, 60)}`);
  return match[1];
}

describe.each([1, 4])("the synthetic sample at scale %i", (scale) => {
  let files: Map<string, string>;
  beforeAll(() => {
    files = generateSample({ scale });
  });

  it("names no well-known real person", () => {
    const people = new Set(ndjson<Resume>(files, "resumes/resumes.ndjson").map(personOf));
    expect(people.size).toBeGreaterThan(1000);
    expect(REAL_PEOPLE.filter((name) => people.has(name))).toEqual([]);
  });
});
