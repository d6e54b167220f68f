/**
 * Field schemas shared by the response schemas. Seed fields are reused from the seed schemas, so a
 * response field that passes a seed value through is validated exactly as the seed was.
 * @module
 */
import { z } from "zod";
import { PROVIDER_MEASURES, TRUST_COMPONENTS, TRUST_GRADE_VALUES } from "./vocabularies.ts";
import { brandSchema, countrySchema, demandRowSchema, tcAlertSchema } from "../load/schemas.ts";

/** A lower-case slug, as in the seeds. */
export const slug = brandSchema.shape.slug;
/** An upper-case ISO 3166-1 alpha-2 code. */
export const countryCode = countrySchema.shape.code;
/**
 * A regulator's jurisdiction: a country code, or empty when the regulator is unknown. One pattern
 * rather than a union with \`""\`: an \`anyOf\` with a \`const\` branch crashed clients generated from the
 * document (openapi-python-client, issue 28).
 */
export const jurisdictionCode = z
  .string()
  .regex(/^([A-Z]{2})?$/, "Expected an upper-case ISO 3166-1 alpha-2 code or an empty text");
/** A month, `YYYY-MM`. */
export const period = demandRowSchema.shape.period;
/** An ISO 8601 date-time with a zone. */
export const isoDateTime = tcAlertSchema.shape.detected_at;

/** A count: an integer from 0. */
export const count = z.int().min(0);
/** A 1-based rank. */
export const rank = z.int().min(1);
/** A score or component on the 0-100 scale. */
export const score100 = z.number().min(0).max(100);
/** A percentage with 4 decimals, which may be negative (a change) or above 100 (growth). */
export const percentChange = z.number().describe("Percent change, 4 decimals");

/** A Trust Score grade, A to E. */
export const trustGrade = z
  .enum(TRUST_GRADE_VALUES)
  .describe("Trust Score grade, A (best) to E; bands on the methodology page");

/** An object with one value per key, keys in the given order (strict: no other key). */
export function perKey<K extends string, V extends z.ZodType>(
  keys: readonly K[],
  value: V,
): z.ZodObject<Record<K, V>, z.core.$strict> {
  return z.strictObject(Object.fromEntries(keys.map((key) => [key, value])) as Record<K, V>);
}

/** The six Trust Score 2.0 components, each 0-100 (1 decimal) or null (component `TrustComponents`). */
export const trustComponents = perKey(TRUST_COMPONENTS, score100.nullable()).meta({
  id: "TrustComponents",
  description:
    "The six Trust Score 2.0 components, each 0-100 (1 decimal), or null where the data set does not have its inputs (unknown, never 0)",
});
/** The Trust Score itself: null when no component is known. */
export const trustScore = score100
  .nullable()
  .describe(
    "Trust Score 2.0, 0-100: the weighted mean of the known components, their weights re-spread; null when none is known",
  );
/** The Trust Score's grade: null when no component is known. */
export const trustGradeOrNull = trustGrade.nullable();
/** Whether the grade rests on less than half of the weight. */
export const trustProvisional = z
  .boolean()
  .describe("True when the known components carry less than half of the weight: the grade is provisional");
/** The components a score rests on. */
export const trustCoverage = z
  .array(z.enum(TRUST_COMPONENTS))
  .describe("The components the score rests on (known inputs), in weight order");
/** Weight of each Trust Score component; they sum to 1 (component `TrustWeights`). */
export const trustWeights = perKey(TRUST_COMPONENTS, z.number().min(0).max(1)).meta({
  id: "TrustWeights",
  description: "Weight of each Trust Score component; they sum to 1",
});
/** The provider-rank sub-measures, each normalised 0-100. */
export const providerComponents = perKey(PROVIDER_MEASURES, score100.nullable()).describe(
  "Each sub-measure normalised 0-100 against the largest provider's value (1 decimal); null where unknown",
);
/** The provider-rank sub-measures a rank_score rests on. */
export const providerCoverage = z
  .array(z.enum(PROVIDER_MEASURES))
  .describe("The sub-measures the rank_score rests on (known inputs), in weight order");
/** The provider-rank weights. */
export const providerWeights = perKey(PROVIDER_MEASURES, z.number().min(0).max(1)).describe(
  "Weight of each provider-rank sub-measure; they sum to 1",
);

/** The effective sort field of a list, echoed in `meta`. */
export const sortEcho = z.string().describe("The effective sort field");
/** The effective direction of a list, echoed in `meta`. */
export const orderEcho = z
  .enum(["asc", "desc"])
  .describe("The effective direction (natural direction of the sort when `order` was not given)");
