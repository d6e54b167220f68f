/**
 * The resume rows the list works on, prepared once per dataset: `updated_at` parsed, and every resume
 * already in each sort's order, so a query without `q` only filters (which keeps the order) and a
 * query with `q` picks its matches out of that order instead of sorting them again.
 * @module
 */
import type { Resume } from "../../load/schemas.ts";
import { sortItems, type SortField } from "../common-params.ts";
import type { ResumeRow } from "./resume-filters.ts";

const updateTimes = new WeakMap<readonly Resume[], Float64Array>();
const orders = new WeakMap<readonly Resume[], Map<string, readonly ResumeRow[]>>();

/** `updated_at` of each resume as epoch milliseconds, parsed once per dataset (offsets are honoured). */
export function updateTimesOf(resumes: readonly Resume[]): Float64Array {
  let times = updateTimes.get(resumes);
  if (times === undefined) {
    times = Float64Array.from(resumes, (resume) => Date.parse(resume.updated_at));
    updateTimes.set(resumes, times);
  }
  return times;
}

/** Every resume as a row, in a sort's order with the id tie-break; kept per dataset, sort and direction. */
export function rowsInOrder(resumes: readonly Resume[], sort: string, field: SortField<ResumeRow>, order: "asc" | "desc"): readonly ResumeRow[] {
  let cache = orders.get(resumes);
  if (cache === undefined) {
    cache = new Map();
    orders.set(resumes, cache);
  }
  const key = `${sort} ${order}`;
  let rows = cache.get(key);
  if (rows === undefined) {
    const times = updateTimesOf(resumes);
    rows = sortItems(resumes.map((resume, position) => ({ resume, position, time: times[position]! })), field, order, (row) => row.resume.id);
    cache.set(key, rows);
  }
  return rows;
}

/**
 * The search matches in the order of `ordered`: one pass over it, no sort. `scores[i]` belongs to
 * `positions[i]`; each kept row carries its score.
 */
export function matchesInOrder(ordered: readonly ResumeRow[], positions: Uint32Array, scores: ArrayLike<number>): ResumeRow[] {
  const matched = new Uint8Array(ordered.length);
  const scoreAt = new Float64Array(ordered.length);
  positions.forEach((position, i) => {
    matched[position] = 1;
    scoreAt[position] = scores[i]!;
  });
  const rows: ResumeRow[] = [];
  for (const { resume, position, time } of ordered) {
    // A literal, not a spread: this runs for every match of a broad query.
    if (matched[position] === 1) rows.push({ resume, position, time, score: scoreAt[position]! });
  }
  return rows;
}
