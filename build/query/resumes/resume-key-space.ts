/**
 * What the build precomputes for the resume service, within its share of the file budget: every page
 * of the default list and export, each enumerable filter value on its own (list and export), and as
 * many resume cards as the share leaves room for, most recently updated first (issue 4).
 * @module
 */
import type { Dataset } from "../../compute/dataset.ts";
import type { EngineContext, KeySpaceEntry } from "../endpoint.ts";
import { filterValueQueries } from "../filter-rows.ts";
import { defaultPages } from "../key-space.ts";
import { RESUME_FILTERS } from "./resume-filters.ts";
import { updateTimesOf } from "./resume-rows.ts";
import { RESUME_PAGE_SIZE } from "./resume-selection.ts";

/** The resume service's share of the 20,000-file budget it shares with the dataset service. */
export const RESUME_FILE_SHARE = 5000;

function* pagesAndValues(dataset: Dataset): Generator<KeySpaceEntry> {
  yield* defaultPages(dataset.resumes.length, RESUME_PAGE_SIZE);
  yield* filterValueQueries(RESUME_FILTERS, dataset.resumes);
}

/** `/resumes`: every default page (page 1 first), then each single filter value. */
export const listKeySpace = (context: EngineContext) => pagesAndValues(context.dataset);

/** `/resumes/export`: the same queries as the list. */
export const exportKeySpace = listKeySpace;

/** How many cards fit in the share once the list and export pages and filter values are counted. */
export function cardAllowance(dataset: Dataset): number {
  const pageFiles = 2 * [...pagesAndValues(dataset)].length;
  return Math.max(0, RESUME_FILE_SHARE - pageFiles);
}

/** `/resumes/{id}`: the cards of the most recently updated resumes, as many as the share allows. */
export function* cardKeySpace(context: EngineContext): Generator<KeySpaceEntry> {
  const { resumes } = context.dataset;
  const allowance = cardAllowance(context.dataset);
  const times = updateTimesOf(resumes);
  const positions = resumes.map((_, position) => position);
  if (allowance < resumes.length) positions.sort((a, b) => times[b]! - times[a]! || resumes[a]!.id - resumes[b]!.id);
  for (const position of positions.slice(0, allowance))
    yield { pathParams: { id: String(resumes[position]!.id) }, pairs: [], priority: 1 };
}
