/**
 * The envelope `{ meta, data }` and the error body as zod schemas (contract §1); each endpoint's
 * response schema is an envelope of its data, with the meta fields it adds.
 * @module
 */
import { z } from "zod";
import { count, isoDateTime } from "./primitives.ts";

/** The meta fields every envelope starts with (see `baseMeta` in ../envelope.ts). */
const BASE_META = {
  source: z.string().describe("Where the data comes from"),
  license: z.string().describe("License of the data, e.g. CC BY 4.0"),
  attribution: z.url().describe("The landing page that attribution must link to"),
  generated_at: isoDateTime.describe("Snapshot time of the seed data (the same on every response of a build)"),
};

/** The pagination fields, last in `meta` of a paginated list. */
const PAGE_META = {
  page: z.int().min(1).describe("The page returned, from 1"),
  per_page: z.int().min(1).describe("Items per page"),
  total: count.describe("All items that match"),
  pages: count.describe("ceil(total / per_page); 0 when nothing matches"),
};

/** The fields of a list bounded by `limit`. */
export const LIMIT_META = {
  limit: z.int().min(1).describe("The number of entries asked for"),
  total: count.describe("All entries that match"),
};

/**
 * The body of an enveloped answer: `meta` (base fields, then `extra`, then pagination when `paged`)
 * and `data`. Strict, so a field the code adds without documenting it fails the response tests.
 */
export function envelopeOf<D extends z.ZodType, M extends z.ZodRawShape = Record<never, never>>(
  data: D,
  extra?: M,
  options: { paged?: boolean } = {},
) {
  const meta = z.strictObject({ ...BASE_META, ...(extra ?? ({} as M)), ...(options.paged === true ? PAGE_META : {}) });
  return z.strictObject({ meta, data });
}

/** The body of a paginated list of items. */
export function pageOf<I extends z.ZodType, M extends z.ZodRawShape = Record<never, never>>(item: I, extra?: M) {
  return envelopeOf(z.array(item), extra, { paged: true });
}

/** Every error body (contract §1). */
export const errorBody = z
  .strictObject({
    error: z.string().describe("Machine-readable code, e.g. invalid_parameter, brand_not_found, rate_limited"),
    message: z.string().describe("One sentence for people"),
    status: z.int().min(400).max(599).describe("The HTTP status, repeated"),
    details: z
      .record(z.string(), z.unknown())
      .optional()
      .describe(
        "Where useful: the parameter, value and expected form; allowed parameters; the unknown slug or id; retry_after",
      ),
  })
  .meta({ id: "Error", description: "The error body of every 4xx and 5xx answer" });
