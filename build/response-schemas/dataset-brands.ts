/**
 * Response schemas of the brand family: `/brands`, `/brands/{slug}`, `/brands/{slug}/trust-history`,
 * `/trust-scores` and `/compare`.
 * @module
 */
import { z } from "zod";
import { brandSchema, domainSchema, licenseSchema, reputationSchema } from "../load/schemas.ts";
import { envelopeOf, pageOf } from "./envelope.ts";
import { licenseStatuses } from "./dataset-catalog.ts";
import {
  count,
  countryCode,
  jurisdictionCode,
  orderEcho,
  period,
  rank,
  score100,
  slug,
  sortEcho,
  trustComponents,
  trustCoverage,
  trustGradeOrNull,
  trustProvisional,
  trustScore,
  trustWeights,
} from "./primitives.ts";

const licensesCount = count
  .nullable()
  .describe(
    "Licenses active at the snapshot date; null when the data set has no license data at all (unknown), 0 when it has licenses but none of this brand's",
  );
const jurisdiction = jurisdictionCode.describe(
  "Country of the regulator (ISO 3166-1 alpha-2); empty when the regulator is unknown",
);

/** A brand in the list (component `BrandListItem`). */
export const brandListItem = z
  .strictObject({
    slug,
    name: z.string(),
    licenses_count: licensesCount,
    trust_score: trustScore.describe("Trust Score 2.0 of the latest period, 0-100; null when no component is known"),
    trust_grade: trustGradeOrNull,
    trust_provisional: trustProvisional,
    status: brandSchema.shape.status,
  })
  .meta({ id: "BrandListItem", description: "A brand in the list" });

const trustSummary = z.strictObject({
  period,
  score: trustScore,
  grade: trustGradeOrNull,
  provisional: trustProvisional,
  coverage: trustCoverage,
  rank: rank.nullable().describe("Position in the Trust Score ranking (see /trust-scores); null when it has no score"),
  components: trustComponents,
  weights: trustWeights,
});

/** One month of a brand's demand in a country; the demand-by-vertical download reads its texts too. */
export const demandPoint = z.strictObject({
  period,
  volume: count.nullable().describe("Monthly search volume; null when tracked but not measured (an outage)"),
  sod: score100
    .nullable()
    .describe(
      "Share of demand: volume / all measured brands' volume there that month × 100 (4 decimals); null for an outage",
    ),
  adi: score100
    .nullable()
    .describe("Volume / the largest measured brand's volume there that month × 100 (4 decimals); null for an outage"),
});

/** A license of the brand (component `BrandLicense`). */
export const brandLicense = licenseSchema
  .omit({ brand: true })
  .extend({ ...licenseStatuses, jurisdiction })
  .meta({ id: "BrandLicense", description: "A license of the brand" });

/** The full card of a brand (component `BrandCard`). */
export const brandCard = z
  .strictObject({
    slug,
    name: z.string(),
    status: brandSchema.shape.status,
    description: z.string().describe("A generated summary of the card in one paragraph"),
    founded_year: brandSchema.shape.founded_year,
    verticals: brandSchema.shape.verticals,
    markets: brandSchema.shape.markets.describe("Countries the brand operates in"),
    licenses_count: licensesCount,
    trust_score: trustScore,
    trust_grade: trustGradeOrNull,
    trust_provisional: trustProvisional,
    trust: trustSummary,
    reputation: brandSchema.shape.reputation,
    app_stores: brandSchema.shape.app_stores,
    social: brandSchema.shape.social,
    payment_methods: brandSchema.shape.payment_methods,
    withdrawal_days: brandSchema.shape.withdrawal_days,
    responsible_gambling: brandSchema.shape.responsible_gambling,
    domains: z.array(domainSchema.omit({ brand: true })),
    licenses: z.array(brandLicense),
    demand: z
      .array(z.strictObject({ country: countryCode, series: z.array(demandPoint) }))
      .describe("Monthly demand per country, countries by code, periods ascending"),
  })
  .meta({ id: "BrandCard", description: "The full card of a brand" });

/** The Trust Score of one month (component `TrustHistoryEntry`). */
export const trustHistoryEntry = z
  .strictObject({
    period,
    score: trustScore,
    grade: trustGradeOrNull,
    provisional: trustProvisional,
    coverage: trustCoverage,
    components: trustComponents,
  })
  .meta({ id: "TrustHistoryEntry", description: "The Trust Score of one month" });

/** A brand in the Trust Score ranking (component `TrustScoreItem`). */
export const trustScoreItem = z
  .strictObject({
    rank: rank
      .nullable()
      .describe("Position by score, 1 the highest; null when the brand has no score (no component known), listed last"),
    slug,
    name: z.string(),
    score: trustScore,
    grade: trustGradeOrNull,
    provisional: trustProvisional,
    coverage: trustCoverage,
  })
  .meta({ id: "TrustScoreItem", description: "A brand in the Trust Score ranking" });

/** One brand of a comparison (component `CompareItem`). */
export const compareItem = z
  .strictObject({
    slug,
    name: z.string(),
    status: brandSchema.shape.status,
    trust: z.strictObject({
      score: trustScore,
      grade: trustGradeOrNull,
      provisional: trustProvisional,
      coverage: trustCoverage,
      rank: rank.nullable().describe("Its place in the Trust Score ranking; null when it has no score (unknown)"),
      components: trustComponents,
    }),
    licenses: z
      .strictObject({
        active: licensesCount,
        total: count.describe("Licenses in any status"),
        regulators: z.array(z.string()).describe("Codes of the regulators of those licenses, sorted"),
      })
      .nullable()
      .describe("Its licenses; null when the data set has no license data at all (unknown, not none)"),
    markets: brandSchema.shape.markets,
    review_rating: reputationSchema.shape.review_rating,
    review_count: reputationSchema.shape.review_count,
    app_stores: brandSchema.shape.app_stores,
    social: brandSchema.shape.social,
    payment_methods: brandSchema.shape.payment_methods,
  })
  .meta({ id: "CompareItem", description: "One brand of a comparison" });

/** The 200 body of `/brands` (component `BrandsResponse`). */
export const brandsResponse = pageOf(brandListItem, { sort: sortEcho, order: orderEcho }).meta({
  id: "BrandsResponse",
});
/** The 200 body of `/brands/{slug}` (component `BrandCardResponse`). */
export const brandCardResponse = envelopeOf(brandCard).meta({ id: "BrandCardResponse" });
/** The 200 body of `/brands/{slug}/trust-history` (component `TrustHistoryResponse`). */
export const trustHistoryResponse = envelopeOf(z.array(trustHistoryEntry), { brand: slug, weights: trustWeights }).meta(
  { id: "TrustHistoryResponse" },
);
/** The 200 body of `/trust-scores` (component `TrustScoresResponse`). */
export const trustScoresResponse = pageOf(trustScoreItem, {
  sort: sortEcho,
  order: orderEcho,
  period: period.nullable().describe("The month the scores are of"),
}).meta({ id: "TrustScoresResponse" });
/** The 200 body of `/compare` (component `CompareResponse`). */
export const compareResponse = envelopeOf(z.array(compareItem).describe("The brands in the requested order"), {
  brands: z.array(slug),
}).meta({ id: "CompareResponse" });
