/**
 * Turns decoded query pairs into an endpoint's normalised params, applying every parameter rule
 * of the contract: unknown names, empty = absent, repeated = comma-joined, types, ranges, vocabularies.
 * @module
 */
import { HttpError } from "../errors.ts";
import type { Endpoint } from "./endpoint.ts";
import { expectedOf, isBlankValue, serializeValue, valueSchema, type Params } from "./param-spec.ts";
import type { QueryPairs } from "./parse-query-string.ts";

export interface ParsedParams {
  params: Params;
  /** Names the client actually sent (non-empty), for rules such as "period with from/to". */
  present: Set<string>;
}

/**
 * Parses and normalises; throws HttpError 400 on the first problem.
 * @example parseParams(brandsEndpoint, [["country", "uk"]]).params // { country: ["GB"] }
 */
export function parseParams(endpoint: Endpoint, pairs: QueryPairs): ParsedParams {
  const specs = new Map(endpoint.params.map((spec) => [spec.name, spec]));
  const rawByName = new Map<string, string[]>();
  for (const [name, value] of pairs) {
    if (!specs.has(name)) {
      throw new HttpError(
        400,
        "unknown_parameter",
        `Unknown parameter '${truncate(name)}'. This endpoint takes: ${[...specs.keys()].join(", ") || "no parameters"}.`,
        {
          parameter: truncate(name),
          allowed: [...specs.keys()],
        },
      );
    }
    if (value === "") continue;
    rawByName.set(name, [...(rawByName.get(name) ?? []), value]);
  }

  const params: Params = {};
  for (const [name, values] of rawByName) {
    const spec = specs.get(name)!;
    const raw = values.join(",");
    if (isBlankValue(spec, raw)) {
      rawByName.delete(name);
      continue;
    }
    const result = valueSchema(spec).safeParse(raw);
    if (!result.success) {
      const expected = expectedOf(spec);
      throw new HttpError(400, "invalid_parameter", `Invalid value for '${name}': expected ${expected}.`, {
        parameter: name,
        value: truncate(raw),
        expected,
      });
    }
    // A text of only spaces is empty once trimmed, and an empty value counts as absent.
    if (result.data === "") rawByName.delete(name);
    else params[name] = result.data;
  }
  const present = new Set(rawByName.keys());
  applyAliases(endpoint, params);
  endpoint.validate?.(params, present);
  return { params, present };
}

/** Moves alias values onto their target (`limit` → `per_page`); different values for both are a 400. */
function applyAliases(endpoint: Endpoint, params: Params): void {
  for (const [alias, target] of Object.entries(endpoint.aliases ?? {})) {
    if (params[alias] === undefined) continue;
    if (params[target] !== undefined && params[target] !== params[alias]) {
      throw new HttpError(
        400,
        "invalid_parameter",
        `'${alias}' and '${target}' are the same setting and disagree; send one of them.`,
        {
          parameter: alias,
          value: serializeValue(params[alias]), // as text, like every other error's value
          expected: `the same value as ${target} (${String(params[target])}), or only one of them`,
        },
      );
    }
    params[target] = params[alias]!;
    delete params[alias];
  }
}

function truncate(text: string): string {
  return text.length > 100 ? `${text.slice(0, 100)}…` : text;
}
