/**
 * What `/resumes` and `/resumes/export` share: the parameter table, the sort rules, and the selection
 * of one page of resumes (search, filters, sort with the id tie-break, pagination).
 * @module
 */
import { RESUME_SEARCH_SETTINGS } from "../../search/resume-search-index.ts";
import { searchIndex } from "../../search/search-query.ts";
import {
  dropNaturalOrder,
  effectiveOrder,
  orderParam,
  pageParam,
  perPageParam,
  sortItems,
  sortParam,
  type SortField,
} from "../common-params.ts";
import type { EngineContext, Pagination } from "../endpoint.ts";
import { paginate } from "../envelope.ts";
import type { ParamSpec, Params } from "../param-spec.ts";
import { applyFilters, filterSpecs } from "../filter-rows.ts";
import { RESUME_FILTERS } from "./resume-filters.ts";
import { roundScore } from "./resume-records.ts";
import { matchesInOrder, rowsInOrder, updateRanksOf, type ResumeRow } from "./resume-rows.ts";
import { resumeSearchOf } from "./resume-search.ts";

export const RESUME_PAGE_SIZE = 50;
export const RESUME_PAGE_MAX = 200;

/** Sort fields; every one runs descending unless `order` says otherwise, then by id ascending. */
export const RESUME_SORTS: Record<string, SortField<ResumeRow>> = {
  date: { natural: "desc", value: (row) => row.time },
  experience: { natural: "desc", value: (row) => row.resume.experience_years },
  relevance: { natural: "desc", value: (row) => row.score ?? 0 },
};

/** "title, skills and text (weights 3, 2, 1)": the searched fields and their weights, read from the index's settings. */
const searchedFields = ((fields) =>
  `${fields
    .slice(0, -1)
    .map((field) => field.name)
    .join(", ")} and ${fields.at(-1)!.name} (weights ${fields.map((field) => field.weight).join(", ")})`)(
  RESUME_SEARCH_SETTINGS.fields,
);

const qParam: ParamSpec = {
  name: "q",
  type: "text",
  maxLength: 200,
  description:
    `Full-text search in the ${searchedFields}: every word must match in some form, the last one also as the start of a word; ` +
    "case- and accent-insensitive in Latin and Cyrillic alike (ё = е), with no transliteration between scripts; punctuation only separates words (no phrases or operators). " +
    "Forms: a word matches as written, then any form of its Snowball stem in the resume's language (менеджеров finds менеджер, managers finds manager), " +
    "then the publisher's synonyms (медиабайер finds media buyer), then with a typo: a word of 5 letters or more may be one edit away (a letter inserted, deleted, replaced or two swapped), " +
    "9 or more two, never a word with a digit, never its first letter and never through the last word's prefix. " +
    "Items then carry a relevance score; more words matched as written always rank first. Text without letters or digits matches nothing",
};

/** The parameters of the list and the export, in documentation order. */
export const RESUME_LIST_PARAMS: readonly ParamSpec[] = [
  qParam,
  ...filterSpecs(RESUME_FILTERS),
  {
    ...sortParam(RESUME_SORTS, "date"),
    description:
      "date (updated_at, the default, also with q), experience (experience_years) or relevance (needs q; without q the list sorts by date and meta.sort says so)",
  },
  // Every sort here runs descending by nature, so `desc` is the default whatever the sort, as the
  // interface description states ("order: asc or desc (default desc)").
  {
    ...orderParam,
    default: "desc",
    description: "asc or desc (default desc, for every sort); ties are broken by id ascending",
  },
  pageParam,
  perPageParam(RESUME_PAGE_MAX, RESUME_PAGE_SIZE),
];

/**
 * Canonical forms: an empty `q` is no `q`, `relevance` without `q` is the default date sort, and the
 * natural `order` is dropped, so equivalent queries share one key (and one precomputed file).
 */
export function normaliseResumeParams(params: Params): void {
  if (params.q === "") delete params.q;
  if (params.sort === "relevance" && params.q === undefined) delete params.sort;
  dropNaturalOrder(params, RESUME_SORTS, "date");
}

/** One page of matching resumes, with the effective sort and order. */
export interface ResumeSelection {
  rows: ResumeRow[];
  pagination: Pagination;
  sort: string;
  order: "asc" | "desc";
  searched: boolean;
}

/**
 * The candidate rows in the requested order. Relevance sorts the matches; date and experience take
 * them out of the dataset's precomputed order.
 */
function orderedCandidates(
  context: EngineContext,
  q: string | undefined,
  sort: string,
  order: "asc" | "desc",
): readonly ResumeRow[] {
  const { resumes } = context.dataset;
  const field = RESUME_SORTS[sort]!;
  if (q === undefined) return rowsInOrder(resumes, sort, field, order);
  const { positions, scores } = searchIndex(resumeSearchOf(context), q);
  if (sort !== "relevance") return matchesInOrder(rowsInOrder(resumes, sort, field, order), positions, scores);
  const times = updateRanksOf(resumes);
  // Sorted on the score as shown (4 decimals), so rows showing the same score fall back to the id order.
  const rows = Array.from(
    positions,
    (position, i): ResumeRow => ({
      resume: resumes[position]!,
      position,
      time: times[position]!,
      score: roundScore(scores[i]!),
    }),
  );
  return sortItems(rows, field, order, (row) => row.resume.id);
}

/** Searches, filters, sorts and paginates the resumes for normalised params. */
export function selectResumes(context: EngineContext, params: Params): ResumeSelection {
  const q = params.q === undefined ? undefined : String(params.q);
  const { sort, order } = effectiveOrder(params, RESUME_SORTS, "date");
  // Filtering keeps the order, so the rows come out sorted.
  const matching = applyFilters(
    orderedCandidates(context, q, sort, order),
    RESUME_FILTERS,
    params,
    context.dataset.resumes,
  );
  const { items, pagination } = paginate(
    matching,
    Number(params.page ?? 1),
    Number(params.per_page ?? RESUME_PAGE_SIZE),
  );
  return { rows: items, pagination, sort, order, searched: q !== undefined };
}
