/**
 * `/stats`: aggregate figures of the resume database (contract §3.4).
 * @module
 */
import { compareStrings } from "../../compute/compare.ts";
import { mean, median, roundTo } from "../../compute/numbers.ts";
import type { Resume } from "../../load/schemas.ts";
import type { Endpoint } from "../endpoint.ts";
import { envelope } from "../envelope.ts";
import { CONTACT_QUALITIES, SENIORITIES } from "./resume-filters.ts";
import { hasContacts } from "./resume-records.ts";
import { updateRanksOf } from "./resume-rows.ts";
import { resumeStatsResponse } from "../../response-schemas/resumes.ts";

/** How many skills `top_skills` lists (the contract asks for at least 20). */
export const TOP_SKILLS = 30;

/** Decimals of the `experience_years` median and mean (the methodology page states it). */
export const EXPERIENCE_DECIMALS = 4;

/** Counts keys over resumes (a resume counts once per key it lists), most frequent first, then by key. */
export function countBy(
  resumes: readonly Resume[],
  read: (resume: Resume) => readonly string[],
): Record<string, number> {
  const counts = new Map<string, number>();
  for (const resume of resumes) for (const key of new Set(read(resume))) counts.set(key, (counts.get(key) ?? 0) + 1);
  const sorted = [...counts].sort((a, b) => b[1] - a[1] || compareStrings(a[0], b[0]));
  return Object.fromEntries(sorted);
}

/** Counts over a closed vocabulary: every value, in vocabulary order, zeros included. */
function countClosed(
  resumes: readonly Resume[],
  values: readonly string[],
  read: (resume: Resume) => string,
): Record<string, number> {
  const counts = countBy(resumes, (resume) => [read(resume)]);
  return Object.fromEntries(values.map((value) => [value, counts[value] ?? 0]));
}

/**
 * The most listed skills, compared case-insensitively (as the `skill` filter does), each shown in
 * its most frequent spelling; most resumes first, then by name.
 */
export function topSkills(resumes: readonly Resume[], limit = TOP_SKILLS): { skill: string; count: number }[] {
  const groups = new Map<string, { count: number; spellings: Map<string, number> }>();
  for (const resume of resumes) {
    const counted = new Set<string>();
    for (const skill of resume.skills) {
      const key = skill.toLowerCase();
      const group = groups.get(key) ?? { count: 0, spellings: new Map<string, number>() };
      groups.set(key, group);
      group.spellings.set(skill, (group.spellings.get(skill) ?? 0) + 1);
      if (counted.has(key)) continue; // a resume counts once per skill, however it spells it
      counted.add(key);
      group.count += 1;
    }
  }
  const named = [...groups.values()].map((group) => {
    const [skill] = [...group.spellings].sort((a, b) => b[1] - a[1] || compareStrings(a[0], b[0]))[0]!;
    return { skill, count: group.count };
  });
  return named.sort((a, b) => b.count - a.count || compareStrings(a.skill, b.skill)).slice(0, limit);
}

/** The earliest and latest `updated_at` as written in the seeds (compared as instants, past the millisecond too). */
function updateRange(resumes: readonly Resume[]): { min: string | null; max: string | null } {
  const ranks = updateRanksOf(resumes);
  let min: number | undefined;
  let max: number | undefined;
  for (let position = 0; position < resumes.length; position += 1) {
    if (min === undefined || ranks[position]! < ranks[min]!) min = position;
    if (max === undefined || ranks[position]! > ranks[max]!) max = position;
  }
  return {
    min: min === undefined ? null : resumes[min]!.updated_at,
    max: max === undefined ? null : resumes[max]!.updated_at,
  };
}

/** Every figure of `/stats` for a list of resumes. */
export function resumeStats(resumes: readonly Resume[]) {
  const years = resumes.map((resume) => resume.experience_years);
  return {
    total: resumes.length,
    with_contacts: resumes.filter(hasContacts).length,
    by_role: countBy(resumes, (resume) => [resume.role]),
    by_vertical: countBy(resumes, (resume) => resume.verticals),
    by_traffic: countBy(resumes, (resume) => resume.traffic),
    by_seniority: countClosed(resumes, SENIORITIES, (resume) => resume.seniority),
    by_contact_quality: countClosed(resumes, CONTACT_QUALITIES, (resume) => resume.contact_quality),
    by_source: countBy(resumes, (resume) => [resume.source]),
    top_skills: topSkills(resumes),
    updated_at: updateRange(resumes),
    experience_years:
      years.length === 0
        ? { median: null, mean: null }
        : { median: roundTo(median(years), EXPERIENCE_DECIMALS), mean: roundTo(mean(years), EXPERIENCE_DECIMALS) },
  };
}

export const resumeStatsEndpoint: Endpoint = {
  id: "resumes.stats",
  service: "resumes",
  path: "/stats",
  summary:
    "Aggregate statistics of the resume database: totals, counts by role, vertical, traffic, seniority, contact quality and source, top skills, update range, experience median and mean",
  format: "json",
  response: resumeStatsResponse,
  params: [],
  run: (context) => ({ kind: "json", body: envelope(context, "resumes", resumeStats(context.dataset.resumes)) }),
};
