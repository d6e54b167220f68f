/**
 * "Did you mean …?" for a seed value that is almost one the build knows (issue 26): a brand slug one
 * letter off, a vocabulary word in the wrong case, a country under a name that is not its ISO code.
 * @module
 */
import { boundedEditDistance } from "../shared/edit-distance.ts";

/**
 * Codes that people use for a country but that ISO 3166-1 gives to no country (UK is reserved, EL is the
 * EU's code for Greece): the code they mean, so the hint is right even though it is not one edit away.
 */
const COUNTRY_ALIASES: Readonly<Record<string, string>> = { UK: "GB", EL: "GR" };

/** The ISO 3166-1 code a publisher meant by a common non-ISO country code (`UK` → `GB`), if any. */
export function countryAlias(code: string): string | undefined {
  return COUNTRY_ALIASES[code.toUpperCase()];
}

/**
 * How many edits a value may be from a known one to be suggested: 1 for short values, 2 from 8
 * characters on (`northlight-casion` for `northlight-casino` is one swap), never half the value.
 */
function editBudget(value: string): number {
  if (value.length < 4) return 0;
  return value.length >= 8 ? 2 : 1;
}

/**
 * The one known value the given value most likely meant: the same but for case, a common country alias,
 * else the only nearest value within the edit budget. Undefined when none is close or two are as close.
 * @example nearMiss("northlight-casion", ["northlight-casino", "spinwell"]) // "northlight-casino"
 */
export function nearMiss(value: string, known: Iterable<string>): string | undefined {
  const candidates = [...known];
  const sameButCase = candidates.filter((candidate) => candidate.toLowerCase() === value.toLowerCase());
  if (sameButCase.length === 1) return sameButCase[0];
  const alias = countryAlias(value);
  if (alias !== undefined && candidates.includes(alias)) return alias;
  const budget = editBudget(value);
  if (budget === 0) return undefined;
  let best: string | undefined;
  let bestDistance = budget + 1;
  let tied = false;
  for (const candidate of candidates) {
    const distance = boundedEditDistance(value.toLowerCase(), candidate.toLowerCase(), budget);
    if (distance < bestDistance) [best, bestDistance, tied] = [candidate, distance, false];
    else if (distance === bestDistance) tied = true;
  }
  return bestDistance <= budget && !tied ? best : undefined;
}

/** ` (did you mean "x"?)` for a near miss, else the empty string: appended to a problem's message. */
export function didYouMean(value: string, known: Iterable<string>): string {
  const meant = nearMiss(value, known);
  return meant === undefined || meant === value ? "" : ` (did you mean ${JSON.stringify(meant)}?)`;
}
