/**
 * The 65 sample markets: real ISO 3166-1 codes and English names, with the sample's own
 * trust tiers and two hidden traits the other generators use (market size and region).
 * @module
 */
import type { Country } from "../load/schemas.ts";

/** Broad region: brands cluster their markets in one region, which makes market lists look plausible. */
export type Region = "nordics" | "west" | "east" | "americas" | "apac" | "africa_me";

/** A market with the hidden traits behind brand markets and demand volumes. */
export interface MarketProfile {
  country: Country;
  region: Region;
  /** Relative online-gambling market size (1–10): weights market choice and search volume. */
  size: number;
  /** Whether the sample has demand data for this market (48 of 65 do). */
  demand: boolean;
}

// [code, name, trust_tier, active, region, size, demand]
type Row = [string, string, 1 | 2 | 3, boolean, Region, number, boolean];

const ROWS: readonly Row[] = [
  ["GB", "United Kingdom", 1, true, "west", 10, true],
  ["DE", "Germany", 1, true, "west", 9, true],
  ["SE", "Sweden", 1, true, "nordics", 6, true],
  ["DK", "Denmark", 1, true, "nordics", 4, true],
  ["FI", "Finland", 2, true, "nordics", 5, true],
  ["NO", "Norway", 2, true, "nordics", 5, true],
  ["NL", "Netherlands", 1, true, "west", 6, true],
  ["BE", "Belgium", 1, true, "west", 4, true],
  ["FR", "France", 1, true, "west", 7, true],
  ["ES", "Spain", 1, true, "west", 7, true],
  ["IT", "Italy", 1, true, "west", 8, true],
  ["PT", "Portugal", 1, true, "west", 4, true],
  ["IE", "Ireland", 1, true, "west", 4, true],
  ["AT", "Austria", 2, true, "west", 4, true],
  ["CH", "Switzerland", 1, true, "west", 3, true],
  ["PL", "Poland", 1, true, "east", 6, true],
  ["CZ", "Czechia", 1, true, "east", 4, true],
  ["SK", "Slovakia", 2, true, "east", 2, true],
  ["HU", "Hungary", 2, true, "east", 3, true],
  ["RO", "Romania", 1, true, "east", 5, true],
  ["BG", "Bulgaria", 2, true, "east", 3, true],
  ["GR", "Greece", 1, true, "east", 4, true],
  ["HR", "Croatia", 2, true, "east", 2, true],
  ["SI", "Slovenia", 2, true, "east", 1, false],
  ["EE", "Estonia", 1, true, "nordics", 2, true],
  ["LV", "Latvia", 1, true, "nordics", 2, true],
  ["LT", "Lithuania", 1, true, "nordics", 2, true],
  ["CA", "Canada", 2, true, "americas", 8, true],
  ["US", "United States", 1, true, "americas", 9, true],
  ["MX", "Mexico", 2, true, "americas", 5, true],
  ["BR", "Brazil", 2, true, "americas", 8, true],
  ["AR", "Argentina", 2, true, "americas", 4, true],
  ["CL", "Chile", 2, true, "americas", 4, true],
  ["CO", "Colombia", 1, true, "americas", 4, true],
  ["PE", "Peru", 2, true, "americas", 3, true],
  ["AU", "Australia", 2, true, "apac", 6, true],
  ["NZ", "New Zealand", 2, true, "apac", 4, true],
  ["JP", "Japan", 3, true, "apac", 5, true],
  ["KR", "South Korea", 3, true, "apac", 2, false],
  ["IN", "India", 3, true, "apac", 7, true],
  ["PH", "Philippines", 2, true, "apac", 4, true],
  ["TH", "Thailand", 3, true, "apac", 3, false],
  ["VN", "Viet Nam", 3, false, "apac", 2, false],
  ["MY", "Malaysia", 3, true, "apac", 2, false],
  ["SG", "Singapore", 3, true, "apac", 1, false],
  ["ID", "Indonesia", 3, false, "apac", 2, false],
  ["ZA", "South Africa", 2, true, "africa_me", 4, true],
  ["NG", "Nigeria", 2, true, "africa_me", 4, true],
  ["KE", "Kenya", 2, true, "africa_me", 3, true],
  ["GH", "Ghana", 2, true, "africa_me", 2, true],
  ["TR", "Türkiye", 3, true, "east", 5, true],
  ["UA", "Ukraine", 2, true, "east", 3, true],
  ["KZ", "Kazakhstan", 3, true, "east", 2, false],
  ["GE", "Georgia", 2, true, "east", 1, false],
  ["AM", "Armenia", 2, true, "east", 1, false],
  ["RS", "Serbia", 2, true, "east", 2, true],
  ["CY", "Cyprus", 2, true, "east", 1, true],
  ["MT", "Malta", 2, true, "west", 1, true],
  ["IS", "Iceland", 2, true, "nordics", 1, false],
  ["LU", "Luxembourg", 2, true, "west", 1, false],
  ["EG", "Egypt", 3, false, "africa_me", 1, false],
  ["MA", "Morocco", 3, false, "africa_me", 1, false],
  ["IL", "Israel", 3, true, "africa_me", 1, false],
  ["AE", "United Arab Emirates", 3, false, "africa_me", 1, false],
  ["TW", "Taiwan", 3, true, "apac", 1, false],
];

/** Every market with its hidden traits, in the file's order. */
export const MARKETS: readonly MarketProfile[] = ROWS.map(([code, name, trust_tier, active, region, size, demand]) => ({
  country: { code, name, trust_tier, active },
  region,
  size,
  demand,
}));

/** The country records of `countries.json`. */
export function generateCountries(): Country[] {
  return MARKETS.map((m) => m.country);
}

/** Market profile by ISO code. */
export const MARKET_BY_CODE: ReadonlyMap<string, MarketProfile> = new Map(MARKETS.map((m) => [m.country.code, m]));
