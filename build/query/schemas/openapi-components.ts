/**
 * The `components` of the OpenAPI documents: JSON Schemas converted from the zod response schemas
 * (zod 4's own converter, draft 2020-12, the dialect of OpenAPI 3.1), and the shared headers,
 * parameters and responses.
 * @module
 */
import type { z } from "zod";
import { jsonSchemaOf } from "../../response-schemas/json-schema-of.ts";
import type { HttpError } from "../../errors.ts";
import {
  DEFAULT_RATE_LIMIT,
  internalError,
  preconditionFailed,
  rateLimited,
  serviceUnavailable,
  urlTooLong,
} from "../../shared/host-errors.ts";
import type { OpenApiObject } from "./openapi-parameters.ts";

const COMPONENT_PREFIX = "#/components/schemas/";

/** Rewrites zod's local `#/$defs/X` references to the document's `#/components/schemas/X`. */
function relink(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(relink);
  if (node === null || typeof node !== "object") return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      key === "$ref" && typeof value === "string" ? value.replace(/^#\/\$defs\//, COMPONENT_PREFIX) : relink(value),
    ]),
  );
}

/** Collects the schemas a document references, each named once. */
export interface SchemaCollector {
  /** Converts a zod schema, registers it (and every schema with an `id` inside it) and returns a `$ref` to it. */
  ref(name: string, schema: z.ZodType): OpenApiObject;
  /** The collected schemas, by name. */
  schemas(): Record<string, OpenApiObject>;
}

/** A collector for one document; a name given to two different schemas is a bug and throws. */
export function createSchemaCollector(): SchemaCollector {
  const collected = new Map<string, OpenApiObject>();
  const register = (name: string, schema: OpenApiObject): void => {
    const existing = collected.get(name);
    if (existing !== undefined && JSON.stringify(existing) !== JSON.stringify(schema))
      throw new Error(`Internal error: two different schemas are named ${name}`);
    collected.set(name, schema);
  };
  return {
    ref(name, schema) {
      const { $schema: _dialect, $defs, ...root } = jsonSchemaOf(schema, "throw") as OpenApiObject;
      for (const [id, def] of Object.entries(($defs ?? {}) as Record<string, unknown>))
        register(id, relink(def) as OpenApiObject);
      const linked = relink(root) as OpenApiObject;
      // A schema that has an id of its own comes back as a bare reference to its definition.
      if (Object.keys(linked).length === 1 && typeof linked.$ref === "string") return linked;
      register(name, linked);
      return { $ref: `${COMPONENT_PREFIX}${name}` };
    },
    schemas: () => Object.fromEntries([...collected.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
  };
}

const header = (description: string, schema: OpenApiObject = { type: "string" }): OpenApiObject => ({
  description,
  schema,
});
const seconds = { type: "integer", minimum: 0 };

/** Response headers, referenced by name from every operation. */
export const HEADERS: Record<string, OpenApiObject> = {
  ETag: header(
    "Strong ETag of the body bytes; identical bytes give the identical ETag across builds and hosts. A streamed export computed on the fly has none.",
    { type: "string", pattern: '^"[^"]+"$' },
  ),
  CacheControl: header("`public, max-age=300` on every 200 and 304", { type: "string", const: "public, max-age=300" }),
  CacheControlNoStore: header("`no-store` on every error", { type: "string", const: "no-store" }),
  Link: header("RFC 8288 links of a paginated list: first, last, and prev/next where they exist"),
  XTotalCount: header("All items that match (the same as meta.total)", { type: "integer", minimum: 0 }),
  RateLimitLimit: header(
    "Requests allowed per rolling 60 seconds for this client and service (sent when rate limiting is on)",
    seconds,
  ),
  RateLimitRemaining: header("Requests left in the window", seconds),
  RateLimitReset: header("Seconds until a request is freed", seconds),
  RetryAfter: header("Seconds to wait before retrying", seconds),
  AccessControlAllowOrigin: header("`*`: any origin may read every answer", { type: "string", const: "*" }),
  AccessControlAllowMethods: header("`GET, HEAD, OPTIONS`"),
  AccessControlAllowHeaders: header("`If-None-Match, If-Match`"),
  AccessControlMaxAge: header("How long a browser may cache the preflight, in seconds", seconds),
  Allow: header("`GET, HEAD, OPTIONS`"),
};

const headerRef = (name: keyof typeof HEADERS): OpenApiObject => ({ $ref: `#/components/headers/${name}` });

/** The headers every response carries (CORS and, when on, the rate limit). */
export const COMMON_HEADERS: OpenApiObject = {
  "Access-Control-Allow-Origin": headerRef("AccessControlAllowOrigin"),
  "RateLimit-Limit": headerRef("RateLimitLimit"),
  "RateLimit-Remaining": headerRef("RateLimitRemaining"),
  "RateLimit-Reset": headerRef("RateLimitReset"),
};

/** The headers of a 200: caching, pagination for paginated lists, and the common ones. */
export function successHeaders(paginated: boolean): OpenApiObject {
  const paging = paginated ? { Link: headerRef("Link"), "X-Total-Count": headerRef("XTotalCount") } : {};
  return { ETag: headerRef("ETag"), "Cache-Control": headerRef("CacheControl"), ...paging, ...COMMON_HEADERS };
}

/** The headers of an error answer. */
export const ERROR_HEADERS: OpenApiObject = { "Cache-Control": headerRef("CacheControlNoStore"), ...COMMON_HEADERS };

/** The preflight's headers. */
export const PREFLIGHT_HEADERS: OpenApiObject = {
  "Access-Control-Allow-Methods": headerRef("AccessControlAllowMethods"),
  "Access-Control-Allow-Headers": headerRef("AccessControlAllowHeaders"),
  "Access-Control-Max-Age": headerRef("AccessControlMaxAge"),
  Allow: headerRef("Allow"),
};

/** An error response with the shared Error schema and, when given, real examples. */
export function errorResponse(
  description: string,
  errorRef: OpenApiObject,
  examples?: Record<string, OpenApiObject>,
  extraHeaders: OpenApiObject = {},
): OpenApiObject {
  const media: OpenApiObject = {
    schema: errorRef,
    ...(examples === undefined || Object.keys(examples).length === 0 ? {} : { examples }),
  };
  return { description, headers: { ...ERROR_HEADERS, ...extraHeaders }, content: { "application/json": media } };
}

/** The body the host answers with `error`, as the one example of a shared response. */
const hostExample = (error: HttpError): Record<string, OpenApiObject> => ({
  [error.code]: { summary: error.message, value: error.toBody() },
});

/** Responses shared by every operation, each with the host's own answer as its example. */
export function sharedResponses(errorRef: OpenApiObject): Record<string, OpenApiObject> {
  return {
    NotModified: {
      description: "Not modified: If-None-Match holds the current ETag (also in a list, in W/ form, or *). Empty body.",
      headers: { ETag: headerRef("ETag"), "Cache-Control": headerRef("CacheControl"), ...COMMON_HEADERS },
    },
    PreconditionFailed: errorResponse(
      "precondition_failed: If-Match names none of the current ETag",
      errorRef,
      hostExample(preconditionFailed()),
    ),
    UriTooLong: errorResponse(
      "request_too_large: a URL over 8 KiB, or one too long for the HTTP parser (headers too large are 431 with the same body)",
      errorRef,
      hostExample(urlTooLong()),
    ),
    TooManyRequests: errorResponse(
      "rate_limited: over the rate limit; details.retry_after in seconds",
      errorRef,
      hostExample(rateLimited(DEFAULT_RATE_LIMIT, 17)),
      { "Retry-After": headerRef("RetryAfter") },
    ),
    ServiceUnavailable: errorResponse(
      "service_unavailable: an answer computed on the fly (no precomputed file) the host cannot take on now: its queue of them is full, or it could not start within its time budget; details.retry_after in seconds",
      errorRef,
      hostExample(serviceUnavailable()),
      { "Retry-After": headerRef("RetryAfter") },
    ),
    InternalError: errorResponse(
      "internal_error: a fault of ours (never a stack trace or a path)",
      errorRef,
      hostExample(internalError()),
    ),
    HeadError: {
      description: "The same status and headers as the GET would have, without a body",
      headers: ERROR_HEADERS,
    },
  };
}

/** The request header of conditional requests. */
export const IF_NONE_MATCH: OpenApiObject = {
  name: "If-None-Match",
  in: "header",
  required: false,
  description: "An ETag, a comma-separated list of them, a W/ form or `*`: 304 with an empty body when it matches",
  schema: { type: "string" },
};

/** The other request header of conditional requests (RFC 9110 §13.1.1), evaluated before If-None-Match. */
export const IF_MATCH: OpenApiObject = {
  name: "If-Match",
  in: "header",
  required: false,
  description:
    "An ETag, a comma-separated list of them or `*`: 412 precondition_failed unless one is the current ETag (strong comparison: a W/ form never matches; `*` always does)",
  schema: { type: "string" },
};
