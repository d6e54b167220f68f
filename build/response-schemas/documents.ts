/**
 * Schemas of the two non-enveloped documents of each service: the discovery document and the
 * OpenAPI description itself.
 * @module
 */
import { z } from "zod";
import { metaSchema, CONTACT_SCOPES } from "../load/schemas.ts";
import { count, isoDateTime } from "./primitives.ts";

const datasetStats = z.strictObject({
  brands: count,
  domains: count,
  licenses: count,
  countries: count,
  countries_with_demand_data: count,
  providers: count,
  games: count,
  index_values: count,
  monthly_demand_rows: count,
});

/**
 * The discovery document. Loose on purpose: it links the site's other resources, and a new link
 * is no breaking change; every field listed here is required.
 */
export const discoveryDocument = z
  .looseObject({
    name: z.string(),
    version: z.literal("v1"),
    description: z.string(),
    source: z.string(),
    license: z.string(),
    data_license: z.string().describe("The license and its attribution rule in one sentence"),
    generated_at: isoDateTime,
    base_url: z.url(),
    docs: z.url().describe("The HTML reference of this service"),
    openapi: z.url().describe("This service's OpenAPI 3.1 document"),
    methodology: z.url(),
    llms_txt: z.url(),
    contact: metaSchema.shape.contact,
    rate_limit: z.string(),
    caching: z.string(),
    contacts_rule: z
      .enum(CONTACT_SCOPES)
      .optional()
      .describe("Resume directory only: how far contacts are published at most (public, card_only, withheld)"),
    contacts_policy: z
      .string()
      .optional()
      .describe("Resume directory only: the contact rule in force and how to ask for removal, in words"),
    removal_contact: z
      .email()
      .optional()
      .describe("Resume directory only: where a person asks for their contacts or resume to be removed"),
    stats: z.union([datasetStats, z.strictObject({ resumes: count })]).describe("Real counts of the built data"),
    endpoints: z.record(z.string(), z.string()).describe("`GET <path>` → summary, for every endpoint"),
  })
  .meta({ id: "Discovery", description: "What the service is, its links and every endpoint" });

/** The OpenAPI document (its own schema is the specification's). */
export const openapiDocumentSchema = z
  .looseObject({
    openapi: z.string().regex(/^3\.1\.\d+$/),
    info: z.looseObject({ title: z.string(), version: z.string() }),
    paths: z.record(z.string(), z.unknown()),
  })
  .meta({ id: "OpenApiDocument", description: "An OpenAPI 3.1 document; see https://spec.openapis.org/oas/v3.1.0" });
