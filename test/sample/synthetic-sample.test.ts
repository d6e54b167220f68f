/**
 * The sample is synthetic and says so: no real person, and only example contacts and addresses
 * (RFC 2606/6761 names, the fictional 555-01xx phone range, handles Telegram refuses), at scale 1 (the committed sample) and at
 * scale 4 (benchmark data). The lists below are written independently of the generator's own
 * blocklists, so a name the generator forgot to block fails here.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Domain, Meta, Provider, Regulator, Resume, TcAlert } from "../../build/load/schemas.ts";
import { generateSample } from "../../build/sample/generate-sample.ts";

/** Parsed NDJSON records of one generated file. */
function ndjson<T>(files: Map<string, string>, path: string): T[] {
  return (files.get(path) ?? "").split("\n").filter((line) => line.length > 0).map((line) => JSON.parse(line) as T);
}

/** Parsed JSON array of one generated file. */
function json<T>(files: Map<string, string>, path: string): T {
  return JSON.parse(files.get(path) ?? "null") as T;
}

/** True for a host name reserved for examples and tests (RFC 2606, RFC 6761): nothing real answers there. */
function isReservedHost(host: string): boolean {
  return /(^|\.)example\.(com|net|org)$/.test(host) || /\.(example|test|invalid)$/.test(host) || /^(example|test|invalid)$/.test(host);
}

/** A Telegram username Telegram would accept (5–32 characters, a letter first, no `__`, no `_` last). */
const REGISTRABLE_TELEGRAM = /^@(?!.*__)[a-z][a-z0-9_]{3,30}[a-z0-9]$/i;

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

  it("gives resumes only example contacts: reserved e-mail and profile domains, 555-01xx phones, unregistrable Telegram handles", () => {
    const bad: string[] = [];
    for (const { id, contacts } of ndjson<Resume>(files, "resumes/resumes.ndjson")) {
      if (contacts.email !== undefined && !isReservedHost(contacts.email.split("@")[1] ?? "")) bad.push(`${id}: ${contacts.email}`);
      if (contacts.linkedin !== undefined && !isReservedHost(new URL(contacts.linkedin).hostname)) bad.push(`${id}: ${contacts.linkedin}`);
      if (contacts.phone !== undefined && !/^\+1 [2-9]\d\d 555 01\d\d$/.test(contacts.phone)) bad.push(`${id}: ${contacts.phone}`);
      if (contacts.telegram !== undefined && (REGISTRABLE_TELEGRAM.test(contacts.telegram) || !contacts.telegram.includes("example"))) bad.push(`${id}: ${contacts.telegram}`);
    }
    expect(bad.slice(0, 10)).toEqual([]);
  });

  it("puts every address on a reserved name: domains, their MX and NS hosts, alert pages, studio sites, registers, the contact", () => {
    const meta = json<Meta>(files, "meta/meta.json");
    const hosts = [
      ...ndjson<Domain>(files, "domains/domains.ndjson").flatMap((d) => [d.domain, ...d.dns.mx, ...d.dns.ns]),
      ...ndjson<TcAlert>(files, "tc-alerts/tc-alerts.ndjson").map((a) => new URL(a.url).hostname),
      ...json<Provider[]>(files, "providers/providers.json").map((p) => new URL(p.website).hostname),
      ...json<Regulator[]>(files, "regulators/regulators.json").map((r) => new URL(r.register_url).hostname),
      meta.contact.split("@")[1] ?? "",
      new URL(meta.dataset.attribution).hostname,
      new URL(meta.resumes.attribution).hostname,
    ];
    expect(hosts.length).toBeGreaterThan(1000);
    expect([...new Set(hosts.filter((host) => !isReservedHost(host)))].slice(0, 10)).toEqual([]);
  });

  it("names no well-known real person", () => {
    const people = new Set(ndjson<Resume>(files, "resumes/resumes.ndjson").map(personOf));
    expect(people.size).toBeGreaterThan(1000);
    expect(REAL_PEOPLE.filter((name) => people.has(name))).toEqual([]);
  });
});
