/**
 * The seed resources as data: folder, schema, primary key, references and CSV column types.
 * The loader, the sample generator and the seed docs all read this table.
 * @module
 */
import type { z } from "zod";
import {
  brandSchema,
  countrySchema,
  demandRowSchema,
  domainSchema,
  gameSchema,
  groundTruthSchema,
  licenseSchema,
  lobbyObservationSchema,
  providerSchema,
  regulatorSchema,
  resumeSchema,
  tcAlertSchema,
} from "./schemas.ts";

/** How a CSV cell becomes a typed value; absent columns are strings. */
export type CsvColumnType = "int" | "number" | "boolean" | "nullable-string";

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
  csvColumns?: Record<string, CsvColumnType>;
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
  | "resumes";

/** Ordered so that every resource comes after those it references. */
export const SEED_RESOURCES: readonly SeedResource[] = [
  // Any folder may hold CSV (seeds/README.md): a flat resource types its number and boolean cells as the sample's CSV resources do.
  { name: "countries", dir: "countries", description: "Markets: ISO code, name, trust tier, active flag", schema: countrySchema, key: ["code"], references: [], csvColumns: { trust_tier: "int", active: "boolean" } },
  { name: "regulators", dir: "regulators", description: "Gambling regulators and their registers", schema: regulatorSchema, key: ["code"], references: [], csvColumns: { tier: "int" } },
  {
    name: "brands",
    dir: "brands",
    description: "Casino and betting brands with reputation, apps, social, payments",
    schema: brandSchema,
    key: ["slug"],
    references: [{ field: "markets", resource: "countries", many: true }],
  },
  { name: "domains", dir: "domains", description: "Brand domains with whois, backlinks, health and DNS", schema: domainSchema, key: ["domain"], references: [{ field: "brand", resource: "brands" }] },
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
    csvColumns: { expires_at: "nullable-string", status_changed_at: "nullable-string" },
  },
  { name: "providers", dir: "providers", description: "Game providers (studios)", schema: providerSchema, key: ["slug"], references: [], csvColumns: { founded_year: "int" } },
  { name: "games", dir: "games", description: "Games with RTP, volatility, themes, features", schema: gameSchema, key: ["slug"], references: [{ field: "provider", resource: "providers" }] },
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
    csvColumns: { position: "int" },
  },
  {
    name: "demand",
    dir: "demand",
    description: "Monthly search volume per brand and country",
    schema: demandRowSchema,
    key: ["brand", "country", "period"],
    references: [
      { field: "brand", resource: "brands" },
      { field: "country", resource: "countries" },
    ],
    csvColumns: { volume: "int" },
  },
  {
    name: "groundTruth",
    dir: "ground-truth",
    description: "Regulator-published gross gaming revenue per market and month",
    schema: groundTruthSchema,
    key: ["country", "regulator_code", "period"],
    references: [
      { field: "country", resource: "countries" },
      { field: "regulator_code", resource: "regulators" },
    ],
    csvColumns: { ggr: "number" },
  },
  { name: "tcAlerts", dir: "tc-alerts", description: "Detected changes of terms, withdrawal and responsible-gambling pages", schema: tcAlertSchema, key: ["id"], references: [{ field: "brand", resource: "brands" }] },
  { name: "resumes", dir: "resumes", description: "Resumes of affiliate, CPA and iGaming professionals", schema: resumeSchema, key: ["id"], references: [] },
];

/** The meta file is one object, not a list of records. */
export const META_FILE = "meta/meta.json";

/** The optional list of people erased on request (issue 31): one object, beside meta. */
export const SUPPRESSIONS_FILE = "meta/suppressions.json";
