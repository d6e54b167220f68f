/**
 * Sample gambling regulators: real-world-like codes and names of public bodies, with register
 * links under example.org (the sample never points at a real register), plus the markets
 * whose regulator publishes gross gaming revenue in the sample's ground truth.
 * @module
 */
import type { Regulator } from "../load/schemas.ts";

// [code, name, jurisdiction, tier]
type Row = [string, string, string, 1 | 2 | 3];

const ROWS: readonly Row[] = [
  ["UKGC", "Gambling Commission (Great Britain)", "GB", 1],
  ["SGA", "Swedish Gambling Authority", "SE", 1],
  ["DGA", "Danish Gambling Authority", "DK", 1],
  ["GGL", "Joint Gambling Authority of the German States", "DE", 1],
  ["KSA", "Netherlands Gambling Authority", "NL", 1],
  ["ADM", "Customs and Monopolies Agency (Italy)", "IT", 1],
  ["DGOJ", "Directorate General for the Regulation of Gambling (Spain)", "ES", 1],
  ["ANJ", "National Gaming Authority (France)", "FR", 1],
  ["SRIJ", "Gaming Regulation and Inspection Service (Portugal)", "PT", 1],
  ["BGC", "Belgian Gaming Commission", "BE", 1],
  ["GRAI", "Gambling Regulatory Authority of Ireland", "IE", 1],
  ["ESBK", "Federal Gaming Board (Switzerland)", "CH", 1],
  ["MFCR", "Ministry of Finance Gambling Supervision (Czechia)", "CZ", 1],
  ["MFPL", "Ministry of Finance Gambling Register (Poland)", "PL", 1],
  ["HGC", "Hellenic Gaming Commission", "GR", 1],
  ["ONJN", "National Gambling Office (Romania)", "RO", 1],
  ["EMTA", "Tax and Customs Board, Gambling Licensing (Estonia)", "EE", 2],
  ["IAUI", "Lotteries and Gambling Supervisory Inspection (Latvia)", "LV", 2],
  ["LPT", "Gaming Control Authority (Lithuania)", "LT", 2],
  ["NGA", "Norwegian Gaming Authority", "NO", 1],
  ["FNPB", "National Police Board, Gambling Administration (Finland)", "FI", 2],
  ["BMFAT", "Federal Ministry of Finance, Gaming Licences (Austria)", "AT", 2],
  ["URHH", "Gambling Regulatory Authority (Slovakia)", "SK", 2],
  ["SZTFH", "Supervisory Authority for Regulatory Affairs (Hungary)", "HU", 2],
  ["NRABG", "National Revenue Agency, Gambling (Bulgaria)", "BG", 2],
  ["AGCO", "Alcohol and Gaming Commission (Ontario, Canada)", "CA", 1],
  ["KGC", "Kahnawake Gaming Commission", "CA", 3],
  ["NJDGE", "Division of Gaming Enforcement (New Jersey)", "US", 1],
  ["PGCB", "Gaming Control Board (Pennsylvania)", "US", 1],
  ["COLJ", "Coljuegos (Colombia)", "CO", 1],
  ["SPA", "Secretariat of Prizes and Betting (Brazil)", "BR", 2],
  ["SEGOB", "Games and Raffles Directorate (Mexico)", "MX", 2],
  ["LOTBA", "Lottery of the City of Buenos Aires", "AR", 2],
  ["MINCETUR", "Ministry of Foreign Trade and Tourism, Gaming (Peru)", "PE", 2],
  ["MGA", "Malta Gaming Authority", "MT", 2],
  ["GGC", "Gibraltar Gambling Commissioner", "GI", 2],
  ["GSC", "Gambling Supervision Commission (Isle of Man)", "IM", 2],
  ["AGCC", "Alderney Gambling Control Commission", "GG", 2],
  ["GCB", "Curacao Gaming Control Board", "CW", 3],
  ["AOFA", "Anjouan Offshore Finance Authority", "KM", 3],
  ["PAGCOR", "Philippine Amusement and Gaming Corporation", "PH", 3],
  ["WCGRB", "Western Cape Gambling and Racing Board", "ZA", 2],
  ["BCLB", "Betting Control and Licensing Board (Kenya)", "KE", 2],
  ["NLRC", "National Lottery Regulatory Commission (Nigeria)", "NG", 2],
  ["KRAIL", "Commission for the Regulation of Gambling and Lotteries (Ukraine)", "UA", 2],
];

/** The regulator records of `regulators.json`. */
export function generateRegulators(): Regulator[] {
  return ROWS.map(([code, name, jurisdiction, tier]) => ({
    code,
    name,
    jurisdiction,
    tier,
    register_url: `https://example.org/registers/${code.toLowerCase()}`,
  }));
}

/** Offshore licensing hubs: brands licensed there may serve markets far from the jurisdiction. */
export const OFFSHORE_REGULATORS: readonly string[] = ["MGA", "GGC", "GSC", "AGCC", "GCB", "AOFA", "KGC"];

/** A market whose regulator publishes monthly gross gaming revenue, and its currency. */
export interface GroundTruthMarket {
  country: string;
  regulator: string;
  currency: string;
  /** Units of local currency per euro (fixed sample rates). */
  perEuro: number;
  /** Months of the 24 the regulator has published, counted back from the newest. */
  months: number;
}

/** The 15 markets with ground truth; every regulator's jurisdiction equals the country. */
export const GROUND_TRUTH_MARKETS: readonly GroundTruthMarket[] = [
  { country: "GB", regulator: "UKGC", currency: "GBP", perEuro: 0.85, months: 24 },
  { country: "SE", regulator: "SGA", currency: "SEK", perEuro: 11.3, months: 24 },
  { country: "DK", regulator: "DGA", currency: "DKK", perEuro: 7.46, months: 24 },
  { country: "DE", regulator: "GGL", currency: "EUR", perEuro: 1, months: 18 },
  { country: "NL", regulator: "KSA", currency: "EUR", perEuro: 1, months: 24 },
  { country: "IT", regulator: "ADM", currency: "EUR", perEuro: 1, months: 24 },
  { country: "ES", regulator: "DGOJ", currency: "EUR", perEuro: 1, months: 21 },
  { country: "FR", regulator: "ANJ", currency: "EUR", perEuro: 1, months: 12 },
  { country: "PT", regulator: "SRIJ", currency: "EUR", perEuro: 1, months: 24 },
  { country: "BE", regulator: "BGC", currency: "EUR", perEuro: 1, months: 15 },
  { country: "CO", regulator: "COLJ", currency: "COP", perEuro: 4400, months: 24 },
  { country: "CZ", regulator: "MFCR", currency: "CZK", perEuro: 25.1, months: 12 },
  { country: "PL", regulator: "MFPL", currency: "PLN", perEuro: 4.3, months: 18 },
  { country: "RO", regulator: "ONJN", currency: "RON", perEuro: 4.97, months: 24 },
  { country: "GR", regulator: "HGC", currency: "EUR", perEuro: 1, months: 12 },
];
