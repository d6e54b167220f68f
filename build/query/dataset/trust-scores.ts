/**
 * `/trust-scores`: the Trust Score ranking, filterable by grade.
 * @module
 */
import { utcDateOf } from "../../shared/utc-date.ts";
import { TRUST_GRADE_VALUES } from "../../response-schemas/vocabularies.ts";
import type { BrandRecord } from "../../compute/dataset.ts";
import {
  dropNaturalOrder,
  effectiveOrder,
  orderParam,
  pageParam,
  perPageParam,
  sortItems,
  sortParam,
} from "../common-params.ts";
import type { EngineContext, Endpoint } from "../endpoint.ts";
import { envelope, paginate } from "../envelope.ts";
import { anyOfFilter, applyFilters, filterSpecs, filterValueQueries, type FilterRow } from "../filter-rows.ts";
import { defaultPages } from "../key-space.ts";
import { TRUST_SORTS } from "./brand-params.ts";
import { trustScoresResponse } from "../../response-schemas/dataset-brands.ts";

const TRUST_FILTERS: readonly FilterRow<BrandRecord, EngineContext>[] = [
  anyOfFilter(
    {
      name: "grade",
      type: "closed",
      values: TRUST_GRADE_VALUES.map((grade) => grade.toLowerCase()),
      multi: true,
      description: "Grades to keep (A to E)",
    },
    (brand) => brand.trust.grade?.toLowerCase() ?? [],
    { values: () => TRUST_GRADE_VALUES },
  ),
];

export const trustScoresEndpoint: Endpoint = {
  id: "dataset.trustScores",
  service: "dataset",
  path: "/trust-scores",
  summary: "Trust Score 2.0 ranking",
  format: "json",
  response: trustScoresResponse,
  params: [
    ...filterSpecs(TRUST_FILTERS),
    sortParam(TRUST_SORTS, "score"),
    orderParam,
    pageParam,
    perPageParam(100, 50),
  ],
  validate: (params) => dropNaturalOrder(params, TRUST_SORTS, "score"),
  run: (context, { params }) => {
    const matching = applyFilters(context.dataset.brands, TRUST_FILTERS, params, context);
    const { sort, order } = effectiveOrder(params, TRUST_SORTS, "score");
    const sorted = sortItems(matching, TRUST_SORTS[sort]!, order, (brand) => brand.slug);
    const { items, pagination } = paginate(sorted, Number(params.page ?? 1), Number(params.per_page ?? 50));
    const data = items.map((brand) => ({
      // Null for a brand without a score (#26): it is listed after the ranked ones, as every null sorts.
      rank: context.index.trustRankBySlug.get(brand.slug) ?? null,
      slug: brand.slug,
      name: brand.name,
      score: brand.trust.score,
      grade: brand.trust.grade,
      provisional: brand.trust.provisional,
      coverage: brand.trust.coverage,
    }));
    return {
      kind: "json",
      body: envelope(
        context,
        "dataset",
        data,
        // The scores are as of the snapshot (#27), so they are of its month.
        { sort, order, period: utcDateOf(context.dataset.meta.snapshot_at).slice(0, 7) },
        pagination,
      ),
      pagination,
    };
  },
  keySpace: function* (context) {
    yield* defaultPages(context.dataset.brands.length);
    yield* filterValueQueries(TRUST_FILTERS, context);
  },
};
