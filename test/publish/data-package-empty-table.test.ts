/**
 * A download can have no records with valid seeds: demand covering a single month (a first snapshot)
 * gives no trending and no momentum entries. The descriptor must still validate: the Table Schema
 * profile (vendored in test/fixtures/datapackage) wants at least one field, and there is no record to
 * derive a field from.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import AjvDraft04 from "ajv-draft-04";
import addFormatsModule from "ajv-formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { computeDataset } from "../../build/compute/compute-dataset.ts";
import { loadSeeds } from "../../build/load/load-seeds.ts";
import { bulkDownloads } from "../../build/publish/bulk-downloads.ts";
import { dataPackage } from "../../build/publish/data-package.ts";
import { buildEngineIndex } from "../../build/query/engine-index.ts";
import type { EngineContext } from "../../build/query/endpoint.ts";
import { SEEDS_MIN } from "../fixtures/seeds-invalid.ts";

const Ajv = AjvDraft04.default;
const addFormats = addFormatsModule.default;

async function profile(name: string) {
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addFormat("textarea", true);
  return ajv.compile(JSON.parse(await readFile(path.join("test/fixtures/datapackage", name), "utf8")) as object);
}

let seedsDir: string;
let context: EngineContext;

beforeAll(async () => {
  seedsDir = await mkdtemp(path.join(tmpdir(), "seeds-one-month-"));
  await cp(SEEDS_MIN, seedsDir, { recursive: true });
  const demandFile = path.join(seedsDir, "demand", "monthly-demand.csv");
  const [header, ...rows] = (await readFile(demandFile, "utf8")).trimEnd().split("\n");
  const last = rows
    .map((row) => row.split(",")[2]!)
    .sort()
    .at(-1)!;
  await writeFile(demandFile, `${[header, ...rows.filter((row) => row.split(",")[2] === last)].join("\n")}\n`);
  // The vertical split of demand covers the same single month.
  const verticalsFile = path.join(seedsDir, "demand", "verticals.ndjson");
  const verticals = (await readFile(verticalsFile, "utf8"))
    .trimEnd()
    .split("\n")
    .filter((line) => (JSON.parse(line) as { period: string }).period === last);
  await writeFile(verticalsFile, `${verticals.join("\n")}\n`);
  const { seeds } = await loadSeeds(seedsDir);
  const dataset = computeDataset(seeds, { baseUrl: "https://data.example.com" });
  context = { dataset, index: buildEngineIndex(dataset) };
});

afterAll(async () => {
  await rm(seedsDir, { recursive: true, force: true });
});

describe("the data package of seeds whose demand covers one month", () => {
  it("has downloads without records (trending, momentum)", async () => {
    const empty = (await bulkDownloads(context))
      .filter((download) => download.records === 0)
      .map((download) => download.table.name);
    expect(empty).toEqual(expect.arrayContaining(["trending", "momentum"]));
  });

  it("validates against the Data Package profile, and each resource's table schema against the Table Schema profile", async () => {
    const descriptor = dataPackage(context, await bulkDownloads(context));
    const validatePackage = await profile("data-package.json");
    expect(validatePackage(descriptor), JSON.stringify(validatePackage.errors)).toBe(true);
    const validateSchema = await profile("table-schema.json");
    const invalid = descriptor.resources
      .filter((resource) => "schema" in resource && !validateSchema(resource.schema))
      .map((resource) => resource.name);
    expect(invalid).toEqual([]);
  });

  it("still lists every download, the empty ones included, with their size and hash", async () => {
    const downloads = await bulkDownloads(context);
    const descriptor = dataPackage(context, downloads);
    expect(descriptor.resources.map((resource) => [resource.name, resource.bytes, resource.hash])).toEqual(
      downloads.map((download) => [download.table.name, download.bytes, `sha256:${download.sha256}`]),
    );
  });
});
