/**
 * The prose of the OpenAPI documents' `info.description`: the rules of contract §1 that hold for
 * every endpoint, written once here so that the docs page shows them above the reference.
 * @module
 */
import { MAX_ANSWER_BYTES } from "../answer-size.ts";
import type { Endpoint, ServiceName } from "../endpoint.ts";
import { DEFAULT_RATE_LIMIT, MAX_URL_BYTES } from "../../shared/host-errors.ts";

const COMMON_RULES = `
## Requests
- \`GET\` and \`HEAD\` on every endpoint (\`HEAD\`: the same status and headers, no body); \`OPTIONS\` on any path is the CORS preflight (204). Any other method is 405 \`method_not_allowed\` with \`Allow: GET, HEAD, OPTIONS\`.
- Parameter names are lower-case and case-sensitive; a parameter the endpoint does not take is 400 \`unknown_parameter\`. An empty value (\`?role=\`) counts as absent.
- A comma-separated value means any of them (\`vertical=gambling,betting\`); a repeated parameter means the same as its values joined by commas. Different parameters combine with AND.
- Closed vocabularies (listed as \`enum\`) reject unknown values with 400; open vocabularies accept any value, and an unknown one matches nothing. Keys are case-insensitive on input; country codes are ISO 3166-1 alpha-2, written upper-case in responses, and \`UK\` is accepted for \`GB\`.
- Booleans take \`1\`/\`true\` and \`0\`/\`false\`. Dates without a time are midnight UTC.
- Every list that takes \`sort\` also takes \`order\` (\`asc\` or \`desc\`); without \`order\` a sort runs in its natural direction (names, slugs and ranks ascending, other numbers and dates descending). A missing value (\`null\`) sorts last whatever the order, and names sort without regard to letter case. Ties are broken by id or slug ascending, whatever the order, so pages never overlap or skip.

## Responses
- A JSON envelope \`{"meta": {...}, "data": ...}\`; \`meta\` always has \`source\`, \`license\`, \`attribution\` and \`generated_at\` (the snapshot time of the data). The discovery document, this document and NDJSON exports are not enveloped.
- Paginated lists add \`page\`, \`per_page\`, \`total\` and \`pages\` to \`meta\`, and send \`Link\` (first, last, prev, next) and \`X-Total-Count\`. A page past the end is 200 with \`data: []\`. Lists bounded by \`limit\` add \`limit\` and \`total\`.
- Every 200 carries a strong \`ETag\` (except a streamed export computed on the fly, whose bytes are not known before the last line) and \`Cache-Control: public, max-age=300\`; \`If-None-Match\` with the current ETag gets 304. \`If-Match\` naming none of the current ETag (strong comparison: a \`W/\` tag never matches; \`*\` always does) gets 412 (RFC 9110 §13.1.1). Errors carry \`Cache-Control: no-store\`.
- Every answer carries \`Access-Control-Allow-Origin: *\`.
- Errors: \`{"error": CODE, "message": SENTENCE, "status": N, "details": {...}}\` with the codes \`invalid_parameter\`, \`unknown_parameter\`, \`missing_parameter\`, \`bad_request\` (400), \`*_not_found\` and \`not_found\` (404), \`method_not_allowed\` (405), \`request_timeout\` (408), \`precondition_failed\` (412), \`request_too_large\` (414/431), \`range_not_satisfiable\` (416, with \`Content-Range: bytes */SIZE\`: a \`Range\` starting past the end of a download file under \`/downloads/\`, which answer ranges; API answers ignore \`Range\`), \`rate_limited\` (429, with \`Retry-After\`), \`internal_error\` (500), \`service_unavailable\` (503, with \`Retry-After\`: an answer computed on the fly that the host cannot take on now; precomputed answers are never refused this way).
`;

/**
 * How \`limit\` and \`per_page\` agree on the endpoints that take both (an alias, contract §1), read from
 * the endpoints' aliases so that the sentence names exactly the endpoints that have one.
 */
function pageSizeRule(endpoints: readonly Endpoint[]): string {
  const aliased = endpoints
    .filter((endpoint) => endpoint.aliases?.limit === "per_page")
    .map((endpoint) => `\`${endpoint.path}\``);
  const bounded = "`limit` bounds the lists that are not paginated; `per_page` sizes a page.";
  if (aliased.length === 0) return `${bounded} No endpoint of this service takes both.`;
  return `${bounded} ${aliased.join(", ")} also ${aliased.length === 1 ? "takes" : "take"} \`limit\` as an alias of \`per_page\`: give one of them, or both with the same value; different values are 400 \`invalid_parameter\`.`;
}

function limitsSection(endpoints: readonly Endpoint[]): string {
  return `## Limits
- ${DEFAULT_RATE_LIMIT} requests per rolling 60 seconds per client address, counted separately for each service; every answer carries \`RateLimit-Limit\`, \`RateLimit-Remaining\` and \`RateLimit-Reset\`.
- A URL (path and query) may be at most ${MAX_URL_BYTES / 1024} KiB (${MAX_URL_BYTES} bytes); a longer one is 414 \`request_too_large\`, as are headers too large for the HTTP parser (431).
- One JSON answer has at most ${MAX_ANSWER_BYTES.toLocaleString("en-US")} bytes before compression, on every host: a query whose answer would be larger is 400 \`result_too_large\`, whose \`details\` name the parameters that narrow it (\`narrow_with\`) and the bulk download of every record (\`download\`). Exports are pages of at most \`per_page\` records, streamed.
- ${pageSizeRule(endpoints)}
`;
}

/** The description of a service's document: what it is, its license and attribution, the contact rule of the resumes, then the rules. */
export function serviceGuide(
  service: ServiceName,
  about: { description: string; license: string; attribution: string },
  endpoints: readonly Endpoint[],
  contactRule?: string,
): string {
  const exports =
    service === "resumes"
      ? "\n`/resumes/export` answers the same page as `/resumes` as NDJSON (`application/x-ndjson`), one full resume per line, streamed.\n"
      : "";
  const contacts = contactRule === undefined ? "" : `\n**Contacts:** ${contactRule}\n`;
  return `${about.description}\n\n**License:** ${about.license}. Attribution must link to ${about.attribution}.\n${exports}${contacts}${COMMON_RULES}\n${limitsSection(endpoints)}`;
}
