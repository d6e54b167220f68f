/**
 * The resume list's filters as data (filter-rows.ts): one row per parameter with its spec, its predicate
 * over the resume rows, and, for the enumerable ones, the values the build precomputes (issue 4).
 * @module
 */
import { compareStrings } from "../../compute/compare.ts";
import type { Resume } from "../../load/schemas.ts";
import { valueList, type FilterRow } from "../filter-rows.ts";
import { hasContacts } from "./resume-records.ts";
import { rankAtOrAfter, type ResumeRow } from "./resume-rows.ts";

export const SENIORITIES = ["junior", "middle", "senior", "lead", "head"] as const;
export const CONTACT_QUALITIES = ["direct", "service", "none"] as const;

/** A filter of the resume list: its predicates are made from the resumes' key indexes. */
export type ResumeFilter = FilterRow<ResumeRow, readonly Resume[]>;

/** Per dataset, per filter: the positions of the resumes holding each key, indexed on first use. */
const keyIndexes = new WeakMap<readonly Resume[], Map<string, Map<string, number[]>>>();

function positionsByKey(
  resumes: readonly Resume[],
  name: string,
  read: (resume: Resume) => readonly string[],
): Map<string, number[]> {
  let byFilter = keyIndexes.get(resumes);
  if (byFilter === undefined) keyIndexes.set(resumes, (byFilter = new Map()));
  let index = byFilter.get(name);
  if (index === undefined) {
    index = new Map();
    resumes.forEach((resume, position) => {
      for (const key of read(resume)) {
        const positions = index!.get(key);
        if (positions === undefined) index!.set(key, [position]);
        else if (positions.at(-1) !== position) positions.push(position);
      }
    });
    byFilter.set(name, index);
  }
  return index;
}

/**
 * The predicate "holds any of the wanted keys" as one byte lookup per row: the wanted keys' resumes are
 * marked once per query from the index, instead of each row's keys being read and compared (issue 7:
 * filtered pages computed on the fly spent most of their time here).
 */
function markedKeys(
  resumes: readonly Resume[],
  name: string,
  read: (resume: Resume) => readonly string[],
  wanted: readonly string[],
): (row: ResumeRow) => boolean {
  const index = positionsByKey(resumes, name, read);
  const marked = new Uint8Array(resumes.length);
  for (const key of wanted) for (const position of index.get(key) ?? []) marked[position] = 1;
  return (row) => marked[row.position] === 1;
}

/** The distinct values of a field over all resumes, sorted. */
function present(read: (resume: Resume) => readonly string[]): (resumes: readonly Resume[]) => string[] {
  return (resumes) => [...new Set(resumes.flatMap(read))].sort(compareStrings);
}

/** An open vocabulary of keys (any value accepted; unknown ones match nothing). */
function keyFilter(name: string, description: string, read: (resume: Resume) => readonly string[]): ResumeFilter {
  return {
    spec: { name, type: "open", normalise: "lower", multi: true, description },
    keep: (value, resumes) => markedKeys(resumes, name, read, valueList(value)),
    values: present(read),
  };
}

/** A closed vocabulary (unknown values are a 400). */
function closedFilter(
  name: string,
  values: readonly string[],
  description: string,
  read: (resume: Resume) => string,
): ResumeFilter {
  return {
    spec: { name, type: "closed", values, multi: true, description },
    keep: (value, resumes) => markedKeys(resumes, name, (resume) => [read(resume)], valueList(value)),
    values: (resumes) => values.filter((item) => resumes.some((resume) => read(resume) === item)),
  };
}

function dateFilter(name: "since" | "until", description: string): ResumeFilter {
  return {
    spec: { name, type: "datetime", description },
    keep: (value, resumes) => {
      const bound = rankAtOrAfter(resumes, String(value));
      return name === "since" ? (row) => row.time >= bound : (row) => row.time < bound;
    },
  };
}

/** Every filter of `/resumes` and `/resumes/export`, in documentation order (after `q`). */
export const RESUME_FILTERS: readonly ResumeFilter[] = [
  keyFilter(
    "role",
    "Role key, e.g. media_buyer, affiliate_manager, seo; comma-separated for any of several (case-insensitive)",
    (r) => [r.role],
  ),
  keyFilter(
    "vertical",
    "Vertical key, e.g. gambling, betting, crypto, nutra; a resume matches when it lists any of the values",
    (r) => r.verticals,
  ),
  keyFilter(
    "traffic",
    "Traffic-source key, e.g. facebook, google, seo, push; a resume matches when it lists any of the values",
    (r) => r.traffic,
  ),
  closedFilter(
    "seniority",
    SENIORITIES,
    "Seniority level: junior, middle, senior, lead or head; comma-separated for any of several",
    (r) => r.seniority,
  ),
  {
    spec: {
      name: "skill",
      type: "open",
      normalise: "lower",
      multi: true,
      description:
        "Skill name as listed on resumes, e.g. Keitaro or Google Ads (case-insensitive, whole name); comma-separated for any of several",
    },
    keep: (value, resumes) =>
      markedKeys(resumes, "skill", (resume) => resume.skills.map((skill) => skill.toLowerCase()), valueList(value)),
  },
  closedFilter(
    "contact_quality",
    CONTACT_QUALITIES,
    "How the candidate can be reached: direct (e-mail, Telegram or phone), service (a profile link only) or none",
    (r) => r.contact_quality,
  ),
  {
    spec: {
      name: "has_contacts",
      type: "bool",
      description: "1 or true keeps resumes with at least one contact, 0 or false those without",
    },
    keep: (value, resumes) =>
      markedKeys(resumes, "has_contacts", (resume) => [hasContacts(resume) ? "1" : "0"], [value === true ? "1" : "0"]),
    values: () => ["1", "0"],
  },
  keyFilter(
    "source",
    "Source key: where the directory found the resume, e.g. linkedin, hh, job_board (case-insensitive)",
    (r) => [r.source],
  ),
  dateFilter(
    "since",
    "Only resumes updated at or after this instant: ISO 8601 date (midnight UTC) or date-time (UTC unless it has an offset); inclusive",
  ),
  dateFilter(
    "until",
    "Only resumes updated before this instant: ISO 8601 date (midnight UTC) or date-time (UTC unless it has an offset); exclusive",
  ),
];
