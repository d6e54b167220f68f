/**
 * The discovery documents at each service's base path: what the service is and every endpoint.
 * Not enveloped: a document in its own right (contract §1).
 * @module
 */
import type { EngineContext, Endpoint, ServiceName } from "./endpoint.ts";
import { SERVICE_BASES } from "./services.ts";
import { contactRuleText, removalContact } from "./resumes/contact-rule.ts";

const RATE_LIMIT_TEXT =
  "120 requests per rolling 60 seconds per client address and service; see the RateLimit-* headers.";
const CACHING_TEXT =
  "Every 200 carries a strong ETag (except a streamed export computed on the fly) and Cache-Control: public, max-age=300; send If-None-Match to get 304.";

/** The endpoint map `GET <path>` → summary, in registry order. */
function endpointMap(endpoints: readonly Endpoint[], service: ServiceName): Record<string, string> {
  return Object.fromEntries(
    endpoints
      .filter((endpoint) => endpoint.service === service)
      .map((endpoint) => [`GET ${endpoint.path}`, endpoint.summary]),
  );
}

/** The discovery document of a service: every field of the interface description, real counts. */
function discoveryDocument(context: EngineContext, endpoints: readonly Endpoint[], service: ServiceName) {
  const { meta, site, counts } = context.dataset;
  const about = service === "dataset" ? meta.dataset : meta.resumes;
  const base = `${site.base_url}${SERVICE_BASES[service]}`;
  return {
    name: about.name,
    version: "v1",
    description: about.description,
    source: about.source,
    license: about.license,
    data_license: `${about.license}: free to use with attribution and a link to ${about.attribution}`,
    generated_at: meta.snapshot_at,
    base_url: base,
    docs: `${base}/docs`,
    openapi: `${base}/openapi.json`,
    methodology: `${site.base_url}/methodology/`,
    llms_txt: `${site.base_url}/llms.txt`,
    contact: meta.contact,
    rate_limit: RATE_LIMIT_TEXT,
    caching: CACHING_TEXT,
    // The contact rule in force and where to ask for removal (issue 31).
    ...(service === "resumes"
      ? {
          contacts_rule: site.resume_contacts,
          contacts_policy: contactRuleText(context.dataset),
          removal_contact: removalContact(context.dataset),
        }
      : {}),
    stats: service === "dataset" ? counts : { resumes: context.dataset.resumes.length },
    endpoints: endpointMap(endpoints, service),
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
    run: (context) => ({ kind: "json", body: discoveryDocument(context, listEndpoints(), service) }),
  };
}
