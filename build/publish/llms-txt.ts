/**
 * Site producer of `/llms.txt`: concise guidance for language-model agents, following the llms.txt
 * convention (H1 title, blockquote summary, notes, then H2 sections of link lists). The endpoint
 * lists are generated from the endpoint registry and its parameter tables, never written by hand.
 * @module
 */
import { MAX_ANSWER_BYTES } from "../query/answer-size.ts";
import type { SiteProducer } from "../output-format/site-files.ts";
import { contactRuleText } from "../query/resumes/contact-rule.ts";
import type { EngineContext, Endpoint, ServiceName } from "../query/endpoint.ts";
import { ENDPOINTS } from "../query/endpoints.ts";
import { defaultOf, expectedOf, serializeValue, type IntSpec, type ParamSpec } from "../query/param-spec.ts";
import { endpointPath } from "../query/routes.ts";
import { pathSlots } from "../query/schemas/openapi-parameters.ts";
import { SERVICE_BASES } from "../query/services.ts";
import { bulkDownloads, type BulkDownload } from "./bulk-downloads.ts";
import { formatBytes, formatCount } from "./html.ts";
import { licenseSummary } from "./page-layout.ts";
import { SITE_LINKS } from "./site-links.ts";
import { DEFAULT_RATE_LIMIT, RATE_WINDOW_MS } from "../shared/host-errors.ts";

/** Endpoints that are documents about the service; llms.txt lists them under Docs instead. */
function isDocument(endpoint: Endpoint): boolean {
  return endpoint.id.endsWith(".discovery") || endpoint.id.endsWith(".openapi");
}

/** One parameter: `name` (what it accepts; default) description. */
export function describeParam(spec: ParamSpec): string {
  const fallback = defaultOf(spec);
  const accepts = `${expectedOf(spec)}${fallback === undefined ? "" : `; default ${serializeValue(fallback)}`}`;
  return `\`${spec.name}\` (${accepts}): ${spec.description}`;
}

/**
 * The path parameters of a templated path's first precomputed answer without a query (the first brand's
 * card, the first resume): a link to `/brands/{slug}` itself would open a 404.
 */
export function examplePathParams(context: EngineContext, endpoint: Endpoint): Record<string, string> | undefined {
  const slots = pathSlots(endpoint.path);
  if (slots.length === 0) return {};
  for (const entry of endpoint.keySpace?.(context) ?? []) {
    if (entry.pairs.length === 0 && slots.every((slot) => entry.pathParams[slot] !== undefined))
      return entry.pathParams;
  }
  return undefined;
}

/**
 * One endpoint as a list item: link, summary, format, and its parameters as sub-items. A templated path
 * links to the answer for `example` and says which; without an example it is not a link.
 */
export function describeEndpoint(
  endpoint: Endpoint,
  baseUrl: string,
  example: Record<string, string> | undefined,
): string {
  const format = endpoint.format === "ndjson" ? " Returns NDJSON (one record per line), not the JSON envelope." : "";
  const noParams = endpoint.params.length === 0 ? " No query parameters." : "";
  const url = example === undefined ? undefined : endpointPath(endpoint, example);
  const filled = url?.slice(SERVICE_BASES[endpoint.service].length);
  const opens = filled === undefined || filled === endpoint.path ? "" : ` The link opens \`${filled}\`.`;
  const item = url === undefined ? `GET ${endpoint.path}` : `[GET ${endpoint.path}](${baseUrl}${url})`;
  const lines = [`- ${item}: ${endpoint.summary}.${format}${noParams}${opens}`];
  for (const spec of endpoint.params) lines.push(`  - ${describeParam(spec)}`);
  return lines.join("\n");
}

function serviceSection(context: EngineContext, service: ServiceName, title: string): string {
  const { site } = context.dataset;
  const endpoints = ENDPOINTS.filter((endpoint) => endpoint.service === service && !isDocument(endpoint));
  return [
    `## ${title}`,
    "",
    `Base URL: ${site.base_url}${SERVICE_BASES[service]}`,
    "",
    ...endpoints.map((endpoint) => describeEndpoint(endpoint, site.base_url, examplePathParams(context, endpoint))),
  ].join("\n");
}

/** Page-size and limit maxima per endpoint, read from their `per_page` and `limit` rows. */
export function pageLimits(): string[] {
  const isLimit = (spec: ParamSpec): spec is IntSpec =>
    (spec.name === "per_page" || spec.name === "limit") && spec.type === "int" && spec.max !== undefined;
  return ENDPOINTS.flatMap((endpoint) =>
    endpoint.params
      .filter(isLimit)
      .map(
        (spec) =>
          `${SERVICE_BASES[endpoint.service]}${endpoint.path}: \`${spec.name}\` at most ${spec.max}${spec.default === undefined ? "" : ` (default ${spec.default})`}`,
      ),
  );
}

function limitsSection(): string {
  return [
    "## Limits",
    "",
    `- Rate limit: ${DEFAULT_RATE_LIMIT} requests per rolling ${RATE_WINDOW_MS / 1000} seconds per client address, counted separately for each service. Every response carries RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset; over the limit the answer is 429 \`rate_limited\` with Retry-After. Prefer the bulk downloads to paging through everything.`,
    `- Page sizes and limits: ${pageLimits().join("; ")}.`,
    `- Answer size: one JSON answer has at most ${MAX_ANSWER_BYTES.toLocaleString("en-US")} bytes before compression; a larger one is 400 \`result_too_large\`, whose details name the parameters that narrow the query and the bulk download of every record.`,
    "- Caching: every 200 has a strong ETag (except a streamed export computed on the fly) and Cache-Control: public, max-age=300; send If-None-Match to get 304.",
  ].join("\n");
}

function docsSection(context: EngineContext): string {
  const base = context.dataset.site.base_url;
  const link = (label: string, path: string, note: string) => `- [${label}](${base}${path}): ${note}`;
  return [
    "## Docs",
    "",
    link("Landing page", SITE_LINKS.home, "both datasets, the attribution rule, every download with size and SHA-256"),
    link(
      "Methodology",
      SITE_LINKS.methodology,
      "how sod, adi, Trust Score 2.0, provider and game ranks, trending, momentum and the calibration are computed",
    ),
    link("Dataset API reference", SITE_LINKS.dataset.docs, "HTML reference of the demand dataset API"),
    link(
      "Dataset OpenAPI",
      SITE_LINKS.dataset.openapi,
      "OpenAPI 3.1 document: every path, parameter, response schema and error",
    ),
    link("Resume API reference", SITE_LINKS.resumes.docs, "HTML reference of the resume directory API"),
    link("Resume OpenAPI", SITE_LINKS.resumes.openapi, "OpenAPI 3.1 document of the resume directory API"),
  ].join("\n");
}

function downloadsSection(context: EngineContext, downloads: readonly BulkDownload[]): string {
  const base = context.dataset.site.base_url;
  const rows = downloads.map(
    (download) =>
      `- [${download.fileName}](${base}${download.urlPath}): ${download.table.description} ${formatCount(download.records)} records, ${formatBytes(download.bytes)}, sha256 ${download.sha256}.`,
  );
  return [
    "## Downloads",
    "",
    `- [datapackage.json](${base}${SITE_LINKS.dataPackage}): Frictionless Data Package describing every file (table schema, bytes, hash)`,
    ...rows,
  ].join("\n");
}

/** The whole llms.txt (it lists the downloads with their sizes and hashes, so it follows the archives). */
export async function llmsTxt(context: EngineContext): Promise<string> {
  const downloads = await bulkDownloads(context);
  const { meta, site } = context.dataset;
  const synthetic = meta.synthetic
    ? " SYNTHETIC sample: every record is fictional; do not present it as fact about real companies, people or markets."
    : "";
  return `${[
    `# ${meta.dataset.name} and ${meta.resumes.name}`,
    "",
    `> Two read-only JSON APIs on one host (${site.base_url}): the demand dataset (casino and betting brands, licenses, game studios and games, monthly search-demand index, Trust Score, ground-truth revenue) and a resume directory with full-text search. Licensed ${licenseSummary(meta)}; attribution required.${synthetic}`,
    "",
    'Use GET (or HEAD). Success bodies are `{"meta": {...}, "data": ...}`; `meta` holds source, license, attribution and generated_at (the snapshot time). Discovery documents, openapi.json and exports are not enveloped. Errors are `{"error": CODE, "message": ..., "status": N, "details": {...}}`.',
    "Parameters: an unknown parameter is a 400 `unknown_parameter`; closed vocabularies reject unknown values (400 `invalid_parameter`); open ones (country, brand, role, skill, ...) accept anything and an unknown value matches nothing. A comma-separated value means any of them; different parameters combine with AND. Keys are case-insensitive in values (`gb` = `GB`, `UK` = `GB`). Paginated lists add page, per_page, total and pages to meta and a Link header.",
    `Attribution: credit "${meta.dataset.name}" with a link to ${meta.dataset.attribution} and "${meta.resumes.name}" with a link to ${meta.resumes.attribution} (${licenseSummary(meta)}); say if you changed the data.`,
    `Resume contacts: ${contactRuleText(context.dataset)}`,
    "",
    serviceSection(context, "dataset", "Demand dataset API"),
    "",
    serviceSection(context, "resumes", "Resume directory API"),
    "",
    limitsSection(),
    "",
    docsSection(context),
    "",
    downloadsSection(context, downloads),
    "",
    "## Optional",
    "",
    `- [Dataset discovery document](${site.base_url}${SITE_LINKS.dataset.discovery}): name, description, counts and the endpoint map, as JSON`,
    `- [Resume discovery document](${site.base_url}${SITE_LINKS.resumes.discovery}): the same for the resume directory`,
  ].join("\n")}\n`;
}

/** Writes `/llms.txt` as plain text (browsers show it rather than download it). */
export const llmsTxtProducer: SiteProducer = (context) => [
  { urlPath: SITE_LINKS.llmsTxt, file: "llms.txt", contentType: "text/plain; charset=utf-8", body: llmsTxt(context) },
];
