/**
 * The values a property test draws requests from, read off the engine's own data: every endpoint's
 * precomputed key space (its queries, path slots and filter values) plus the dataset's slugs and codes.
 */
import { VERTICAL_ALIASES, VERTICALS } from "../../build/load/verticals.ts";
import type { EngineContext, Endpoint, KeySpaceEntry } from "../../build/query/endpoint.ts";

export interface RequestVocabulary {
  /** Per endpoint id: the raw queries the build precomputes (each has a file unless the budget cut it). */
  keyQueries: Map<string, KeySpaceEntry[]>;
  /** Per endpoint id and path slot: the slot values of its key space. */
  slots: Map<string, Record<string, string[]>>;
  /** Per parameter name: every value that appears in some endpoint's key space, or in the dataset. */
  values: Map<string, string[]>;
  /** Words that occur in the data, for `q`. */
  words: string[];
  periods: string[];
}

/** The slot names of an endpoint's path, e.g. `["slug"]` for `/brands/{slug}`. */
export function slotNames(endpoint: Endpoint): string[] {
  return [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
}

/** Collects the vocabulary of `endpoints` over `context` (key spaces are walked once). */
export function requestVocabulary(context: EngineContext, endpoints: readonly Endpoint[]): RequestVocabulary {
  const keyQueries = new Map<string, KeySpaceEntry[]>();
  const slots = new Map<string, Record<string, string[]>>();
  const values = new Map<string, Set<string>>();
  const add = (name: string, value: string) => values.set(name, (values.get(name) ?? new Set()).add(value));
  for (const endpoint of endpoints) {
    const entries = endpoint.keySpace ? [...endpoint.keySpace(context)] : [{ pathParams: {}, pairs: [], priority: 0 }];
    keyQueries.set(endpoint.id, entries);
    const bySlot: Record<string, string[]> = {};
    for (const slot of slotNames(endpoint))
      bySlot[slot] = [
        ...new Set(entries.map((entry) => entry.pathParams[slot]).filter((value) => value !== undefined)),
      ];
    slots.set(endpoint.id, bySlot);
    for (const entry of entries) for (const [name, value] of entry.pairs) add(name, value);
  }
  const { dataset } = context;
  for (const brand of dataset.brands) {
    add("brand", brand.slug);
    add("brands", brand.slug);
  }
  for (const provider of dataset.providers) add("provider", provider.slug);
  for (const country of dataset.countries) {
    add("country", country.code);
    add("jurisdiction", country.code);
  }
  for (const regulator of dataset.regulators) add("regulator_code", regulator.code);
  // The demand verticals (#27), with the second spelling of sportsbook and the all-verticals key of /market-demand.
  for (const vertical of [...VERTICALS, ...Object.keys(VERTICAL_ALIASES), "total"]) add("vertical", vertical);
  const words = [
    ...new Set(
      [
        ...dataset.brands.slice(0, 40).map((brand) => brand.name),
        ...dataset.games.slice(0, 40).map((game) => game.name),
      ].flatMap((name) => name.toLowerCase().split(/\s+/)),
    ),
  ];
  return {
    keyQueries,
    slots,
    values: new Map([...values].map(([name, set]) => [name, [...set]])),
    words,
    periods: dataset.periods,
  };
}
