/**
 * fast-check arbitraries of requests, built from the endpoint registry: each endpoint's `params`
 * table gives names, types, closed values and int ranges; values come from the data and outside it.
 */
import fc from "fast-check";
import type { Endpoint, KeySpaceEntry } from "../../build/query/endpoint.ts";
import { defaultOf, serializeValue, type ParamSpec } from "../../build/query/param-spec.ts";
import { endpointPath } from "../../build/query/routes.ts";
import { slotNames, type RequestVocabulary } from "./request-vocabulary.ts";

/** A drawn request: its URL (path and query, percent-encoded) and how it was spelled. */
export interface DrawnRequest {
  url: string;
  pairs: [string, string][];
  /** True when some parameter name was sent in another letter case (always a 400 unknown_parameter). */
  casedName: boolean;
  /**
   * The same request in a plain spelling (same meaning, same answer): for a re-spelled key-space query,
   * the query as the build spelled it; for a random one, its pairs unsplit, without `+`, bare names or extra empty values.
   */
  origin: string | undefined;
}

const OUTSIDE = ["zz", "no-such-key", "ÜBER-ключ", "a b", "x.y", "9"];

const lift = (values: readonly string[]): fc.Arbitrary<string> =>
  values.length === 0 ? fc.constantFrom(...OUTSIDE) : fc.constantFrom(...values);

/** Values of a comma list: one to `max` items of `item`, joined. */
const commaList = (item: fc.Arbitrary<string>, min: number, max: number): fc.Arbitrary<string> =>
  fc.array(item, { minLength: min, maxLength: max }).map((items) => items.join(","));

function closedValue(spec: Extract<ParamSpec, { type: "closed" }>): fc.Arbitrary<string> {
  const known = fc.mixedCase(fc.constantFrom(...spec.values));
  return fc.oneof(
    { weight: 6, arbitrary: spec.multi ? commaList(known, 1, 3) : known },
    { weight: 1, arbitrary: fc.constantFrom("bogus", "asc,desc", " ") },
  );
}

function openValue(spec: Extract<ParamSpec, { type: "open" }>, vocabulary: RequestVocabulary): fc.Arbitrary<string> {
  const known = fc.oneof(
    { weight: 5, arbitrary: fc.mixedCase(lift(vocabulary.values.get(spec.name) ?? [])) },
    { weight: 1, arbitrary: fc.constantFrom(...OUTSIDE, ...(spec.normalise === "country" ? ["UK", "uk", "Uk"] : [])) },
  );
  if (spec.minItems !== undefined) return commaList(known, spec.minItems - 1, (spec.maxItems ?? spec.minItems) + 1);
  return spec.multi ? commaList(known, 1, 3) : known;
}

function intValue(spec: Extract<ParamSpec, { type: "int" }>): fc.Arbitrary<string> {
  const max = spec.max ?? 1_000;
  return fc.oneof(
    { weight: 6, arbitrary: fc.integer({ min: spec.min, max: Math.min(max, spec.min + 4) }).map(String) },
    { weight: 3, arbitrary: fc.integer({ min: spec.min, max }).map(String) }, // pages past the end too
    {
      weight: 1,
      arbitrary: fc.constantFrom(String(spec.min - 1), String(max + 1), "-1", "1.5", "1e3", "NaN", "0x10", "", "007"),
    },
  );
}

/** A value arbitrary for one parameter row. */
export function valueArbitrary(spec: ParamSpec, vocabulary: RequestVocabulary): fc.Arbitrary<string> {
  switch (spec.type) {
    case "closed":
      return closedValue(spec);
    case "open":
      return openValue(spec, vocabulary);
    case "int":
      return intValue(spec);
    case "bool":
      return fc.constantFrom("1", "0", "true", "false", "TRUE", "yes", "2");
    case "period":
      return fc.oneof(
        { weight: 5, arbitrary: lift(vocabulary.periods) },
        { weight: 1, arbitrary: fc.constantFrom("2024-13", "1999-01", "2024-1", "May") },
      );
    case "datetime":
      return fc.constantFrom(
        "2024-01-01",
        "2025-06-15T12:00:00Z",
        "2024-06-01T00:00:00+02:00",
        "2020-01-01",
        "2030-01-01",
        "2024-02-30",
        "yesterday",
        "2024-06-01T10:00",
      );
    case "text":
      return fc.oneof(
        {
          weight: 4,
          arbitrary: commaList(fc.mixedCase(lift(vocabulary.words)), 1, 2).map((text) => text.replace(/,/g, " ")),
        },
        { weight: 1, arbitrary: fc.string({ maxLength: 8, unit: "grapheme" }) },
      );
  }
}

/** Spelling changes that must not change the answer: repeated parameters, explicit empty values. */
function spell(pairs: readonly [string, string][], split: boolean, empty: string | undefined): [string, string][] {
  const spelled = pairs.flatMap(([name, value]): [string, string][] => {
    const items = value.split(",");
    return split && items.length > 1 ? items.map((item): [string, string] => [name, item]) : [[name, value]];
  });
  return empty === undefined ? spelled : [...spelled, [empty, ""]];
}

/**
 * Encodes pairs as a query string; `plus` writes spaces as `+`, and commas are sometimes encoded; `bare`
 * writes an empty value as the name alone (`?page`), which counts as absent as `?page=` does.
 */
function encode(pairs: readonly [string, string][], plus: boolean, bare: boolean): string {
  const component = (text: string) =>
    plus ? encodeURIComponent(text).replace(/%20/g, "+") : encodeURIComponent(text).replace(/%2C/g, ",");
  return pairs
    .map(([name, value]) => (bare && value === "" ? component(name) : `${component(name)}=${component(value)}`))
    .join("&");
}

/** The path of a drawn request: slot values from the key space or outside it. */
function pathArbitrary(endpoint: Endpoint, vocabulary: RequestVocabulary): fc.Arbitrary<string> {
  const slots = slotNames(endpoint);
  const known = vocabulary.slots.get(endpoint.id) ?? {};
  const record = Object.fromEntries(
    slots.map((slot) => [
      slot,
      fc.oneof(
        { weight: 5, arbitrary: lift(known[slot] ?? []) },
        { weight: 1, arbitrary: fc.constantFrom("no-such-slug", "0", "99999999", "-1", "Ab") },
      ),
    ]),
  );
  return fc.record(record).map((pathParams) => endpointPath(endpoint, pathParams as Record<string, string>));
}

/** Random queries: a shuffled subset of the parameters, each with a drawn value. */
function randomPairs(endpoint: Endpoint, vocabulary: RequestVocabulary): fc.Arbitrary<[string, string][]> {
  const specs = [...endpoint.params];
  return fc
    .shuffledSubarray(specs, { maxLength: Math.min(5, specs.length) })
    .chain(
      (chosen): fc.Arbitrary<[string, string][]> =>
        chosen.length === 0
          ? fc.constant([])
          : fc.tuple(
              ...chosen.map((spec) =>
                valueArbitrary(spec, vocabulary).map((value): [string, string] => [spec.name, value]),
              ),
            ),
    );
}

/** Another spelling of one list item or single key: any letter case, `UK` for `GB`, `betting` for `sportsbook`. */
function respellKey(spec: ParamSpec | undefined, value: string): fc.Arbitrary<string> {
  if (spec?.type === "open" && spec.normalise === "country" && value.toUpperCase() === "GB")
    return fc.constantFrom("GB", "UK", "uk", "gb");
  if (spec?.type === "open" && spec.normalise === "vertical" && ["sportsbook", "betting"].includes(value.toLowerCase()))
    return fc.constantFrom("sportsbook", "betting", "Betting", "SPORTSBOOK");
  return spec?.type === "open" || spec?.type === "closed" ? fc.mixedCase(fc.constant(value)) : fc.constant(value);
}

/**
 * Another spelling of a normalised value (contract, parameter rules): keys in any letter case, `UK` for `GB`,
 * spaces around items, empty items and (where order does not matter) repeated items in a list, and
 * leading zeros in an integer.
 */
function respell(spec: ParamSpec | undefined, value: string): fc.Arbitrary<string> {
  if (spec?.type === "int") return fc.constantFrom("", "0", "00").map((zeros) => `${zeros}${value}`);
  // Only keys are trimmed: a boolean, a month or a date with a space is a 400 (anything else is, says the contract).
  if (spec?.type !== "open" && spec?.type !== "closed") return fc.constant(value);
  const isList = spec.type === "open" || spec.multi === true;
  if (!isList) return respellKey(spec, value).chain((key) => fc.constantFrom(key, ` ${key}`, `${key} `));
  const items = value.split(",");
  const padded = fc.tuple(
    ...items.map((item) => respellKey(spec, item).chain((key) => fc.constantFrom(key, ` ${key}`, `${key} `))),
  );
  const repeat = spec.type === "open" && spec.ordered === true ? fc.constant(false) : fc.boolean();
  return fc
    .tuple(padded, repeat, fc.constantFrom("", ",", " ,"))
    .map(([list, repeated, extra]) => `${extra}${(repeated ? [...list, list[0]!] : list).join(",")}${extra}`);
}

/** Another spelling of a path: a trailing or doubled slash, or a letter of a fixed segment percent-encoded. */
function respellPath(path: string): fc.Arbitrary<string> {
  const trimmed = path.endsWith("/") ? path.slice(0, -1) : path;
  const respelled = fc.constantFrom(
    `${trimmed}/`,
    `/${path}`,
    path.replace(/\/v1\//, "//v1//"),
    path.replace(/\/([a-z])/, (_, letter: string) => `/%${letter.charCodeAt(0).toString(16)}`),
  );
  return fc.oneof({ weight: 2, arbitrary: fc.constant(path) }, respelled);
}

/** A query of the key space (a file the build wrote), re-spelled: shuffled, mixed case, UK for GB, spaces, repeats, defaults spelled out, aliases, another path spelling. */
function keySpacePairs(
  endpoint: Endpoint,
  entries: readonly KeySpaceEntry[],
): fc.Arbitrary<{ entry: KeySpaceEntry; path: string; pairs: [string, string][] }> {
  const specs = new Map(endpoint.params.map((spec) => [spec.name, spec]));
  // An alias may stand for its target (`limit` for `per_page`), as long as the target itself is not sent too.
  const aliasOf = new Map(Object.entries(endpoint.aliases ?? {}).map(([alias, target]) => [target, alias]));
  return fc.constantFrom(...entries).chain((entry) => {
    // Defaults may be spelled out (`page=1`, `per_page=50`, `sort=name`): the canonical query drops them.
    const sent = new Set(entry.pairs.map(([name]) => name));
    const defaults = endpoint.params.flatMap((spec): [string, string][] => {
      const fallback = defaultOf(spec);
      return fallback === undefined || sent.has(spec.name) ? [] : [[spec.name, serializeValue(fallback)]];
    });
    const respelled = fc.subarray(defaults).chain((spelledOut): fc.Arbitrary<[string, string][]> => {
      const spelled = [...entry.pairs, ...spelledOut].map(([name, value]) => {
        const alias = aliasOf.get(name);
        const spelledName = alias === undefined ? fc.constant(name) : fc.constantFrom(name, alias);
        return fc
          .tuple(spelledName, respell(specs.get(name), value))
          .map(([spelledAs, text]): [string, string] => [spelledAs, text]);
      });
      return spelled.length === 0 ? fc.constant<[string, string][]>([]) : fc.tuple(...spelled);
    });
    const pairs: fc.Arbitrary<[string, string][]> = respelled.chain((list) =>
      list.length === 0 ? fc.constant([]) : fc.shuffledSubarray(list, { minLength: list.length }),
    );
    return fc.record({ entry: fc.constant(entry), path: respellPath(endpointPath(endpoint, entry.pathParams)), pairs });
  });
}

/** Every request of one endpoint: key-space queries (re-spelled) and random ones, with spelling noise. */
export function requestArbitrary(endpoint: Endpoint, vocabulary: RequestVocabulary): fc.Arbitrary<DrawnRequest> {
  const entries = vocabulary.keyQueries.get(endpoint.id) ?? [];
  const fromKeySpace =
    entries.length === 0
      ? undefined
      : keySpacePairs(endpoint, entries).map(({ entry, path, pairs }) => ({
          path,
          pairs,
          origin: urlOf(endpointPath(endpoint, entry.pathParams), entry.pairs, false),
        }));
  const random = fc.record({
    path: pathArbitrary(endpoint, vocabulary),
    pairs: randomPairs(endpoint, vocabulary),
    origin: fc.constant(undefined),
  });
  const names = endpoint.params.map((spec) => spec.name);
  return fc
    .record({
      base:
        fromKeySpace === undefined
          ? random
          : fc.oneof({ weight: 1, arbitrary: fromKeySpace }, { weight: 1, arbitrary: random }),
      split: fc.boolean(),
      plus: fc.boolean(),
      bare: fc.boolean(),
      empty: names.length === 0 ? fc.constant(null) : rarely(fc.constantFrom(...names), 6),
      casedName: rarely(
        fc.constantFrom(...(names.length > 0 ? names : ["page"])).map((name) => name.toUpperCase()),
        12,
      ),
    })
    .map(({ base, split, plus, bare, empty, casedName }): DrawnRequest => {
      const spelled = spell(base.pairs, split, empty ?? undefined);
      const pairs: [string, string][] = casedName === null ? spelled : [...spelled, [casedName, "1"]];
      const url = urlOf(base.path, pairs, plus, bare);
      const origin = base.origin ?? urlOf(base.path, base.pairs, false);
      return { url, pairs, casedName: casedName !== null, origin: origin === url ? undefined : origin };
    });
}

/** A value once in `every` draws, else null. */
function rarely<T>(arbitrary: fc.Arbitrary<T>, every: number): fc.Arbitrary<T | null> {
  return fc.oneof({ weight: every - 1, arbitrary: fc.constant(null) }, { weight: 1, arbitrary });
}

function urlOf(path: string, pairs: readonly [string, string][], plus: boolean, bare = false): string {
  return pairs.length === 0 ? path : `${path}?${encode(pairs, plus, bare)}`;
}
