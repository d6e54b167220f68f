/**
 * The discovery documents at each service's base path: what the service is and every endpoint.
 * Not enveloped: a document in its own right (contract §1).
 * @module
 */
import type { EngineContext, Endpoint, ServiceName } from "./endpoint.ts";
import { SERVICE_BASES } from "./services.ts";

const RATE_LIMIT_TEXT = "120 requests per rolling 60 seconds per client address and service; see the RateLimit-* headers.";
const CACHING_TEXT = "Every 200 carries a strong ETag and Cache-Control: public, max-age=300; send If-None-Match to get 304.";

/** The endpoint map `GET <path>` → summary, in registry order. */
function endpointMap(endpoints: readonly Endpoint[], service: ServiceName): Record<string, string> {
  return Object.fromEntries(endpoints.filter((endpoint) => endpoint.service === service).map((endpoint) => [`GET ${endpoint.path}`, endpoint.summary]));
}

function datasetDocument(context: EngineContext, endpoints: readonly Endpoint[]) {
  const { meta, site, counts } = context.dataset;
  const base = `${site.base_url}${SERVICE_BASES.dataset}`;
  return {
    name: meta.dataset.name,
    version: "v1",
    description: meta.dataset.description,
    source: meta.dataset.source,
    license: meta.dataset.license,
    data_license: `${meta.dataset.license}: free to use with attribution and a link to ${meta.dataset.attribution}`,
    generated_at: meta.snapshot_at,
    base_url: base,
    docs: `${base}/docs`,
    openapi: `${base}/openapi.json`,
    methodology: `${site.base_url}/methodology`,
    llms_txt: `${site.base_url}/llms.txt`,
    contact: meta.contact,
    rate_limit: RATE_LIMIT_TEXT,
    caching: CACHING_TEXT,
    stats: counts,
    endpoints: endpointMap(endpoints, "dataset"),
  };
}

function resumesDocument(context: EngineContext, endpoints: readonly Endpoint[]) {
  const { meta, site } = context.dataset;
  const base = `${site.base_url}${SERVICE_BASES.resumes}`;
  return {
    name: meta.resumes.name,
    version: "v1",
    description: meta.resumes.description,
    source: meta.resumes.source,
    license: meta.resumes.license,
    generated_at: meta.snapshot_at,
    base_url: base,
    docs: `${base}/docs`,
    openapi: `${base}/openapi.json`,
    methodology: `${site.base_url}/methodology`,
    llms_txt: `${site.base_url}/llms.txt`,
    contact: meta.contact,
    rate_limit: RATE_LIMIT_TEXT,
    caching: CACHING_TEXT,
    stats: { resumes: context.dataset.resumes.length },
    endpoints: endpointMap(endpoints, "resumes"),
  };
}

/** The discovery endpoint of a service; `listEndpoints` is read at run time (the registry includes this endpoint). */
export function discoveryEndpoint(service: ServiceName, listEndpoints: () => readonly Endpoint[]): Endpoint {
  return {
    id: `${service}.discovery`,
    service,
    path: "/",
    summary: "This discovery document",
    format: "json",
    params: [],
    run: (context) => ({ kind: "json", body: service === "dataset" ? datasetDocument(context, listEndpoints()) : resumesDocument(context, listEndpoints()) }),
  };
}
