/**
 * The path items of the OpenAPI documents: per endpoint a GET (parameters, the 200 body from the
 * endpoint's zod schema with a sample, errors with real bodies), a HEAD, and on `/` the preflight.
 * @module
 */
import type { Endpoint } from "../endpoint.ts";
import {
  COMMON_HEADERS,
  errorResponse,
  PREFLIGHT_HEADERS,
  successHeaders,
  type SchemaCollector,
} from "./openapi-components.ts";
import type { EndpointSamples, ErrorExample } from "./openapi-examples.ts";
import { pathParameters, queryParameter, requirement, type OpenApiObject } from "./openapi-parameters.ts";

/** What building one path item needs besides the endpoint. */
export interface OperationInputs {
  samples: EndpointSamples;
  schemas: SchemaCollector;
  /** `$ref` of the Error schema. */
  errorRef: OpenApiObject;
}

const ref = (kind: string, name: string): OpenApiObject => ({ $ref: `#/components/${kind}/${name}` });

/** `dataset.brandTrustHistory` → `DatasetBrandTrustHistoryResponse`: the component name of a body schema without an id. */
function fallbackName(endpoint: Endpoint): string {
  return `${endpoint.id
    .split(".")
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join("")}Response`;
}

function parameters(endpoint: Endpoint, samples: EndpointSamples): OpenApiObject[] {
  const { required } = requirement(endpoint);
  const query = endpoint.params.map((spec) =>
    queryParameter(spec, spec.name === required, samples.paramExamples.get(spec.name)),
  );
  return [
    ...pathParameters(endpoint, samples.pathParams),
    ...query,
    ref("parameters", "IfNoneMatch"),
    ref("parameters", "IfMatch"),
  ];
}

const SAMPLE_SUMMARY = "From the published data: the answer to the example parameters, arrays cut to their first items";

function successContent(endpoint: Endpoint, inputs: OperationInputs): OpenApiObject {
  const schema =
    endpoint.response === undefined
      ? { type: "object" }
      : inputs.schemas.ref(fallbackName(endpoint), endpoint.response);
  const { body } = inputs.samples;
  if (endpoint.format === "ndjson") {
    const media: OpenApiObject = {
      schema: { type: "string", description: "One JSON object per line (described by x-item-schema), no envelope" },
      "x-item-schema": schema,
    };
    return { "application/x-ndjson": body === undefined ? media : { ...media, example: body } };
  }
  const examples = body === undefined ? {} : { examples: { sample: { summary: SAMPLE_SUMMARY, value: body } } };
  return { "application/json": { schema, ...examples } };
}

function describeSuccess(endpoint: Endpoint): string {
  if (endpoint.format === "ndjson") return "NDJSON (application/x-ndjson): one object per line, no envelope; streamed";
  if (endpoint.path === "/" || endpoint.path === "/openapi.json") return "The document (not enveloped)";
  return "The envelope: meta and data";
}

/** Error responses of one status with the endpoint's real error bodies as examples. */
function errorExamples(errors: Map<string, ErrorExample>, status: number): Record<string, OpenApiObject> {
  const examples: Record<string, OpenApiObject> = {};
  for (const [name, example] of errors)
    if (example.status === status) examples[name] = { summary: example.body.message, value: example.body };
  return examples;
}

function getOperation(endpoint: Endpoint, inputs: OperationInputs, paginated: boolean, tag: string): OpenApiObject {
  const { oneOf } = requirement(endpoint);
  const note = oneOf === undefined ? "" : ` At least one of ${oneOf.join(", ")} is required.`;
  const notFound = errorExamples(inputs.samples.errors, 404);
  const responses: OpenApiObject = {
    "200": {
      description: describeSuccess(endpoint),
      headers: successHeaders(paginated),
      content: successContent(endpoint, inputs),
    },
    "304": ref("responses", "NotModified"),
    "400": errorResponse(
      "invalid_parameter, unknown_parameter, missing_parameter or bad_request, details naming the parameter; or result_too_large, an answer over the size limit of one JSON answer, details naming the narrowing parameters and the bulk download",
      inputs.errorRef,
      errorExamples(inputs.samples.errors, 400),
    ),
    ...(Object.keys(notFound).length > 0
      ? {
          "404": errorResponse(
            "The resource's own not-found code; details name the slug or id",
            inputs.errorRef,
            notFound,
          ),
        }
      : {}),
    "412": ref("responses", "PreconditionFailed"),
    "414": ref("responses", "UriTooLong"),
    "429": ref("responses", "TooManyRequests"),
    "500": ref("responses", "InternalError"),
    "503": ref("responses", "ServiceUnavailable"),
  };
  return {
    operationId: endpoint.id,
    summary: endpoint.summary,
    description: `${endpoint.summary}.${note}`,
    tags: [tag],
    parameters: parameters(endpoint, inputs.samples),
    responses,
  };
}

function headOperation(endpoint: Endpoint, inputs: OperationInputs, paginated: boolean, tag: string): OpenApiObject {
  return {
    operationId: `${endpoint.id}.head`,
    summary: `Headers of GET ${endpoint.path}`,
    description:
      "The same status and headers as the GET (Content-Length included), without a body: to check an ETag or a total cheaply.",
    tags: [tag],
    parameters: parameters(endpoint, inputs.samples),
    responses: {
      "200": { description: "The GET's headers, no body", headers: successHeaders(paginated) },
      "304": ref("responses", "NotModified"),
      "4XX": ref("responses", "HeadError"),
      "5XX": ref("responses", "HeadError"),
    },
  };
}

function preflightOperation(endpoint: Endpoint, tag: string): OpenApiObject {
  return {
    operationId: `${endpoint.service}.preflight`,
    summary: "CORS preflight",
    description:
      "Any path of the service answers OPTIONS the same way: 204 with the allowed methods and headers. Browsers send it; clients need not.",
    tags: [tag],
    // The preflight is answered before any check of ours; only the HTTP parser can refuse it (a URL too long).
    responses: {
      "204": { description: "The preflight answer, no body", headers: { ...PREFLIGHT_HEADERS, ...COMMON_HEADERS } },
      "414": ref("responses", "UriTooLong"),
    },
  };
}

/** The tag of an endpoint: its first path segment (`/brands/{slug}` → `brands`), `discovery` for the documents. */
export function tagOf(endpoint: Endpoint): string {
  if (endpoint.path === "/" || endpoint.path === "/openapi.json") return "discovery";
  return endpoint.path.split("/")[1] ?? "discovery";
}

/** The path item of one endpoint. */
export function pathItem(endpoint: Endpoint, inputs: OperationInputs): OpenApiObject {
  const paginated = endpoint.params.some((spec) => spec.name === "page");
  const tag = tagOf(endpoint);
  const item: OpenApiObject = {
    get: getOperation(endpoint, inputs, paginated, tag),
    head: headOperation(endpoint, inputs, paginated, tag),
  };
  if (endpoint.path === "/") item.options = preflightOperation(endpoint, tag);
  return item;
}
