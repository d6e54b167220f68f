/**
 * Sample gambling regulators: real-world-like codes and names of public bodies as they stand at the
 * sample's snapshot (November 2026), with register links under example.org (the sample never points at
 * a real register), the verticals each licenses online, plus the markets whose regulator publishes
 * gross gaming revenue in the sample's ground truth.
 * @module
 */
import type { Regulator } from "../load/schemas.ts";
import type { Vertical } from "../load/verticals.ts";

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
  // Gambling supervision passed from the National Police Board to the new Finnish Supervisory Agency in
  // 2026; the licensed market it prepares opens after the snapshot, so it has no private licensee yet.
  ["LVV", "Finnish Supervisory Agency, Gambling Supervision", "FI", 2],
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
  // The Curaçao Gaming Authority replaced the Gaming Control Board and its master licenses in 2024 (LOK).
  ["CGA", "Curaçao Gaming Authority", "CW", 3],
  ["AOFA", "Anjouan Offshore Finance Authority", "KM", 3],
  ["PAGCOR", "Philippine Amusement and Gaming Corporation", "PH", 3],
  ["WCGRB", "Western Cape Gambling and Racing Board", "ZA", 2],
  ["BCLB", "Betting Control and Licensing Board (Kenya)", "KE", 2],
  ["NLRC", "National Lottery Regulatory Commission (Nigeria)", "NG", 2],
  // PlayCity took over from the Commission for the Regulation of Gambling and Lotteries (KRAIL) in 2023.
  ["PLAYCITY", "PlayCity, Gambling and Lottery Regulator (Ukraine)", "UA", 2],
];

/**
 * The online verticals a regulator licenses to private operators, where it is not all of them (#27): a
 * state monopoly keeps the rest (lotteries nearly everywhere; online casino in Poland), and France's ANJ
 * licenses sports betting and poker (and horse racing, outside the vocabulary) but no online casino.
 */
const LICENSED_VERTICALS: Readonly<Record<string, readonly Vertical[]>> = {
  ANJ: ["sportsbook", "poker"],
  GGL: ["casino", "sportsbook", "poker"],
  DGOJ: ["casino", "sportsbook", "poker"],
  SRIJ: ["casino", "sportsbook", "poker"],
  BGC: ["casino", "sportsbook", "poker"],
  HGC: ["casino", "sportsbook", "poker"],
  MFPL: ["sportsbook"],
};

/** Regulators of state monopolies (Norway; Finland until its licensed market opens): no private licenses. */
export const MONOPOLY_REGULATORS: readonly string[] = ["NGA", "LVV"];

/** The regulator records of `regulators.json`. */
export function generateRegulators(): Regulator[] {
  return ROWS.map(([code, name, jurisdiction, tier]) => ({
    code,
    name,
    jurisdiction,
    tier,
    register_url: `https://example.org/registers/${code.toLowerCase()}`,
    verticals: LICENSED_VERTICALS[code] === undefined ? null : [...LICENSED_VERTICALS[code]],
  }));
}

/** Offshore licensing hubs: brands licensed there may serve markets far from the jurisdiction. */
export const OFFSHORE_REGULATORS: readonly string[] = ["MGA", "GGC", "GSC", "AGCC", "CGA", "AOFA", "KGC"];

/** How often a regulator publishes GGR. */
export type GgrCadence = "month" | "quarter" | "half" | "year";

/** A market whose regulator publishes gross gaming revenue, and how. */
export interface GroundTruthMarket {
  country: string;
  regulator: string;
  currency: string;
  cadence: GgrCadence;
  /**
   * Online GGR a year in local currency, per vertical the regulator reports (`total` when it reports one
   * figure): rounded from the public figure named beside it, for the order of magnitude and the ranking only.
   */
  annual: Readonly<Partial<Record<Vertical | "total", number>>>;
  /** Spread of the period-to-period noise (log scale): how loosely tracked demand follows revenue there. */
  noise: number;
}

/**
 * The 15 markets with ground truth; every regulator's jurisdiction equals the country. The yearly
 * online GGR figures are rounded public figures of 2023-2024 (regulators' annual and quarterly market
 * reports), in local currency; Great Britain is the largest market, as it is in Europe:
 * - GB: UKGC Industry Statistics, remote casino/slots/bingo about £4.6 bn and remote betting about £2.2 bn
 *   (about £6.8 bn online a year, published quarterly as operator data).
 * - IT: ADM (Libro Blu), online games about €2.6 bn and online sports betting about €1.9 bn, monthly.
 * - DE: GGL annual report, regulated online market (virtual slots, poker, sports betting) about €3 bn, yearly.
 * - FR: ANJ market reports, sports betting about €1.6 bn and poker about €0.5 bn (no online casino), quarterly.
 * - SE: Spelinspektionen market statistics, online casino about SEK 11 bn and betting about SEK 6 bn, quarterly.
 * - DK: Spillemyndigheden key figures, online casino about DKK 3.9 bn and betting about DKK 2.9 bn, monthly.
 * - NL: KSA market scan, online about €1.4 bn, half-yearly. ES: DGOJ market data, online about €1.3 bn,
 *   quarterly. PT: SRIJ quarterly reports, online about €0.9 bn. GR: HGC, online about €1.1 bn, quarterly.
 * - BE: Gaming Commission annual report, online about €0.7 bn, yearly. PL: Ministry of Finance, online
 *   sports betting about PLN 3 bn (online casino is the state monopoly's), yearly. RO: ONJN annual report,
 *   online about RON 4.5 bn, yearly. CZ: Ministry of Finance, online about CZK 20 bn, quarterly.
 * - CO: Coljuegos, online about COP 1.8 trillion, monthly; much of the play there is on unlicensed sites,
 *   so the sample lets tracked demand follow revenue only loosely (a weak fit, as an analyst would find).
 */
export const GROUND_TRUTH_MARKETS: readonly GroundTruthMarket[] = [
  {
    country: "GB",
    regulator: "UKGC",
    currency: "GBP",
    cadence: "quarter",
    annual: { casino: 4.6e9, sportsbook: 2.2e9 },
    noise: 0.05,
  },
  {
    country: "IT",
    regulator: "ADM",
    currency: "EUR",
    cadence: "month",
    annual: { casino: 2.6e9, sportsbook: 1.9e9 },
    noise: 0.07,
  },
  { country: "DE", regulator: "GGL", currency: "EUR", cadence: "year", annual: { total: 3.0e9 }, noise: 0.05 },
  {
    country: "FR",
    regulator: "ANJ",
    currency: "EUR",
    cadence: "quarter",
    annual: { sportsbook: 1.6e9, poker: 0.5e9 },
    noise: 0.05,
  },
  {
    country: "SE",
    regulator: "SGA",
    currency: "SEK",
    cadence: "quarter",
    annual: { casino: 11e9, sportsbook: 6e9 },
    noise: 0.05,
  },
  {
    country: "DK",
    regulator: "DGA",
    currency: "DKK",
    cadence: "month",
    annual: { casino: 3.9e9, sportsbook: 2.9e9 },
    noise: 0.07,
  },
  { country: "NL", regulator: "KSA", currency: "EUR", cadence: "half", annual: { total: 1.4e9 }, noise: 0.05 },
  { country: "ES", regulator: "DGOJ", currency: "EUR", cadence: "quarter", annual: { total: 1.3e9 }, noise: 0.05 },
  { country: "PT", regulator: "SRIJ", currency: "EUR", cadence: "quarter", annual: { total: 0.9e9 }, noise: 0.05 },
  { country: "GR", regulator: "HGC", currency: "EUR", cadence: "quarter", annual: { total: 1.1e9 }, noise: 0.05 },
  { country: "BE", regulator: "BGC", currency: "EUR", cadence: "year", annual: { total: 0.7e9 }, noise: 0.05 },
  { country: "PL", regulator: "MFPL", currency: "PLN", cadence: "year", annual: { sportsbook: 3.0e9 }, noise: 0.05 },
  { country: "RO", regulator: "ONJN", currency: "RON", cadence: "year", annual: { total: 4.5e9 }, noise: 0.05 },
  { country: "CZ", regulator: "MFCR", currency: "CZK", cadence: "quarter", annual: { total: 20e9 }, noise: 0.05 },
  { country: "CO", regulator: "COLJ", currency: "COP", cadence: "month", annual: { total: 1.8e12 }, noise: 0.35 },
];
