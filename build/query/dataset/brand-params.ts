/**
 * Sort tables of the brand family.
 * @module
 */
import type { BrandRecord } from "../../compute/dataset.ts";
import type { SortField } from "../common-params.ts";

export const BRAND_SORTS: Record<string, SortField<BrandRecord>> = {
  slug: { natural: "asc", value: (brand) => brand.slug },
  name: { natural: "asc", value: (brand) => brand.name.toLowerCase() },
  licenses_count: { natural: "desc", value: (brand) => brand.licenses_count },
  trust_score: { natural: "desc", value: (brand) => brand.trust.score },
};

export const TRUST_SORTS: Record<string, SortField<BrandRecord>> = {
  score: { natural: "desc", value: (brand) => brand.trust.score },
};
