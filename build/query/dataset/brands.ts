/**
 * `/brands`: the paginated brand list with status, has_license, country and q filters.
 * @module
 */
import type { BrandRecord } from "../../compute/dataset.ts";
import { HttpError } from "../../errors.ts";
import {
  dropNaturalOrder,
  effectiveOrder,
  limitParam,
  orderParam,
  pageParam,
  perPageParam,
  sortItems,
  sortParam,
} from "../common-params.ts";
import type { EngineContext, Endpoint, KeySpaceEntry } from "../endpoint.ts";
import { envelope, paginate } from "../envelope.ts";
import { anyOfFilter, applyFilters, filterSpecs, filterValueQueries, type FilterRow } from "../filter-rows.ts";
import { defaultPages, singleValues } from "../key-space.ts";
import { foldedTextOf } from "../text-match.ts";
import { countryFilter, wordsFilter } from "./dataset-filters.ts";
import { BRAND_SORTS } from "./brand-params.ts";
import { brandsResponse } from "../../response-schemas/dataset-brands.ts";

export const BRAND_STATUSES = ["active", "dormant", "closed"] as const;

/** The list item of a brand (contract §2 field names). */
export function brandListItem(brand: BrandRecord) {
  return {
    slug: brand.slug,
    name: brand.name,
    licenses_count: brand.licenses_count,
    trust_score: brand.trust.score,
    trust_grade: brand.trust.grade,
    trust_provisional: brand.trust.provisional,
    status: brand.status,
  };
}

/** The text `q` searches, folded: the brand's name and slug. */
const searchText = foldedTextOf((brand: BrandRecord) => `${brand.name} ${brand.slug}`);

const BRAND_FILTERS: readonly FilterRow<BrandRecord, EngineContext>[] = [
  anyOfFilter(
    { name: "status", type: "closed", values: BRAND_STATUSES, multi: true, description: "Brand status" },
    (brand) => brand.status,
    { values: () => BRAND_STATUSES },
  ),
  {
    spec: {
      name: "has_license",
      type: "bool",
      description:
        "1 keeps brands with at least one active license, 0 those without; neither keeps a brand whose licenses are unknown (the data set has no license data)",
    },
    // An unknown count is neither "has" nor "has not" (#26).
    keep: (value) => (brand) => brand.licenses_count !== null && brand.licenses_count > 0 === value,
    values: () => ["1", "0"],
  },
  countryFilter(
    "Markets the brand operates in (ISO code; UK = GB)",
    (brand) => brand.markets,
    (context) => context.dataset.countries.map((country) => country.code),
  ),
  wordsFilter(
    "Words that must all occur in the brand's name or slug; names are matched as written, and an English plural also finds its singular (slots → slot, bonuses → bonus); text with nothing left once accents are removed (a lone accent) matches nothing",
    searchText,
  ),
];

export const brandsEndpoint: Endpoint = {
  id: "dataset.brands",
  service: "dataset",
  path: "/brands",
  summary: "Paginated brand list with Trust Score",
  format: "json",
  response: brandsResponse,
  params: [
    ...filterSpecs(BRAND_FILTERS),
    sortParam(BRAND_SORTS, "name"),
    orderParam,
    pageParam,
    perPageParam(100, 50),
    limitParam(100, undefined, "Alias of per_page"),
  ],
  aliases: { limit: "per_page" },
  validate: (params) => dropNaturalOrder(params, BRAND_SORTS, "name"),
  run: (context, { params }) => {
    const matching = applyFilters(context.dataset.brands, BRAND_FILTERS, params, context);
    const { sort, order } = effectiveOrder(params, BRAND_SORTS, "name");
    const sorted = sortItems(matching, BRAND_SORTS[sort]!, order, (brand) => brand.slug);
    const { items, pagination } = paginate(sorted, Number(params.page ?? 1), Number(params.per_page ?? 50));
    return {
      kind: "json",
      body: envelope(context, "dataset", items.map(brandListItem), { sort, order }, pagination),
      pagination,
    };
  },
  keySpace: function* (context): Generator<KeySpaceEntry> {
    yield* defaultPages(context.dataset.brands.length);
    yield* filterValueQueries(BRAND_FILTERS, context);
    yield* singleValues("sort", Object.keys(BRAND_SORTS));
  },
};

/** The 404 for an unknown brand slug. */
export function brandNotFound(slug: string): HttpError {
  return new HttpError(404, "brand_not_found", `No brand has the slug '${slug.slice(0, 100)}'.`, {
    slug: slug.slice(0, 100),
  });
}
