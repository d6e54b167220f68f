/**
 * `/brands`: the paginated brand list with status, has_license, country and q filters.
 * @module
 */
import type { BrandRecord } from "../../compute/dataset.ts";
import { HttpError } from "../../errors.ts";
import { dropNaturalOrder, effectiveOrder, limitParam, listParam, orderParam, pageParam, perPageParam, sortItems, sortParam } from "../common-params.ts";
import type { Endpoint, KeySpaceEntry } from "../endpoint.ts";
import { envelope, paginate } from "../envelope.ts";
import { containsAllWords, foldedTextOf, queryWords } from "../text-match.ts";
import { BRAND_SORTS } from "./brand-params.ts";
import { brandsResponse } from "../schemas/dataset-brands.ts";

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

export const brandsEndpoint: Endpoint = {
  id: "dataset.brands",
  service: "dataset",
  path: "/brands",
  summary: "Paginated brand list with Trust Score",
  format: "json",
  response: brandsResponse,
  params: [
    { name: "status", type: "closed", values: BRAND_STATUSES, multi: true, description: "Brand status" },
    { name: "has_license", type: "bool", description: "1 keeps brands with at least one active license, 0 those without" },
    { name: "country", type: "open", normalise: "country", multi: true, description: "Markets the brand operates in (ISO code; UK = GB)" },
    { name: "q", type: "text", maxLength: 200, description: "Words that must all occur in the brand's name or slug; text with nothing left once accents are removed (a lone accent) matches nothing" },
    sortParam(BRAND_SORTS, "name"),
    orderParam,
    pageParam,
    perPageParam(100, 50),
    limitParam(100, undefined, "Alias of per_page"),
  ],
  aliases: { limit: "per_page" },
  validate: (params) => dropNaturalOrder(params, BRAND_SORTS, "name"),
  run: (context, { params }) => {
    const statuses = listParam(params, "status");
    const countries = listParam(params, "country");
    const words = params.q === undefined ? undefined : queryWords(String(params.q));
    const matching = context.dataset.brands.filter(
      (brand) =>
        (statuses.length === 0 || statuses.includes(brand.status)) &&
        (params.has_license === undefined || (brand.licenses_count > 0) === params.has_license) &&
        (countries.length === 0 || brand.markets.some((market) => countries.includes(market))) &&
        (words === undefined || containsAllWords(searchText(brand), words)),
    );
    const { sort, order } = effectiveOrder(params, BRAND_SORTS, "name");
    const sorted = sortItems(matching, BRAND_SORTS[sort]!, order, (brand) => brand.slug);
    const { items, pagination } = paginate(sorted, Number(params.page ?? 1), Number(params.per_page ?? 50));
    return { kind: "json", body: envelope(context, "dataset", items.map(brandListItem), { sort, order }, pagination), pagination };
  },
  keySpace: function* (context): Generator<KeySpaceEntry> {
    const pages = (count: number) => Math.max(1, Math.ceil(count / 50));
    const { brands } = context.dataset;
    for (let page = 1; page <= pages(brands.length); page += 1) yield { pathParams: {}, pairs: page === 1 ? [] : [["page", String(page)]], priority: page === 1 ? 0 : 2 };
    for (const status of BRAND_STATUSES) yield { pathParams: {}, pairs: [["status", status]], priority: 3 };
    for (const flag of ["1", "0"]) yield { pathParams: {}, pairs: [["has_license", flag]], priority: 3 };
    for (const country of context.dataset.countries) yield { pathParams: {}, pairs: [["country", country.code]], priority: 3 };
    for (const sort of Object.keys(BRAND_SORTS)) yield { pathParams: {}, pairs: [["sort", sort]], priority: 3 };
  },
};

/** The 404 for an unknown brand slug. */
export function brandNotFound(slug: string): HttpError {
  return new HttpError(404, "brand_not_found", `No brand has the slug '${slug.slice(0, 100)}'.`, { slug: slug.slice(0, 100) });
}
