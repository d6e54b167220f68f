/**
 * The OpenAPI 3.1 document of a service, generated, never written by hand: parameters from the
 * endpoints' parameter tables, response bodies from their zod schemas (the same schemas the tests
 * parse every precomputed answer with), examples from the engine on the built data.
 * Not enveloped: a document in its own right (contract §1).
 * @module
 */
import type { z } from "zod";
import { packageLicense } from "../shared/license.ts";
import type { EngineContext, Endpoint, ServiceName } from "./endpoint.ts";
import { discoveryDocument, openapiDocumentSchema } from "../response-schemas/documents.ts";
import { errorBody } from "../response-schemas/envelope.ts";
import {
  createSchemaCollector,
  HEADERS,
  IF_MATCH,
  IF_NONE_MATCH,
  sharedResponses,
} from "./schemas/openapi-components.ts";
import { endpointSamples } from "./schemas/openapi-examples.ts";
import { serviceGuide } from "./schemas/openapi-guide.ts";
import { contactRuleText } from "./resumes/contact-rule.ts";
import { pathItem, tagOf } from "./schemas/openapi-operations.ts";
import type { OpenApiObject } from "./schemas/openapi-parameters.ts";
import { SERVICE_BASES } from "./services.ts";

/** The version of the API description (the API's own version is the `v1` path segment). */
export const OPENAPI_INFO_VERSION = "1.0.0";

/**
 * The response schema of an endpoint (of one line for an export). The discovery endpoints are built
 * in ../discovery.ts, which does not set one, so their document schema is supplied here.
 */
export function responseSchemaOf(endpoint: Endpoint): z.ZodType | undefined {
  return endpoint.response ?? (endpoint.path === "/" ? discoveryDocument : undefined);
}

/** One tag per first path segment, in order of first use, described by the paths it groups. */
function tags(endpoints: readonly Endpoint[]): OpenApiObject[] {
  const paths = new Map<string, string[]>();
  for (const endpoint of endpoints) paths.set(tagOf(endpoint), [...(paths.get(tagOf(endpoint)) ?? []), endpoint.path]);
  return [...paths].map(([name, list]) => ({
    name,
    description:
      name === "discovery" ? "The discovery document and this OpenAPI description" : `Endpoints: ${list.join(", ")}`,
  }));
}

/**
 * The license object: its name and the license's own text (the deed), as the data package and the
 * landing page give it; the attribution page is not the license. A license without a known deed is
 * named only.
 */
function licenseObject(text: string): { name: string; url?: string } {
  const deed = packageLicense(text).path;
  return deed === undefined ? { name: text } : { name: text, url: deed };
}

/** Builds the OpenAPI 3.1 document of one service from its endpoints, in registry order. */
export function openapiDocument(
  context: EngineContext,
  service: ServiceName,
  endpoints: readonly Endpoint[],
): OpenApiObject {
  const { meta, site } = context.dataset;
  const about = service === "dataset" ? meta.dataset : meta.resumes;
  const own = endpoints
    .filter((endpoint) => endpoint.service === service)
    .map((endpoint) => ({ ...endpoint, response: responseSchemaOf(endpoint) }));
  const schemas = createSchemaCollector();
  const errorRef = schemas.ref("Error", errorBody);
  const paths = Object.fromEntries(
    own.map((endpoint) => [
      endpoint.path,
      pathItem(endpoint, { samples: endpointSamples(context, endpoint), schemas, errorRef }),
    ]),
  );
  return {
    openapi: "3.1.0",
    info: {
      title: about.name,
      version: OPENAPI_INFO_VERSION,
      description: serviceGuide(
        service,
        about,
        own,
        service === "resumes" ? contactRuleText(context.dataset) : undefined,
      ),
      license: licenseObject(about.license),
      contact: { email: meta.contact },
    },
    externalDocs: { description: "Methodology: how every figure is computed", url: `${site.base_url}/methodology/` },
    servers: [
      { url: `${site.base_url}${SERVICE_BASES[service]}`, description: "The published service" },
      { url: SERVICE_BASES[service], description: "The host that serves this document" },
    ],
    security: [],
    tags: tags(own),
    paths,
    components: {
      schemas: schemas.schemas(),
      parameters: { IfNoneMatch: IF_NONE_MATCH, IfMatch: IF_MATCH },
      headers: HEADERS,
      responses: sharedResponses(errorRef),
    },
  };
}

/**
 * The `/openapi.json` endpoint of a service; `listEndpoints` is read at run time (the registry includes this endpoint).
 * The document is built once per loaded build (context, dataset and endpoint list) and reused: building it runs the
 * engine for every example and converts every schema (about 0.2 s), and a host or a live worker answers it often.
 */
export function openapiEndpoint(service: ServiceName, listEndpoints: () => readonly Endpoint[]): Endpoint {
  const built = new WeakMap<
    EngineContext,
    { dataset: EngineContext["dataset"]; endpoints: readonly Endpoint[]; document: OpenApiObject }
  >();
  const documentOf = (context: EngineContext): OpenApiObject => {
    const endpoints = listEndpoints();
    const known = built.get(context);
    if (known?.dataset === context.dataset && known.endpoints === endpoints) return known.document;
    const document = openapiDocument(context, service, endpoints);
    built.set(context, { dataset: context.dataset, endpoints, document });
    return document;
  };
  return {
    id: `${service}.openapi`,
    service,
    path: "/openapi.json",
    summary: "This service's OpenAPI 3.1 description",
    format: "json",
    response: openapiDocumentSchema,
    params: [],
    run: (context) => ({ kind: "json", body: documentOf(context) }),
  };
}
