/**
 * The OpenAPI 3.1 document of a service, generated from the endpoint registry's parameter tables,
 * never written by hand: a parameter added to a table appears here without further work.
 * Not enveloped: a document in its own right (contract §1).
 * @module
 */
import { HttpError } from "../errors.ts";
import type { EngineContext, Endpoint, ServiceName } from "./endpoint.ts";
import { defaultOf, expectedOf, type ParamSpec } from "./param-spec.ts";
import { SERVICE_BASES } from "./services.ts";

/** The version of the API description (the API's own version is the `v1` path segment). */
export const OPENAPI_INFO_VERSION = "1.0.0";

type Schema = Record<string, unknown>;

const PERIOD_PATTERN = "^\\d{4}-(0[1-9]|1[0-2])$";
const ERROR_REF = { $ref: "#/components/schemas/Error" };

/** The JSON Schema of one value of a list parameter, or of a single-valued one. */
function itemSchema(spec: ParamSpec): Schema {
  switch (spec.type) {
    case "closed":
      return { type: "string", enum: [...spec.values] };
    case "open":
      return spec.normalise === "country" ? { type: "string", pattern: "^[A-Za-z]{2}$" } : { type: "string", maxLength: 200 };
    case "int":
      return { type: "integer", minimum: spec.min, ...(spec.max === undefined ? {} : { maximum: spec.max }) };
    case "bool":
      return { type: "boolean" };
    case "period":
      return { type: "string", pattern: PERIOD_PATTERN };
    case "datetime":
      return { type: "string", anyOf: [{ format: "date" }, { format: "date-time" }] };
    case "text":
      return { type: "string", maxLength: spec.maxLength };
  }
}

/** The schema of a query parameter: comma lists are arrays (style form, not exploded). */
function paramSchema(spec: ParamSpec): Schema {
  const fallback = defaultOf(spec);
  const multi = (spec.type === "closed" || spec.type === "open") && spec.multi === true;
  const base: Schema = multi ? { type: "array", items: itemSchema(spec), ...listBounds(spec) } : itemSchema(spec);
  return fallback === undefined ? base : { ...base, default: fallback };
}

function listBounds(spec: ParamSpec): Schema {
  if (spec.type !== "open" || spec.minItems === undefined) return { uniqueItems: true };
  return { minItems: spec.minItems, maxItems: spec.maxItems, uniqueItems: true };
}

/**
 * Which parameters the endpoint requires: its cross-parameter check is run on an empty query, and
 * a `missing_parameter` naming one parameter marks it required; one naming alternatives (`one_of`)
 * requires none of them alone and is described on the operation instead.
 */
function requirement(endpoint: Endpoint): { required?: string; oneOf?: string[] } {
  try {
    endpoint.validate?.({}, new Set());
  } catch (error) {
    if (error instanceof HttpError && error.code === "missing_parameter" && error.details !== undefined) {
      const oneOf = error.details.one_of;
      if (Array.isArray(oneOf)) return { oneOf: oneOf.map(String) };
      if (typeof error.details.parameter === "string") return { required: error.details.parameter };
    }
  }
  return {};
}

function queryParameter(spec: ParamSpec, required: boolean): Schema {
  const multi = (spec.type === "closed" || spec.type === "open") && spec.multi === true;
  return {
    name: spec.name,
    in: "query",
    required,
    description: `${spec.description}. Accepts ${expectedOf(spec)}.`,
    schema: paramSchema(spec),
    ...(multi ? { style: "form", explode: false } : {}),
  };
}

/** Path parameters from the `{slots}` of the path: `id` is a positive integer, anything else a slug. */
function pathParameters(endpoint: Endpoint): Schema[] {
  return [...endpoint.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: "path",
    required: true,
    description: name === "id" ? "Numeric id" : "Slug (case-insensitive)",
    schema: name === "id" ? { type: "integer", minimum: 1 } : { type: "string" },
  }));
}

function successResponse(endpoint: Endpoint): Schema {
  const paginated = endpoint.params.some((spec) => spec.name === "page");
  const headers: Schema = { ETag: { $ref: "#/components/headers/ETag" }, "Cache-Control": { $ref: "#/components/headers/CacheControl" } };
  if (paginated) Object.assign(headers, { Link: { $ref: "#/components/headers/Link" }, "X-Total-Count": { $ref: "#/components/headers/XTotalCount" } });
  if (endpoint.format === "ndjson") {
    return { description: "One JSON object per line, no envelope", headers, content: { "application/x-ndjson": { schema: { type: "string" } } } };
  }
  const isDocument = endpoint.path === "/" || endpoint.path === "/openapi.json";
  const schema = isDocument ? { type: "object" } : { $ref: "#/components/schemas/Envelope" };
  return { description: isDocument ? "The document (not enveloped)" : "The envelope: meta and data", headers, content: { "application/json": { schema } } };
}

function operation(endpoint: Endpoint): Schema {
  const { required, oneOf } = requirement(endpoint);
  const parameters = [...pathParameters(endpoint), ...endpoint.params.map((spec) => queryParameter(spec, spec.name === required)), { $ref: "#/components/parameters/IfNoneMatch" }];
  const note = oneOf === undefined ? "" : ` At least one of ${oneOf.join(", ")} is required.`;
  return {
    operationId: endpoint.id,
    summary: endpoint.summary,
    description: `${endpoint.summary}.${note} Also answers HEAD (same headers, no body).`,
    parameters,
    responses: {
      "200": successResponse(endpoint),
      "304": { description: "Not modified: If-None-Match holds the current ETag", headers: { ETag: { $ref: "#/components/headers/ETag" } } },
      "400": { $ref: "#/components/responses/BadRequest" },
      "404": { $ref: "#/components/responses/NotFound" },
      "429": { $ref: "#/components/responses/TooManyRequests" },
      "500": { $ref: "#/components/responses/InternalError" },
    },
  };
}

function errorResponse(description: string, extraHeaders: Schema = {}): Schema {
  return { description, headers: { "Cache-Control": { description: "no-store", schema: { type: "string" } }, ...extraHeaders }, content: { "application/json": { schema: ERROR_REF } } };
}

const COMPONENTS = {
  schemas: {
    Error: {
      type: "object",
      required: ["error", "message", "status"],
      properties: { error: { type: "string" }, message: { type: "string" }, status: { type: "integer" }, details: { type: "object" } },
      additionalProperties: false,
    },
    Meta: {
      type: "object",
      required: ["source", "license", "attribution", "generated_at"],
      properties: {
        source: { type: "string" },
        license: { type: "string" },
        attribution: { type: "string", format: "uri" },
        generated_at: { type: "string", format: "date-time" },
        page: { type: "integer", minimum: 1 },
        per_page: { type: "integer", minimum: 1 },
        total: { type: "integer", minimum: 0 },
        pages: { type: "integer", minimum: 0 },
        limit: { type: "integer", minimum: 1 },
      },
    },
    Envelope: { type: "object", required: ["meta", "data"], properties: { meta: { $ref: "#/components/schemas/Meta" }, data: {} } },
  },
  parameters: {
    IfNoneMatch: { name: "If-None-Match", in: "header", required: false, description: "An ETag (or list, W/ form or *): 304 when it matches", schema: { type: "string" } },
  },
  headers: {
    ETag: { description: "Strong ETag of the body bytes", schema: { type: "string" } },
    CacheControl: { description: "public, max-age=300", schema: { type: "string" } },
    Link: { description: "RFC 8288 links: first, last, and prev/next where they exist", schema: { type: "string" } },
    XTotalCount: { description: "All items that match", schema: { type: "integer", minimum: 0 } },
  },
  responses: {
    BadRequest: errorResponse("invalid_parameter, unknown_parameter, missing_parameter or bad_request"),
    NotFound: errorResponse("not_found, or the resource's own code (e.g. brand_not_found) for an unknown slug or id"),
    TooManyRequests: errorResponse("rate_limited; details.retry_after in seconds", { "Retry-After": { description: "Seconds to wait", schema: { type: "integer" } } }),
    InternalError: errorResponse("internal_error"),
  },
};

/** Builds the OpenAPI 3.1 document of one service from its endpoints, in registry order. */
export function openapiDocument(context: EngineContext, service: ServiceName, endpoints: readonly Endpoint[]): Schema {
  const { meta, site } = context.dataset;
  const identity = service === "dataset" ? meta.dataset : meta.resumes;
  const paths = Object.fromEntries(endpoints.filter((endpoint) => endpoint.service === service).map((endpoint) => [endpoint.path, { get: operation(endpoint) }]));
  return {
    openapi: "3.1.0",
    info: {
      title: identity.name,
      version: OPENAPI_INFO_VERSION,
      description: `${identity.description}\n\nData license: ${identity.license}; attribution must link to ${identity.attribution}. Rate limit: 120 requests per rolling 60 seconds per client address.`,
      license: { name: identity.license, url: identity.attribution },
      contact: { email: meta.contact },
    },
    servers: [{ url: `${site.base_url}${SERVICE_BASES[service]}` }],
    tags: [{ name: service }],
    paths,
    components: COMPONENTS,
  };
}

/** The `/openapi.json` endpoint of a service; `listEndpoints` is read at run time (the registry includes this endpoint). */
export function openapiEndpoint(service: ServiceName, listEndpoints: () => readonly Endpoint[]): Endpoint {
  return {
    id: `${service}.openapi`,
    service,
    path: "/openapi.json",
    summary: "This service's OpenAPI 3.1 description",
    format: "json",
    params: [],
    run: (context) => ({ kind: "json", body: openapiDocument(context, service, listEndpoints()) }),
  };
}
