/**
 * Loads the whole seed folder: find → read → validate → keys → references → rules.
 * Collects every problem and throws them together.
 * @module
 */
import { constants } from "node:buffer";
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import type { z } from "zod";
import { BuildError, npmCommandFor, SeedValidationError, type SeedProblem } from "../errors.ts";
import { scanResourceFolder, unreadableReason } from "./find-seed-files.ts";
import { checkSeedRules } from "./check-seed-rules.ts";
import { findSeedWarnings, type BuildWarning } from "./seed-warnings.ts";
import { utcDateOf } from "../shared/utc-date.ts";
import { findRepeatedKeys, repeatedKeyProblem } from "./find-repeated-keys.ts";
import { jsonErrorLine, oneLineMessage } from "./json-faults.ts";
import { CsvLayout } from "./csv-layout.ts";
import { decodeSeedBytes, readSeedText } from "./read-seed-file.ts";
import {
  metaSchema,
  suppressionsSchema,
  type Brand,
  type Country,
  type DemandRow,
  type Domain,
  type DomainCheck,
  type Game,
  type GroundTruth,
  type License,
  type LobbyObservation,
  type Meta,
  type Monitoring,
  type PaymentObservation,
  type Provider,
  type Regulator,
  type ReputationObservation,
  type Resume,
  type SynonymGroup,
  type Suppressions,
  type TcAlert,
} from "./schemas.ts";
import {
  META_FILE,
  SEED_RESOURCES,
  SUPPRESSIONS_FILE,
  type SeedResource,
  type SeedResourceName,
} from "./seed-resources.ts";
import {
  findDanglingReferences,
  findDuplicateKeys,
  recordKey,
  validateRecords,
  type LocatedRecord,
} from "./validate-records.ts";

/** Every validated seed record, by resource. */
export interface SeedSet {
  meta: Meta;
  countries: Country[];
  regulators: Regulator[];
  brands: Brand[];
  domains: Domain[];
  licenses: License[];
  providers: Provider[];
  games: Game[];
  lobby: LobbyObservation[];
  demand: DemandRow[];
  groundTruth: GroundTruth[];
  tcAlerts: TcAlert[];
  /** Dated trust inputs (#27), each empty when its optional folder is missing. */
  reputationObservations: ReputationObservation[];
  paymentObservations: PaymentObservation[];
  domainChecks: DomainCheck[];
  monitoring: Monitoring[];
  resumes: Resume[];
  /** Empty when the seeds have no synonyms folder (it is optional). */
  searchSynonyms: SynonymGroup[];
  /** People erased on request (`meta/suppressions.json`, optional): none when absent. */
  suppressions: Suppressions;
}

export interface LoadStats {
  files: number;
  records: number;
  bytes: number;
}

/** The command that writes the sample into `seedsDir` (`seeds`, scripts/seed.ts's default, needs no --out). */
export function seedCommandFor(seedsDir: string): string {
  return npmCommandFor("seed", seedsDir, "seeds");
}

/** Stops at once, with one clear sentence, when the seeds folder is missing or is a file (not one problem per resource). */
export async function requireSeedsFolder(seedsDir: string): Promise<void> {
  const found = await stat(seedsDir).catch(() => undefined);
  if (found === undefined)
    throw new BuildError(
      `The seeds folder ${seedsDir} does not exist. Point --seeds at a folder of seed files, or run ${seedCommandFor(seedsDir)} to write the sample there.`,
    );
  if (!found.isDirectory()) throw new BuildError(`The seeds folder ${seedsDir} is a file, not a folder of seed files.`);
}

/**
 * The seeds folder as the publisher gave it (`--seeds ../exports/`), tidied (`../exports`), which every
 * problem's file starts with, so that it names a file they can open from where they ran the build.
 * Before, it was the folder's last name alone (`exports/brands/brands.csv`), found nowhere (issue 26).
 */
export function seedsFolderAsGiven(seedsDir: string): string {
  const tidy = path.normalize(seedsDir);
  return tidy.length > 1 ? tidy.replace(/[\\/]+$/, "") : tidy;
}

/** The longest string this Node can make: a seed file is read as one, so it can be no larger. */
export const MAX_SEED_FILE_BYTES = constants.MAX_STRING_LENGTH;

/** What a build may set over the seeds' own meta (#26). */
export interface LoadOptions {
  /** `--snapshot-at`: replaces `meta.snapshot_at`, and the check that nothing is dated after it uses it. */
  snapshotAt?: string;
}

/** Reads and validates the seeds in `seedsDir`; throws a SeedValidationError listing every problem. */
export async function loadSeeds(
  seedsDir: string,
  options: LoadOptions = {},
): Promise<{ seeds: SeedSet; stats: LoadStats; warnings: BuildWarning[] }> {
  const { seeds, stats, problems, warnings } = await inspectSeeds(seedsDir, options);
  if (seeds === undefined) throw new SeedValidationError(problems);
  return { seeds, stats, warnings };
}

/** What reading the seeds found: the seed set (absent when there is any problem), every problem and every warning. */
export interface SeedInspection {
  seeds?: SeedSet;
  stats: LoadStats;
  problems: SeedProblem[];
  /** Likely mistakes among the valid records (seed-warnings.ts), also when other records have problems. */
  warnings: BuildWarning[];
}

/** Reads and validates the seeds in `seedsDir`, returning every problem rather than throwing (`--check`). */
export async function inspectSeeds(seedsDir: string, options: LoadOptions = {}): Promise<SeedInspection> {
  const label = seedsFolderAsGiven(seedsDir);
  const problems: SeedProblem[] = [];
  const stats: LoadStats = { files: 0, records: 0, bytes: 0 };

  const readText = async (relative: string): Promise<string | undefined> => {
    const file = `${label}/${relative}`;
    const size = (await stat(path.join(seedsDir, relative)).catch(() => undefined))?.size ?? 0;
    if (size > MAX_SEED_FILE_BYTES) {
      // Not read at all: its text could not be held as one string (this said "not valid UTF-8" before).
      problems.push({
        file,
        message: `The file is ${size} bytes, over the ${MAX_SEED_FILE_BYTES} one seed file may hold: split its records over several files in the same folder`,
      });
      return undefined;
    }
    let bytes: Buffer;
    try {
      bytes = await readFile(path.join(seedsDir, relative));
    } catch (error) {
      problems.push({
        file,
        message: `The file cannot be read (${unreadableReason(error as NodeJS.ErrnoException, path.dirname(relative))})`,
      });
      return undefined;
    }
    stats.files += 1;
    stats.bytes += bytes.length;
    const decoded = decodeSeedBytes(file, bytes);
    if (decoded.problem) problems.push(decoded.problem);
    return decoded.text;
  };

  const read = loadSeedObject<Meta>(`${label}/${META_FILE}`, await readText(META_FILE), metaSchema, problems);
  const meta =
    read === undefined || options.snapshotAt === undefined ? read : { ...read, snapshot_at: options.snapshotAt };
  const hasSuppressions = (await stat(path.join(seedsDir, SUPPRESSIONS_FILE)).catch(() => undefined)) !== undefined;
  const suppressions = hasSuppressions
    ? loadSeedObject<Suppressions>(
        `${label}/${SUPPRESSIONS_FILE}`,
        await readText(SUPPRESSIONS_FILE),
        suppressionsSchema,
        problems,
      )
    : {};
  const byResource: Partial<Record<SeedResourceName, LocatedRecord[]>> = {};
  const keys = new Map<SeedResourceName, ReadonlySet<string> | undefined>();

  for (const resource of SEED_RESOURCES) {
    const loaded = await loadResource(seedsDir, label, resource, readText, (name) => keys.get(name));
    problems.push(...loaded.problems);
    keys.set(resource.name, loaded.keys);
    byResource[resource.name] = loaded.valid;
    stats.records += loaded.valid.length;
  }
  const snapshot =
    options.snapshotAt === undefined
      ? meta && { at: meta.snapshot_at, setBy: "meta.snapshot_at" }
      : { at: options.snapshotAt, setBy: "--snapshot-at" };
  problems.push(...checkSeedRules(byResource, snapshot));
  const warnings = snapshot === undefined ? [] : findSeedWarnings(byResource, utcDateOf(snapshot.at));

  if (problems.length > 0 || meta === undefined || suppressions === undefined) return { stats, problems, warnings };
  const values = <T>(name: SeedResourceName): T[] => (byResource[name] ?? []).map((record) => record.value as T);
  return {
    seeds: {
      meta,
      countries: values("countries"),
      regulators: values("regulators"),
      brands: values("brands"),
      domains: values("domains"),
      licenses: values("licenses"),
      providers: values("providers"),
      games: values("games"),
      lobby: values("lobby"),
      demand: values("demand"),
      groundTruth: values("groundTruth"),
      tcAlerts: values("tcAlerts"),
      reputationObservations: values("reputationObservations"),
      paymentObservations: values("paymentObservations"),
      domainChecks: values("domainChecks"),
      monitoring: values("monitoring"),
      resumes: values("resumes"),
      searchSynonyms: values("searchSynonyms"),
      suppressions,
    },
    stats,
    problems,
    warnings,
  };
}

/**
 * Reads and validates one resource's files. Its key set holds the keys of every record read, valid or not,
 * so that one invalid brand does not make every license naming it a "dangling reference" too; it is
 * undefined (references to it go unchecked) when a file could not be read or parsed, or a record's key
 * could not be read, since the missing keys are unknown.
 */
async function loadResource(
  seedsDir: string,
  label: string,
  resource: SeedResource,
  readText: (relative: string) => Promise<string | undefined>,
  keysOf: (name: SeedResourceName) => ReadonlySet<string> | undefined,
): Promise<{ valid: LocatedRecord[]; keys: ReadonlySet<string> | undefined; problems: SeedProblem[] }> {
  const { files, problems: unread } = await scanResourceFolder(seedsDir, resource.dir);
  const problems: SeedProblem[] = unread.map((problem) => ({
    file: `${label}/${problem.path}`,
    message: problem.message,
  }));
  if (files.length === 0 && unread.length === 0) {
    // An optional resource may be absent, but not misspelt: a folder it would be read from under its right name
    // is named either way.
    const misspelt = await misspeltFolder(seedsDir, resource);
    if (resource.optional !== true || misspelt !== undefined)
      problems.push({ file: `${label}/${resource.dir}/`, message: await noSeedFileMessage(seedsDir, label, resource) });
  }
  const valid: LocatedRecord[] = [];
  const keys = new Set<string>();
  // An optional resource with no file is complete (none), unless its folder could not be listed: then its
  // records are unknown, and references to them are not called dangling.
  let complete = files.length > 0 || (resource.optional === true && unread.length === 0);
  for (const relative of files) {
    const text = await readText(relative);
    if (text === undefined) {
      complete = false;
      continue;
    }
    const file = `${label}/${relative}`;
    const read = readSeedText(file, text, csvLayoutOf(resource));
    if (read.problems.some((problem) => problem.field === undefined)) complete = false;
    for (const record of read.records) {
      const key = rawRecordKey(record.value, resource.key);
      // A record whose key cannot be read (`Slug` for `slug`, not an object) may be the one others name.
      if (key === undefined) complete = false;
      else keys.add(key);
    }
    const checked = validateRecords(file, read.records, resource.schema);
    problems.push(...read.problems, ...checked.problems);
    // Not push(...valid): spreading a few hundred thousand records overflows the call stack (scale 16 samples).
    for (const record of checked.valid) valid.push(record);
  }
  problems.push(...findDuplicateKeys(resource, valid), ...findDanglingReferences(resource, valid, keysOf));
  return { valid, keys: complete ? keys : undefined, problems };
}

/**
 * Why a resource has no seed file: its folder is empty, or missing, and then which folder of the seeds is
 * spelt like it (`tc_alerts/`, `groundTruth/`, `brand/`), which the build does not read. Before, a missing
 * folder was "No seed file (*.json, *.ndjson or *.csv) in this folder", as if it were there.
 */
async function noSeedFileMessage(seedsDir: string, label: string, resource: SeedResource): Promise<string> {
  if ((await stat(path.join(seedsDir, resource.dir)).catch(() => undefined)) !== undefined)
    return "No seed file (*.json, *.ndjson or *.csv) in this folder";
  const alike = await misspeltFolder(seedsDir, resource);
  return alike === undefined
    ? "The folder is missing: this resource is required, with at least one seed file (*.json, *.ndjson or *.csv)"
    : `The folder is missing: ${label}/${alike}/ is not read, the folder names are fixed (rename it ${resource.dir}/)`;
}

/** A folder of the seeds named like the resource but not as it must be (`tc_alerts`, `groundTruth`), if any. */
async function misspeltFolder(seedsDir: string, resource: SeedResource): Promise<string | undefined> {
  if ((await stat(path.join(seedsDir, resource.dir)).catch(() => undefined)) !== undefined) return undefined;
  const spelling = (name: string) =>
    name
      .toLowerCase()
      .replace(/[^a-z0-9]/g, "")
      .replace(/s$/, "");
  const entries = await readdir(seedsDir, { withFileTypes: true }).catch(() => []);
  return entries.find(
    (entry) =>
      entry.isDirectory() && [resource.dir, resource.name].some((name) => spelling(name) === spelling(entry.name)),
  )?.name;
}

/** The CSV layout of each resource, made once from its schema. */
const csvLayouts = new Map<SeedResource, CsvLayout>();
function csvLayoutOf(resource: SeedResource): CsvLayout {
  let layout = csvLayouts.get(resource);
  if (layout === undefined) csvLayouts.set(resource, (layout = new CsvLayout(resource.schema)));
  return layout;
}

/** The key of a record as read, when its key fields are plain values. */
function rawRecordKey(value: unknown, fields: readonly string[]): string | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const record = value as Record<string, unknown>;
  if (!fields.every((field) => typeof record[field] === "string" || typeof record[field] === "number"))
    return undefined;
  return recordKey(record, fields);
}

/** Reads one seed file that holds a single object (meta, the suppression list); problems name the file. */
function loadSeedObject<T>(
  file: string,
  text: string | undefined,
  schema: z.ZodType,
  problems: SeedProblem[],
): T | undefined {
  if (text === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const message = (error as Error).message;
    problems.push({
      file,
      record: jsonErrorLine(text, message),
      message: `Malformed JSON: ${oneLineMessage(message)}`,
    });
    return undefined;
  }
  for (const { path, count } of findRepeatedKeys(text, value))
    problems.push(repeatedKeyProblem(file, undefined, path, count));
  const checked = validateRecords(file, [{ location: "", value }], schema);
  problems.push(...checked.problems.map((problem) => ({ ...problem, record: undefined })));
  return checked.valid[0]?.value as T | undefined;
}
