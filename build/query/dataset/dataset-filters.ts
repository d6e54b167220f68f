/**
 * Filter rows that several dataset lists share (filter-rows.ts): the same parameter, described once,
 * read from each list's own items.
 * @module
 */
import type { ExcludedPair } from "../../compute/period-volumes.ts";
import { GAME_KINDS } from "../../load/schemas.ts";
import type { EngineContext } from "../endpoint.ts";
import { listParam } from "../common-params.ts";
import { anyOfFilter, type FilterRow } from "../filter-rows.ts";
import type { Params } from "../param-spec.ts";
import { distinct, PRIORITY } from "../key-space.ts";
import { containsAllWords, filterQueryWords } from "../text-match.ts";

/** `provider`: provider slugs, every provider's value precomputed. */
export function providerFilter<T>(providerOf: (item: T) => string): FilterRow<T, EngineContext> {
  return anyOfFilter(
    { name: "provider", type: "open", normalise: "lower", multi: true, description: "Provider slugs (see /providers)" },
    providerOf,
    {
      values: (context) => context.dataset.providers.map((provider) => provider.slug),
    },
  );
}

/** `kind`: game kinds, each precomputed. */
export function kindFilter<T>(kindOf: (item: T) => string): FilterRow<T, EngineContext> {
  return anyOfFilter(
    { name: "kind", type: "closed", values: GAME_KINDS, multi: true, description: "Game kinds" },
    kindOf,
    { values: () => GAME_KINDS },
  );
}

/** `brand`: brand slugs; the files of each brand that has items come last under the file budget. */
export function brandFilter<T>(
  description: string,
  brandOf: (item: T) => string,
  itemsOf: (context: EngineContext) => readonly T[],
): FilterRow<T, EngineContext> {
  return anyOfFilter({ name: "brand", type: "open", normalise: "lower", multi: true, description }, brandOf, {
    values: (context) => distinct(itemsOf(context).map(brandOf)),
    priority: PRIORITY.perBrand,
  });
}

/** `country`: ISO codes (UK = GB), read as the countries the item belongs to. */
export function countryFilter<T>(
  description: string,
  countriesOf: (item: T) => string | readonly string[],
  values?: (context: EngineContext) => Iterable<string>,
): FilterRow<T, EngineContext> {
  return anyOfFilter(
    { name: "country", type: "open", normalise: "country", multi: true, description },
    countriesOf,
    values === undefined ? {} : { values },
  );
}

/** The countries with demand data, in the countries' order: the values of the demand lists' `country` files. */
export function countriesWithDemand(context: EngineContext): string[] {
  return context.dataset.countries.filter((country) => country.coverage.periods > 0).map((country) => country.code);
}

/**
 * The pairs trending and momentum left out (an outage or no row in one of the two periods, #27), of the
 * requested countries when `country` is given: the reason a pair is missing from the list.
 */
export function excludedOf(excluded: readonly ExcludedPair[], params: Params): readonly ExcludedPair[] {
  if (params.country === undefined) return excluded;
  const countries = new Set(listParam(params, "country"));
  return excluded.filter((pair) => countries.has(pair.country));
}

/** `q`: words that must all occur in the item's folded search text (its words folded once per query). */
export function wordsFilter<T>(description: string, foldedTextOf: (item: T) => string): FilterRow<T, EngineContext> {
  return {
    spec: { name: "q", type: "text", maxLength: 200, description },
    keep: (value) => {
      const words = filterQueryWords(String(value));
      return (item) => containsAllWords(foldedTextOf(item), words);
    },
  };
}
