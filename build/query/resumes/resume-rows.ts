/**
 * The resume rows the list works on, prepared once per dataset: `updated_at` parsed, and every resume
 * already in each sort's order, so a query without `q` only filters (which keeps the order) and a
 * query with `q` picks its matches out of that order instead of sorting them again.
 * @module
 */
import type { Resume } from "../../load/schemas.ts";
import { sortItems, type SortField } from "../common-params.ts";
import { finerDigits } from "../param-spec.ts";

/** A resume as the filters and sorts see it: the record, its position and its `updated_at` as a rank (updateRanksOf). */
export interface ResumeRow {
  resume: Resume;
  /** Index in `dataset.resumes` (ascending id), which is also the search index's document position. */
  position: number;
  /** Its update instant's rank, not epoch milliseconds: those cannot tell apart times within one millisecond. */
  time: number;
  /** The search score rounded to 4 decimals (as shown), when the query has `q`. */
  score?: number;
}

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

function compareInstants(ms: number, finer: string, otherMs: number, otherFiner: string): number {
  if (ms !== otherMs) return ms < otherMs ? -1 : 1;
  return finer < otherFiner ? -1 : finer > otherFiner ? 1 : 0;
}

/** The distinct update instants, ascending, and the index of each resume's instant among them. */
interface UpdateOrder {
  ms: number[];
  finer: string[];
  ranks: Float64Array;
}

const updateOrders = new WeakMap<readonly Resume[], UpdateOrder>();

function updateOrderOf(resumes: readonly Resume[]): UpdateOrder {
  let order = updateOrders.get(resumes);
  if (order === undefined) {
    const times = updateTimesOf(resumes);
    const finer = resumes.map((resume) => finerDigits(resume.updated_at));
    const positions = resumes
      .map((_, position) => position)
      .sort((a, b) => compareInstants(times[a]!, finer[a]!, times[b]!, finer[b]!));
    const built: UpdateOrder = { ms: [], finer: [], ranks: new Float64Array(resumes.length) };
    for (const position of positions) {
      const last = built.ms.length - 1;
      if (last < 0 || compareInstants(built.ms[last]!, built.finer[last]!, times[position]!, finer[position]!) !== 0) {
        built.ms.push(times[position]!);
        built.finer.push(finer[position]!);
      }
      built.ranks[position] = built.ms.length - 1;
    }
    updateOrders.set(resumes, (order = built));
  }
  return order;
}

/**
 * Each resume's `updated_at` as its rank among the distinct update instants: the same for one instant
 * however it is written, higher for a later one, and exact past the millisecond, where epoch
 * milliseconds are not (a database export with microseconds has times apart by less).
 */
export function updateRanksOf(resumes: readonly Resume[]): Float64Array {
  return updateOrderOf(resumes).ranks;
}

/**
 * The lowest rank of an update instant at or after `dateTime` (as parseDateTime writes it): a resume
 * was updated at or after that instant exactly when its rank is at least this.
 */
export function rankAtOrAfter(resumes: readonly Resume[], dateTime: string): number {
  const { ms, finer } = updateOrderOf(resumes);
  const boundMs = Date.parse(dateTime);
  const boundFiner = finerDigits(dateTime);
  let low = 0;
  let high = ms.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compareInstants(ms[middle]!, finer[middle]!, boundMs, boundFiner) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Every resume as a row, in a sort's order with the id tie-break; kept per dataset, sort and direction. */
export function rowsInOrder(
  resumes: readonly Resume[],
  sort: string,
  field: SortField<ResumeRow>,
  order: "asc" | "desc",
): readonly ResumeRow[] {
  let cache = orders.get(resumes);
  if (cache === undefined) {
    cache = new Map();
    orders.set(resumes, cache);
  }
  const key = `${sort} ${order}`;
  let rows = cache.get(key);
  if (rows === undefined) {
    const times = updateRanksOf(resumes);
    rows = sortItems(
      resumes.map((resume, position) => ({ resume, position, time: times[position]! })),
      field,
      order,
      (row) => row.resume.id,
    );
    cache.set(key, rows);
  }
  return rows;
}

/**
 * The search matches in the order of `ordered`: one pass over it, no sort. `scores[i]` belongs to
 * `positions[i]`; each kept row carries its score.
 */
export function matchesInOrder(
  ordered: readonly ResumeRow[],
  positions: Uint32Array,
  scores: ArrayLike<number>,
): ResumeRow[] {
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
