/**
 * `/trust-scores`: the Trust Score ranking, filterable by grade.
 * @module
 */
import { TRUST_GRADE_VALUES } from "../../compute/trust-score.ts";
import { dropNaturalOrder, effectiveOrder, listParam, orderParam, pageParam, perPageParam, sortItems, sortParam } from "../common-params.ts";
import type { Endpoint } from "../endpoint.ts";
import { envelope, paginate } from "../envelope.ts";
import { TRUST_SORTS } from "./brand-params.ts";
import { trustScoresResponse } from "../schemas/dataset-brands.ts";

export const trustScoresEndpoint: Endpoint = {
  id: "dataset.trustScores",
  service: "dataset",
  path: "/trust-scores",
  summary: "Trust Score 2.0 ranking",
  format: "json",
  response: trustScoresResponse,
  params: [
    { name: "grade", type: "closed", values: TRUST_GRADE_VALUES.map((grade) => grade.toLowerCase()), multi: true, description: "Grades to keep (A to E)" },
    sortParam(TRUST_SORTS, "score"),
    orderParam,
    pageParam,
    perPageParam(100, 50),
  ],
  validate: (params) => dropNaturalOrder(params, TRUST_SORTS, "score"),
  run: (context, { params }) => {
    const grades = listParam(params, "grade").map((grade) => grade.toUpperCase());
    const matching = context.dataset.brands.filter((brand) => grades.length === 0 || (brand.trust.grade !== null && grades.includes(brand.trust.grade)));
    const { sort, order } = effectiveOrder(params, TRUST_SORTS, "score");
    const sorted = sortItems(matching, TRUST_SORTS[sort]!, order, (brand) => brand.slug);
    const { items, pagination } = paginate(sorted, Number(params.page ?? 1), Number(params.per_page ?? 50));
    const data = items.map((brand) => ({ rank: context.index.trustRankBySlug.get(brand.slug) ?? 0, slug: brand.slug, name: brand.name, score: brand.trust.score, grade: brand.trust.grade, provisional: brand.trust.provisional, coverage: brand.trust.coverage }));
    return { kind: "json", body: envelope(context, "dataset", data, { sort, order, period: context.dataset.periods.at(-1) ?? null }, pagination), pagination };
  },
  keySpace: function* (context) {
    const pages = Math.max(1, Math.ceil(context.dataset.brands.length / 50));
    for (let page = 1; page <= pages; page += 1) yield { pathParams: {}, pairs: page === 1 ? [] : [["page", String(page)]], priority: page === 1 ? 0 : 2 };
    for (const grade of TRUST_GRADE_VALUES) yield { pathParams: {}, pairs: [["grade", grade]], priority: 3 };
  },
};
