/**
 * Examples for the OpenAPI document, taken from the engine on the built data rather than written by
 * hand: for each endpoint, parameter values from the queries the build precomputes that together answer
 * something, that answer (abridged), and the real error bodies of typical mistakes.
 * @module
 */
import { HttpError } from "../../errors.ts";
import { resultTooLarge } from "../answer-size.ts";
import type { EngineContext, Endpoint, KeySpaceEntry } from "../endpoint.ts";
import type { ParamSpec } from "../param-spec.ts";
import { renderNdjsonLines, resolveForEndpoint, runResolved } from "../run-query.ts";
import { pathSlots, requirement } from "./openapi-parameters.ts";

/** Arrays in examples keep this many items, so that a card with long series stays readable. */
const EXAMPLE_ITEMS = 2;

/** A real error answer of the engine, for an example. */
export interface ErrorExample {
  status: number;
  body: ReturnType<HttpError["toBody"]>;
}

/** What the document shows of one endpoint's answers. */
export interface EndpointSamples {
  /** Path parameters of the example answer (e.g. the first brand's slug). */
  pathParams: Record<string, string>;
  /** Per query parameter, its value in the example query (precomputed values that answer something together), as raw text. */
  paramExamples: Map<string, string>;
  /** The answer to the example query: the body with every array cut to its first items, or the first NDJSON lines. */
  body?: unknown;
  /** Error answers to typical mistakes, keyed by a name unique per status. */
  errors: Map<string, ErrorExample>;
}

/** Keeps the first items of every array, recursively. */
export function abridge(value: unknown): unknown {
  if (Array.isArray(value)) return value.slice(0, EXAMPLE_ITEMS).map(abridge);
  if (value !== null && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, abridge(item)]));
  return value;
}

type Query = Pick<KeySpaceEntry, "pathParams" | "pairs">;

/** The first `count` lines of an export, without rendering the rest (an export of every resume is 2 MB). */
export function firstLines(lines: Iterable<string>, count: number): string {
  let text = "";
  let taken = 0;
  if (count <= 0) return text;
  for (const line of lines) {
    text += line;
    taken += 1;
    if (taken === count) break;
  }
  return text;
}

/** Runs a query; an HttpError is returned, not thrown. */
function attempt(context: EngineContext, endpoint: Endpoint, query: Query): { body: unknown } | { error: HttpError } {
  try {
    const result = runResolved(context, resolveForEndpoint(endpoint, query.pathParams, query.pairs));
    if (result.kind === "json") return { body: abridge(endpoint.publicExample?.(context, result.body) ?? result.body) };
    return { body: firstLines(renderNdjsonLines(result), EXAMPLE_ITEMS) };
  } catch (error) {
    if (error instanceof HttpError) return { error };
    throw error;
  }
}

/** Fills a required list of slugs with the first brands (only `/compare` needs one). */
function requiredQuery(context: EngineContext, endpoint: Endpoint): Query | undefined {
  const { required } = requirement(endpoint);
  const spec = endpoint.params.find((candidate) => candidate.name === required);
  if (spec?.type !== "open") return undefined;
  const values =
    spec.normalise === "country"
      ? context.dataset.countries.map((country) => country.code)
      : context.dataset.brands.map((brand) => brand.slug);
  return { pathParams: {}, pairs: [[spec.name, values.slice(0, spec.minItems ?? 1).join(",")]] };
}

/** How many precomputed values of a parameter are tried for its example before it is left without one. */
const VALUES_TRIED = 8;

/** The first query of the key space, and the first precomputed values of each parameter in it. */
function scanKeySpace(context: EngineContext, endpoint: Endpoint): { first?: Query; values: Map<string, string[]> } {
  let first: Query | undefined;
  const values = new Map<string, string[]>();
  for (const entry of endpoint.keySpace?.(context) ?? []) {
    first ??= entry;
    for (const [name, value] of entry.pairs) {
      const known = values.get(name) ?? [];
      if (known.length < VALUES_TRIED && !known.includes(value)) values.set(name, [...known, value]);
    }
  }
  return { first, values };
}

/** Items an (abridged) example answer shows: a list's items, NDJSON lines, or 1 for a single record. */
function itemsShown(body: unknown): number {
  if (typeof body === "string") return body.split("\n").length - 1;
  const data = (body as { data?: unknown } | null)?.data;
  return Array.isArray(data) ? data.length : 1;
}

/**
 * Adds to `base` (an answerable query) each other parameter, in table order, with the first precomputed
 * value that keeps the answer showing as many items as the base's (up to EXAMPLE_ITEMS); a parameter none
 * of whose values does is left out. Swagger UI's "Try it out" sends every example at once, so together
 * they must answer something, and the sample answer shown is the answer to exactly these parameters.
 */
function exampleQuery(
  context: EngineContext,
  endpoint: Endpoint,
  base: Query,
  answer: unknown,
  values: Map<string, string[]>,
): { query: Query; body: unknown } {
  let query = base;
  let body = answer;
  const wanted = Math.min(EXAMPLE_ITEMS, itemsShown(answer));
  for (const spec of endpoint.params) {
    if (query.pairs.some(([name]) => name === spec.name)) continue;
    for (const value of values.get(spec.name) ?? []) {
      const next: Query = { pathParams: query.pathParams, pairs: [...query.pairs, [spec.name, value]] };
      const outcome = attempt(context, endpoint, next);
      if ("body" in outcome && itemsShown(outcome.body) >= wanted) {
        query = next;
        body = outcome.body;
        break;
      }
    }
  }
  return { query, body };
}

/** A wrong value for a parameter of the table, or undefined for types that take any text. */
function wrongValue(spec: ParamSpec): string | undefined {
  if (spec.type === "int") return String(spec.min - 1);
  if (spec.type === "closed") return "no_such_value";
  if (spec.type === "bool") return "maybe";
  if (spec.type === "period") return "2024-13";
  if (spec.type === "datetime") return "yesterday";
  return undefined;
}

/** Typical mistakes on an endpoint, as queries. */
function mistakes(endpoint: Endpoint, pathParams: Record<string, string>): Query[] {
  const queries: Query[] = [{ pathParams, pairs: [["unknown", "1"]] }];
  const wrong = endpoint.params
    .map((spec) => [spec.name, wrongValue(spec)] as const)
    .find(([, value]) => value !== undefined);
  if (wrong !== undefined) queries.push({ pathParams, pairs: [[wrong[0], wrong[1]!]] });
  if (requirement(endpoint).required !== undefined || requirement(endpoint).oneOf !== undefined)
    queries.push({ pathParams, pairs: [] });
  const slots = pathSlots(endpoint.path);
  if (slots.length > 0) {
    queries.push({
      pathParams: Object.fromEntries(slots.map((slot) => [slot, slot === "id" ? "999999999" : "no-such-slug"])),
      pairs: [],
    });
    if (slots.includes("id")) queries.push({ pathParams: { ...pathParams, id: "abc" }, pairs: [] });
  }
  const required = endpoint.params.find((spec) => spec.name === requirement(endpoint).required);
  if (required?.type === "open") {
    const unknown = Array.from({ length: required.minItems ?? 1 }, (_, i) => `no-such-slug-${i + 1}`);
    queries.push({ pathParams, pairs: [[required.name, unknown.join(",")]] });
  }
  return queries;
}

/** Samples of one endpoint on the built data (none for the OpenAPI document, which would describe itself). */
export function endpointSamples(context: EngineContext, endpoint: Endpoint): EndpointSamples {
  const { first, values } = scanKeySpace(context, endpoint);
  const candidates: Query[] = [];
  if (pathSlots(endpoint.path).length === 0) candidates.push({ pathParams: {}, pairs: [] });
  if (first !== undefined) candidates.push(first);
  const filled = requiredQuery(context, endpoint);
  if (filled !== undefined) candidates.push(filled);
  const samples: EndpointSamples = { pathParams: {}, paramExamples: new Map(), errors: new Map() };
  if (endpoint.path === "/openapi.json") return samples;
  for (const base of candidates) {
    const outcome = attempt(context, endpoint, base);
    if (!("body" in outcome)) continue;
    const { query, body } = exampleQuery(context, endpoint, base, outcome.body, values);
    samples.pathParams = query.pathParams;
    samples.paramExamples = new Map(query.pairs);
    samples.body = body;
    break;
  }
  for (const query of mistakes(endpoint, samples.pathParams)) {
    const outcome = attempt(context, endpoint, query);
    if (!("error" in outcome)) continue;
    const { code, status } = outcome.error;
    const name = samples.errors.has(code) ? `${code}_${samples.errors.size}` : code;
    samples.errors.set(name, { status, body: outcome.error.toBody() });
  }
  // An endpoint with a download of its own is one whose answers can pass the size limit: its refusal shown too.
  if (endpoint.download !== undefined)
    samples.errors.set("result_too_large", { status: 400, body: resultTooLarge(endpoint).toBody() });
  return samples;
}
