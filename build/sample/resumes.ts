/**
 * Fictional resumes of affiliate and media-buying professionals (about 80% English, 20% Russian).
 * Contacts follow the directory's quality grades: direct contacts (e-mail, Telegram, phone),
 * a contact through a service only (a profile link), or none at all. Every contact is an example
 * one: e-mail at example.com, profile links under .example, phone numbers in the 555-01xx range
 * reserved for fiction, Telegram handles that Telegram does not accept.
 * @module
 */
import type { Resume } from "../load/schemas.ts";
import { dayOf, isoDateTimeOf, LAST_DAY } from "./dates.ts";
import { englishPerson, type Person, russianPerson } from "./person-names.ts";
import { clamp, type Rng, round } from "./prng.ts";
import { type ResumeFacts, resumeText, resumeTitle } from "./resume-text.ts";
import { ROLES, RU_SKILLS, SHARED_SKILLS, SOURCES, VERTICAL_WEIGHTS } from "./resume-vocabulary.ts";

/** Resumes at scale 1 (multiplied by the scale). */
export const RESUMES_PER_SCALE = 3000;

const AREA_CODES = ["202", "212", "305", "312", "415", "512", "646", "718"];

function experience(rng: Rng, roleKey: string): number {
  if (roleKey === "head_of_affiliates") return round(rng.float(5, 20), 1);
  if (roleKey === "team_lead") return round(rng.float(3.5, 14), 1);
  const years = clamp(rng.logNormal(3.2, 0.75), 0, 20);
  // People often round to whole or half years.
  return rng.chance(0.6) ? Math.round(years * 2) / 2 : round(years, 1);
}

function seniorityFor(rng: Rng, roleKey: string, years: number): Resume["seniority"] {
  if (roleKey === "head_of_affiliates") return "head";
  if (roleKey === "team_lead") return "lead";
  if (years < 1.5) return "junior";
  if (years < 3.5) return "middle";
  if (years < 7) return "senior";
  return rng.chance(0.3) ? "head" : rng.chance(0.6) ? "lead" : "senior";
}

function contactsFor(rng: Rng, person: Person, quality: Resume["contact_quality"]): Resume["contacts"] {
  const { asciiFirst: first, asciiLast: last } = person;
  const nn = String(rng.int(1, 99)).padStart(2, "0");
  if (quality === "none") return {};
  if (quality === "service")
    return { linkedin: `https://www.linkedin.example/in/${first}-${last}-${rng.int(4096, 65535).toString(16)}` };
  const contacts: Resume["contacts"] = {};
  const wantEmail = rng.chance(0.75);
  const wantTelegram = !wantEmail || rng.chance(0.65);
  if (wantEmail)
    contacts.email = rng.chance(0.6) ? `${first}.${last}@example.com` : `${first.charAt(0)}${last}${nn}@example.com`;
  // Telegram has no reserved names: a handle that ends in an underscore can never be registered, so it reaches no one.
  if (wantTelegram)
    contacts.telegram = `${rng.chance(0.5) ? `@${first}_${last}` : `@${first}${last.slice(0, 3)}${nn}`}_example_`;
  // 555-0100…0199 numbers are reserved for fiction.
  if (rng.chance(0.4)) contacts.phone = `+1 ${rng.pick(AREA_CODES)} 555 01${String(rng.int(0, 99)).padStart(2, "0")}`;
  return contacts;
}

function trafficFor(rng: Rng, pool: readonly string[]): string[] {
  if (pool.length === 0) return rng.chance(0.3) ? [rng.pick(["facebook", "google", "seo"])] : [];
  return rng.sample(
    pool,
    Math.min(
      pool.length,
      rng.weighted([
        [1, 40],
        [2, 40],
        [3, 20],
      ]),
    ),
  );
}

function skillsFor(rng: Rng, roleSkills: readonly string[], language: "en" | "ru"): string[] {
  const own = rng.sample(roleSkills, rng.int(2, 3));
  const shared = rng.sample(
    SHARED_SKILLS.filter((s) => !own.includes(s)),
    own.length >= 3 ? 1 : rng.int(1, 2),
  );
  const skills = [...own, ...shared];
  return language === "ru" ? skills.map((s) => (RU_SKILLS[s] && rng.chance(0.5) ? RU_SKILLS[s] : s)) : skills;
}

function oneResume(rng: Rng, id: number, first: number, last: number): Resume {
  const language = rng.chance(0.2) ? "ru" : "en";
  const person = language === "ru" ? russianPerson(rng) : englishPerson(rng);
  const role = ROLES[rng.weightedIndex(ROLES.map((r) => r.weight))] ?? ROLES[0]!;
  const years = experience(rng, role.key);
  const seniority = seniorityFor(rng, role.key, years);
  const verticals = rng.weightedSample(
    VERTICAL_WEIGHTS.map((v) => v[0]),
    VERTICAL_WEIGHTS.map((v) => v[1]),
    rng.weighted([
      [1, 45],
      [2, 40],
      [3, 15],
    ]),
  );
  const traffic = trafficFor(rng, role.traffic);
  const skills = skillsFor(rng, role.skills, language);
  const facts: ResumeFacts = { person, role, seniority, years, verticals, traffic, skills };
  const contact_quality = rng.weighted<Resume["contact_quality"]>([
    ["direct", 45],
    ["service", 35],
    ["none", 20],
  ]);
  const contacts = contactsFor(rng, person, contact_quality);
  const sourceWeights = SOURCES.map(
    ([key, enW, ruW]) =>
      [key, (language === "en" ? enW : ruW) * (contact_quality === "service" && key === "linkedin" ? 4 : 1)] as const,
  );
  // Updates lean recent: the directory re-crawls active candidates more often.
  const day = last - Math.floor((last - first) * Math.pow(rng.next(), 1.4));
  return {
    id,
    title: resumeTitle(rng, facts, language),
    role: role.key,
    verticals,
    traffic,
    seniority,
    skills,
    experience_years: years,
    contact_quality,
    contacts,
    source: rng.weighted(sourceWeights),
    language,
    updated_at: isoDateTimeOf(day, rng.int(6 * 3600, 23 * 3600)),
    text: resumeText(rng, facts, language),
  };
}

/** `RESUMES_PER_SCALE × scale` resumes with ids 1..N. */
export function generateResumes(rng: Rng, scale: number): Resume[] {
  const first = dayOf("2024-01-01");
  const last = dayOf(LAST_DAY);
  return Array.from({ length: Math.round(RESUMES_PER_SCALE * scale) }, (_, i) => oneResume(rng, i + 1, first, last));
}
