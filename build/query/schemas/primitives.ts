/**
 * Field schemas shared by the response schemas. Seed fields are reused from the seed schemas, so a
 * response field that passes a seed value through is validated exactly as the seed was.
 * @module
 */
import { z } from "zod";
import { TRUST_GRADE_VALUES, TRUST_WEIGHTS, type TrustComponent } from "../../compute/trust-score.ts";
import { PROVIDER_RANK_WEIGHTS, type ProviderMeasure } from "../../compute/provider-rank.ts";
import { brandSchema, countrySchema, demandRowSchema, licenseSchema, tcAlertSchema } from "../../load/schemas.ts";

export const slug = brandSchema.shape.slug;
export const countryCode = countrySchema.shape.code;
export const period = demandRowSchema.shape.period;
export const isoDate = licenseSchema.shape.issued_at;
export const isoDateTime = tcAlertSchema.shape.detected_at;

/** A count: an integer from 0. */
export const count = z.int().min(0);
/** A 1-based rank. */
export const rank = z.int().min(1);
/** A score or component on the 0-100 scale. */
export const score100 = z.number().min(0).max(100);
/** A percentage with 4 decimals, which may be negative (a change) or above 100 (growth). */
export const percentChange = z.number().describe("Percent change, 4 decimals");

export const trustGrade = z.enum(TRUST_GRADE_VALUES).describe("Trust Score grade, A (best) to E; bands on the methodology page");

/** An object with one value per key, keys in the given order (strict: no other key). */
export function perKey<K extends string, V extends z.ZodType>(keys: readonly K[], value: V): z.ZodObject<Record<K, V>, z.core.$strict> {
  return z.strictObject(Object.fromEntries(keys.map((key) => [key, value])) as Record<K, V>);
}

const trustKeys = Object.keys(TRUST_WEIGHTS) as TrustComponent[];
const providerKeys = Object.keys(PROVIDER_RANK_WEIGHTS) as ProviderMeasure[];

export const trustComponents = perKey(trustKeys, score100).meta({ id: "TrustComponents", description: "The six Trust Score 2.0 components, each 0-100 (1 decimal)" });
export const trustWeights = perKey(trustKeys, z.number().min(0).max(1)).meta({ id: "TrustWeights", description: "Weight of each Trust Score component; they sum to 1" });
export const providerComponents = perKey(providerKeys, score100).describe("Each sub-measure normalised 0-100 against the largest provider's value (1 decimal)");
export const providerWeights = perKey(providerKeys, z.number().min(0).max(1)).describe("Weight of each provider-rank sub-measure; they sum to 1");

/** The effective sort field of a list, echoed in `meta`. */
export const sortEcho = z.string().describe("The effective sort field");
/** The effective direction of a list, echoed in `meta`. */
export const orderEcho = z.enum(["asc", "desc"]).describe("The effective direction (natural direction of the sort when `order` was not given)");
