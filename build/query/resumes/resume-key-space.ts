/**
 * What the build precomputes for the resume service, within its share of the file budget: every page
 * of the default list and export, each enumerable filter value on its own (list and export), and as
 * many resume cards as the share leaves room for, most recently updated first (issue 4).
 * @module
 */
import type { Dataset } from "../../compute/dataset.ts";
import type { EngineContext, KeySpaceEntry } from "../endpoint.ts";
import { RESUME_FILTERS } from "./resume-filters.ts";
import { updateTimesOf } from "./resume-rows.ts";
import { RESUME_PAGE_SIZE } from "./resume-selection.ts";

/** The resume service's share of the 20,000-file budget it shares with the dataset service. */
export const RESUME_FILE_SHARE = 5000;

/** Pages of the default list (at least one: an empty list still has its page 1). */
function defaultPages(dataset: Dataset): number {
  return Math.max(1, Math.ceil(dataset.resumes.length / RESUME_PAGE_SIZE));
}

/** Each enumerable filter with each of its values present in the data, as one-pair queries. */
function singleValues(dataset: Dataset): [string, string][] {
  return RESUME_FILTERS.flatMap((filter) => (filter.values?.(dataset.resumes) ?? []).map((value): [string, string] => [filter.spec.name, value]));
}

function* pagesAndValues(context: EngineContext): Generator<KeySpaceEntry> {
  const pages = defaultPages(context.dataset);
  for (let page = 1; page <= pages; page += 1) yield { pathParams: {}, pairs: page === 1 ? [] : [["page", String(page)]], priority: page === 1 ? 0 : 2 };
  for (const pair of singleValues(context.dataset)) yield { pathParams: {}, pairs: [pair], priority: 3 };
}

/** `/resumes`: every default page (page 1 first), then each single filter value. */
export const listKeySpace = pagesAndValues;

/** `/resumes/export`: the same queries as the list. */
export const exportKeySpace = pagesAndValues;

/** How many cards fit in the share once the list and export pages and filter values are counted. */
export function cardAllowance(dataset: Dataset): number {
  const pageFiles = 2 * (defaultPages(dataset) + singleValues(dataset).length);
  return Math.max(0, RESUME_FILE_SHARE - pageFiles);
}

/** `/resumes/{id}`: the cards of the most recently updated resumes, as many as the share allows. */
export function* cardKeySpace(context: EngineContext): Generator<KeySpaceEntry> {
  const { resumes } = context.dataset;
  const allowance = cardAllowance(context.dataset);
  const times = updateTimesOf(resumes);
  const positions = resumes.map((_, position) => position);
  if (allowance < resumes.length) positions.sort((a, b) => times[b]! - times[a]! || resumes[a]!.id - resumes[b]!.id);
  for (const position of positions.slice(0, allowance)) yield { pathParams: { id: String(resumes[position]!.id) }, pairs: [], priority: 1 };
}
