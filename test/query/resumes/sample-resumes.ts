/**
 * The sample's resumes read straight from the seed file (the one the global setup built), and a
 * plain re-implementation of the list's filter and sort rules to check the API against.
 */
import { readFileSync } from "node:fs";
import type { Resume } from "../../../build/load/schemas.ts";

export const RESUME_BASE = "/resume/api/v1";

let cached: Resume[] | undefined;

/** Every sample resume, by ascending id. */
export function sampleResumes(): Resume[] {
  cached ??= readFileSync("seeds/resumes/resumes.ndjson", "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as Resume)
    .sort((a, b) => a.id - b.id);
  return cached;
}

const time = (resume: Resume) => Date.parse(resume.updated_at);

/** Ids in the list's order: by date or experience, in a direction, ties by id ascending. */
export function expectedIds(
  resumes: readonly Resume[],
  sort: "date" | "experience" = "date",
  order: "asc" | "desc" = "desc",
): number[] {
  const value = sort === "date" ? time : (resume: Resume) => resume.experience_years;
  const sign = order === "asc" ? 1 : -1;
  return [...resumes].sort((a, b) => (value(a) - value(b)) * sign || a.id - b.id).map((resume) => resume.id);
}

/** The list response shape the tests read. */
export interface ListBody {
  meta: Record<string, unknown> & {
    page: number;
    per_page: number;
    total: number;
    pages: number;
    sort: string;
    order: string;
  };
  data: (Record<string, unknown> & { id: number; updated_at: string; experience_years: number; score?: number })[];
}

/** Every id of a list query, walking its pages 200 at a time. */
export async function allIds(get: (path: string) => Promise<Response>, query: string): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; ; page += 1) {
    const body = (await (
      await get(`${RESUME_BASE}/resumes?${query}${query ? "&" : ""}per_page=200&page=${page}`)
    ).json()) as ListBody;
    ids.push(...body.data.map((item) => item.id));
    if (page >= body.meta.pages) return ids;
  }
}
