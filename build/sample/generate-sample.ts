/**
 * The deterministic synthetic sample: every seed file of both services, as text.
 * `generateSample` is pure (same options, same bytes); `writeSample` puts the files on disk.
 * @module
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, extname, join } from "node:path";
import { CSV_MISSING_MEASUREMENT } from "../load/csv-layout.ts";
import { META_FILE, SEED_RESOURCES } from "../load/seed-resources.ts";
import { generateBrands } from "./brands.ts";
import { generateCountries } from "./countries.ts";
import { toCsv } from "./csv-writer.ts";
import { generateDemand, licensedPairs } from "./demand.ts";
import { generateDomains } from "./domains.ts";
import { generateGames, PROVIDERS_PER_SCALE } from "./games.ts";
import { generateGroundTruth } from "./ground-truth.ts";
import { toJsonText, toNdjson } from "./json-writer.ts";
import { generateLicenses } from "./licenses.ts";
import { generateLobby } from "./lobby.ts";
import { generateMeta } from "./meta.ts";
import { generateMonitoring } from "./monitoring.ts";
import { Rng } from "./prng.ts";
import { generateRegulators } from "./regulators.ts";
import { generateResumes } from "./resumes.ts";
import { SAMPLE_SYNONYMS } from "./search-synonyms.ts";
import { generateTcAlerts } from "./tc-alerts.ts";
import {
  generateDomainChecks,
  generatePaymentObservations,
  generateReputationObservations,
} from "./trust-observations.ts";

/** Options of the generator. */
export interface SampleOptions {
  /** Multiplies brands, games, providers, licenses, alerts, resumes, lobby and demand; countries, regulators and periods stay fixed. */
  scale: number;
}

/** The root seed: changing it regenerates the whole sample. */
const SEED = "open-demand-sample-v1";

/** The seed file paths (relative to the seeds root), keyed by what they hold. */
export const SAMPLE_FILES = {
  meta: META_FILE,
  countries: "countries/countries.json",
  regulators: "regulators/regulators.json",
  brands: "brands/brands.ndjson",
  domains: "domains/domains.ndjson",
  licenses: "licenses/licenses.csv",
  providers: "providers/providers.json",
  games: "games/games.ndjson",
  lobby: "lobby/lobby-observations.csv",
  demand: "demand/monthly-demand.csv",
  groundTruth: "ground-truth/ground-truth.csv",
  tcAlerts: "tc-alerts/tc-alerts.ndjson",
  reputationObservations: "reputation-observations/reputation-observations.csv",
  paymentObservations: "payment-observations/payment-observations.csv",
  domainChecks: "domain-checks/domain-checks.csv",
  monitoring: "monitoring/monitoring.csv",
  resumes: "resumes/resumes.ndjson",
  searchSynonyms: "search-synonyms/synonyms.json",
} as const;

/**
 * The smallest scale whose sample has a game provider (160 × scale rounds to at least 1), the first
 * family to round to none; below it the games could be dealt to no one.
 */
export const MIN_SCALE = 0.5 / PROVIDERS_PER_SCALE;

/**
 * Generates the whole sample: relative path under the seeds root → file text.
 * Pure and deterministic: each family draws from its own stream forked from the root seed.
 */
export function generateSample(options: SampleOptions): Map<string, string> {
  const { scale } = options;
  if (!(scale > 0) || !Number.isFinite(scale)) throw new Error(`scale must be a positive number, got ${scale}`);
  if (scale < MIN_SCALE)
    throw new Error(`scale must be at least ${MIN_SCALE} (a smaller sample has no game provider), got ${scale}`);
  const root = new Rng(SEED);
  // Streams are forked by family name, so a change in one family leaves the others' bytes alone.
  const regulators = generateRegulators();
  const brands = generateBrands(root.fork("brands"), scale);
  const domains = generateDomains(root.fork("domains"), brands);
  const licenses = generateLicenses(root.fork("licenses"), brands, regulators, scale);
  const { providers, games } = generateGames(root.fork("games"), scale);
  const lobby = generateLobby(root.fork("lobby"), brands, games, scale);
  const demand = generateDemand(root.fork("demand"), brands, scale, licensedPairs(licenses, regulators));
  const groundTruth = generateGroundTruth(root.fork("ground-truth"), {
    demand,
    licenses,
    regulators,
    brands: brands.map((plan) => plan.brand),
  });
  const alerts = generateTcAlerts(root.fork("tc-alerts"), brands, domains, scale);
  const resumes = generateResumes(root.fork("resumes"), scale);

  const files = new Map<string, string>();
  files.set(SAMPLE_FILES.meta, toJsonText(generateMeta()));
  files.set(SAMPLE_FILES.countries, toJsonText(generateCountries()));
  files.set(SAMPLE_FILES.regulators, toJsonText(regulators));
  files.set(SAMPLE_FILES.brands, toNdjson(brands.map((b) => b.brand)));
  files.set(SAMPLE_FILES.domains, toNdjson(domains));
  files.set(
    SAMPLE_FILES.licenses,
    toCsv(
      [
        "id",
        "brand",
        "regulator_code",
        "license_number",
        "status",
        "issued_at",
        "expires_at",
        "status_changed_at",
        "verticals",
      ],
      licenses.map((license) => ({ ...license, verticals: license.verticals?.join("|") ?? null })),
    ),
  );
  files.set(SAMPLE_FILES.providers, toJsonText(providers));
  files.set(SAMPLE_FILES.games, toNdjson(games.map((g) => g.game)));
  files.set(SAMPLE_FILES.lobby, toCsv(["brand", "game", "country", "observed_at", "position"], lobby));
  // An outage is written as the missing-measurement marker NA (seeds/README.md), never as an empty cell.
  files.set(
    SAMPLE_FILES.demand,
    toCsv(
      ["brand", "country", "period", "vertical", "volume"],
      demand.map((row) => ({ ...row, volume: row.volume ?? CSV_MISSING_MEASUREMENT })),
    ),
  );
  files.set(
    SAMPLE_FILES.groundTruth,
    toCsv(["country", "regulator_code", "period", "vertical", "ggr", "currency"], groundTruth),
  );
  files.set(SAMPLE_FILES.tcAlerts, toNdjson(alerts));
  // Dated trust inputs (#27): their own streams, so the families above keep their bytes.
  files.set(
    SAMPLE_FILES.reputationObservations,
    toCsv(
      ["brand", "observed_at", "review_rating", "review_count", "complaints_total", "complaints_resolved"],
      generateReputationObservations(root.fork("reputation-observations"), brands),
    ),
  );
  files.set(
    SAMPLE_FILES.paymentObservations,
    toCsv(
      ["brand", "observed_at", "payment_methods", "withdrawal_days"],
      generatePaymentObservations(root.fork("payment-observations"), brands),
    ),
  );
  files.set(
    SAMPLE_FILES.domainChecks,
    toCsv(
      ["domain", "checked_at", "https", "status_code", "uptime_pct", "response_ms"],
      generateDomainChecks(root.fork("domain-checks"), domains),
    ),
  );
  files.set(
    SAMPLE_FILES.monitoring,
    toCsv(["brand", "since", "pages"], generateMonitoring(root.fork("monitoring"), brands, alerts)),
  );
  files.set(SAMPLE_FILES.resumes, toNdjson(resumes));
  files.set(SAMPLE_FILES.searchSynonyms, toJsonText(SAMPLE_SYNONYMS));
  return files;
}

/** A file written by `writeSample`. */
export interface WrittenFile {
  path: string;
  bytes: number;
}

const DATA_EXTENSIONS = new Set([".json", ".ndjson", ".csv"]);

/**
 * Writes the sample under `dir`. First removes the data files (`*.json`, `*.ndjson`, `*.csv`)
 * of every seed folder, because the loader reads every such file in a folder and a stale one
 * would be loaded alongside the new sample. Other files (a README, say) are left alone.
 */
export function writeSample(dir: string, options: SampleOptions): WrittenFile[] {
  const files = generateSample(options);
  const folders = new Set([dirname(META_FILE), ...SEED_RESOURCES.map((r) => r.dir)]);
  for (const folder of folders) {
    const path = join(dir, folder);
    let entries: string[];
    try {
      entries = readdirSync(path);
    } catch {
      continue;
    }
    for (const entry of entries) {
      if (DATA_EXTENSIONS.has(extname(entry))) rmSync(join(path, entry), { force: true });
    }
  }
  const written: WrittenFile[] = [];
  for (const [relative, text] of files) {
    const path = join(dir, relative);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text, "utf8");
    written.push({ path: relative, bytes: Buffer.byteLength(text, "utf8") });
  }
  return written;
}
