/**
 * The seed resources as data: folder, schema, primary key and references (CSV cells are typed from the
 * schema, csv-layout.ts).
 * The loader, the sample generator and the seed docs all read this table.
 * @module
 */
import type { z } from "zod";
import {
  brandSchema,
  countrySchema,
  demandRowSchema,
  domainCheckSchema,
  domainSchema,
  gameSchema,
  groundTruthSchema,
  licenseSchema,
  lobbyObservationSchema,
  monitoringSchema,
  paymentObservationSchema,
  providerSchema,
  regulatorSchema,
  reputationObservationSchema,
  resumeSchema,
  synonymGroupSchema,
  tcAlertSchema,
} from "./schemas.ts";

/** A field whose value must be the key of a record of another resource. */
export interface SeedReference {
  field: string;
  resource: SeedResourceName;
  /** The field is an array whose every element is a key. */
  many?: boolean;
}

export interface SeedResource {
  name: SeedResourceName;
  /** Folder under the seeds root; every `*.json`, `*.ndjson` and `*.csv` in it is read. */
  dir: string;
  description: string;
  schema: z.ZodType;
  /** Fields that together identify a record; duplicates are an error. */
  key: string[];
  references: SeedReference[];
  /**
   * The folder may be missing or empty: the resource is then no records, and what it feeds is unknown (no
   * license data: license counts are null, not 0; no games: provider ranks rest on what is known). A
   * publisher has a brand list and search volumes; registers, catalogues and monitors are extra (#26).
   */
  optional?: boolean;
}

export type SeedResourceName =
  | "countries"
  | "regulators"
  | "brands"
  | "domains"
  | "licenses"
  | "providers"
  | "games"
  | "lobby"
  | "demand"
  | "groundTruth"
  | "tcAlerts"
  | "reputationObservations"
  | "paymentObservations"
  | "domainChecks"
  | "monitoring"
  | "resumes"
  | "searchSynonyms";

/** Ordered so that every resource comes after those it references. */
export const SEED_RESOURCES: readonly SeedResource[] = [
  {
    name: "countries",
    dir: "countries",
    description: "Markets: ISO code, name, trust tier, active flag",
    schema: countrySchema,
    key: ["code"],
    references: [],
  },
  {
    name: "regulators",
    dir: "regulators",
    description: "Gambling regulators and their registers",
    schema: regulatorSchema,
    key: ["code"],
    references: [],
    optional: true,
  },
  {
    name: "brands",
    dir: "brands",
    description: "Casino and betting brands with reputation, apps, social, payments",
    schema: brandSchema,
    key: ["slug"],
    references: [{ field: "markets", resource: "countries", many: true }],
  },
  {
    name: "domains",
    dir: "domains",
    description: "Brand domains with whois, backlinks, health and DNS",
    schema: domainSchema,
    key: ["domain"],
    references: [{ field: "brand", resource: "brands" }],
    optional: true,
  },
  {
    name: "licenses",
    dir: "licenses",
    description: "Licenses from regulator registers",
    schema: licenseSchema,
    key: ["id"],
    references: [
      { field: "brand", resource: "brands" },
      { field: "regulator_code", resource: "regulators" },
    ],
    optional: true,
  },
  {
    name: "providers",
    dir: "providers",
    description: "Game providers (studios)",
    schema: providerSchema,
    key: ["slug"],
    references: [],
    optional: true,
  },
  {
    name: "games",
    dir: "games",
    description: "Games with RTP, volatility, themes, features",
    schema: gameSchema,
    key: ["slug"],
    references: [{ field: "provider", resource: "providers" }],
    optional: true,
  },
  {
    name: "lobby",
    dir: "lobby",
    description: "Sightings of games in casino lobbies (brand, country, date, position)",
    schema: lobbyObservationSchema,
    key: ["brand", "game", "country", "observed_at"],
    references: [
      { field: "brand", resource: "brands" },
      { field: "game", resource: "games" },
      { field: "country", resource: "countries" },
    ],
    optional: true,
  },
  {
    name: "demand",
    dir: "demand",
    description: "Monthly search volume per brand, country and (optionally) vertical",
    schema: demandRowSchema,
    key: ["brand", "country", "period", "vertical"],
    references: [
      { field: "brand", resource: "brands" },
      { field: "country", resource: "countries" },
    ],
  },
  {
    name: "groundTruth",
    dir: "ground-truth",
    description: "Regulator-published gross gaming revenue per market and month",
    schema: groundTruthSchema,
    key: ["country", "regulator_code", "vertical", "period"],
    references: [
      { field: "country", resource: "countries" },
      { field: "regulator_code", resource: "regulators" },
    ],
    optional: true,
  },
  {
    name: "tcAlerts",
    dir: "tc-alerts",
    description: "Detected changes of terms, withdrawal and responsible-gambling pages",
    schema: tcAlertSchema,
    key: ["id"],
    references: [{ field: "brand", resource: "brands" }],
    optional: true,
  },
  {
    name: "reputationObservations",
    dir: "reputation-observations",
    description: "Optional: dated readings of a brand's review rating and complaints (Trust Score history, #27)",
    schema: reputationObservationSchema,
    key: ["brand", "observed_at"],
    references: [{ field: "brand", resource: "brands" }],
    optional: true,
  },
  {
    name: "paymentObservations",
    dir: "payment-observations",
    description: "Optional: dated readings of a brand's payment methods and withdrawal time (#27)",
    schema: paymentObservationSchema,
    key: ["brand", "observed_at"],
    references: [{ field: "brand", resource: "brands" }],
    optional: true,
  },
  {
    name: "domainChecks",
    dir: "domain-checks",
    description: "Optional: dated checks of a domain's HTTPS, status, uptime and response time (#27)",
    schema: domainCheckSchema,
    key: ["domain", "checked_at"],
    references: [{ field: "domain", resource: "domains" }],
    optional: true,
  },
  {
    name: "monitoring",
    dir: "monitoring",
    description: "Optional: which pages of a brand the T&C watcher reads, and since when (#27)",
    schema: monitoringSchema,
    key: ["brand"],
    references: [{ field: "brand", resource: "brands" }],
    optional: true,
  },
  {
    name: "resumes",
    dir: "resumes",
    description: "Resumes of affiliate, CPA and iGaming professionals",
    schema: resumeSchema,
    key: ["id"],
    references: [],
  },
  {
    name: "searchSynonyms",
    dir: "search-synonyms",
    description: "Optional: groups of words or phrases the resume search takes as one (медиабайер = media buyer)",
    schema: synonymGroupSchema,
    key: ["phrases"],
    references: [],
    optional: true,
  },
];

/** The meta file is one object, not a list of records. */
export const META_FILE = "meta/meta.json";

/** The optional list of people erased on request (issue 31): one object, beside meta. */
export const SUPPRESSIONS_FILE = "meta/suppressions.json";
