/**
 * `/compare?brands=a,b`: 2 to 5 brands side by side, in the requested order.
 * @module
 */
import { HttpError } from "../../errors.ts";
import { listParam } from "../common-params.ts";
import type { Endpoint } from "../endpoint.ts";
import { envelope } from "../envelope.ts";
import { findBrand } from "./brand-card.ts";
import { compareResponse } from "../../response-schemas/dataset-brands.ts";

export const compareEndpoint: Endpoint = {
  id: "dataset.compare",
  service: "dataset",
  path: "/compare",
  summary: "Side-by-side comparison of 2 to 5 brands",
  format: "json",
  response: compareResponse,
  params: [
    {
      name: "brands",
      type: "open",
      normalise: "lower",
      multi: true,
      ordered: true,
      minItems: 2,
      maxItems: 5,
      description: "2 to 5 distinct brand slugs, comma-separated (required)",
    },
  ],
  validate: (params) => {
    if (params.brands === undefined) {
      throw new HttpError(
        400,
        "missing_parameter",
        "The 'brands' parameter is required: 2 to 5 brand slugs separated by commas.",
        { parameter: "brands" },
      );
    }
  },
  run: (context, { params }) => {
    const brands = listParam(params, "brands").map((slug) => findBrand(context, slug));
    const data = brands.map((brand) => {
      const licenses = context.index.licensesByBrand.get(brand.slug) ?? [];
      return {
        slug: brand.slug,
        name: brand.name,
        status: brand.status,
        trust: {
          score: brand.trust.score,
          grade: brand.trust.grade,
          provisional: brand.trust.provisional,
          coverage: brand.trust.coverage,
          // Null for a brand without a score: only scored brands are ranked (#26).
          rank: context.index.trustRankBySlug.get(brand.slug) ?? null,
          components: brand.trust.components,
        },
        // Without any license data in the data set, "0 licenses" would be a claim the data cannot make.
        licenses:
          context.dataset.licenses.length === 0
            ? null
            : {
                active: brand.licenses_count,
                total: licenses.length,
                regulators: [...new Set(licenses.map((license) => license.regulator_code))].sort(),
              },
        markets: brand.markets,
        review_rating: brand.reputation?.review_rating ?? null,
        review_count: brand.reputation?.review_count ?? null,
        app_stores: brand.app_stores,
        social: brand.social,
        payment_methods: brand.payment_methods,
      };
    });
    return { kind: "json", body: envelope(context, "dataset", data, { brands: brands.map((brand) => brand.slug) }) };
  },
  // The key space is combinatorial (800 brands choose 2..5): every comparison is computed on the fly.
  keySpace: function* () {},
};
