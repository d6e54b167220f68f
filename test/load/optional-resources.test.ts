/**
 * What a publisher has first (issue 26): a brand list, its markets and keyword volumes. Registers, game
 * catalogues, lobby trackers, regulators' revenue and page monitors are extra: a seed set without their folders
 * builds, and what they would feed is unknown (null), never 0.
 */
import { cp, mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { computeDataset } from "../../build/compute/compute-dataset.ts";
import { loadSeeds } from "../../build/load/load-seeds.ts";
import { SEED_RESOURCES } from "../../build/load/seed-resources.ts";
import { runBuild } from "../../build/run-build.ts";
import { SeedValidationError } from "../../build/errors.ts";
import { buildEngineIndex } from "../../build/query/engine-index.ts";
import { ENDPOINTS } from "../../build/query/endpoints.ts";
import { handleRequest } from "../../build/serve/handle-request.ts";
import { EMPTY_STORE } from "../../build/serve/precomputed-store.ts";
import { SEEDS_EXPORTS } from "../fixtures/exports-build.ts";

const REQUIRED = ["countries", "brands", "demand", "resumes"];
let root: string;
let seeds: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "bare-seeds-"));
  seeds = path.join(root, "seeds");
  for (const dir of ["meta", ...REQUIRED])
    await cp(path.join(SEEDS_EXPORTS, dir), path.join(seeds, dir), { recursive: true });
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("a seed set of brands, markets and search volumes alone", () => {
  it("names exactly brands, countries, demand and resumes as required", () => {
    expect(
      SEED_RESOURCES.filter((resource) => resource.optional !== true)
        .map((resource) => resource.dir)
        .sort(),
    ).toEqual([...REQUIRED].sort());
  });

  it("loads, with every optional resource empty", async () => {
    const { seeds: loaded } = await loadSeeds(seeds);
    expect(loaded.brands.length).toBe(6);
    expect(loaded.demand.length).toBeGreaterThan(0);
    for (const empty of [
      loaded.licenses,
      loaded.regulators,
      loaded.games,
      loaded.providers,
      loaded.lobby,
      loaded.groundTruth,
      loaded.tcAlerts,
      loaded.domains,
    ])
      expect(empty).toEqual([]);
  });

  it("builds, and the API says unknown where the data set has no register, catalogue or lobby data", async () => {
    const dist = path.join(root, "dist");
    await runBuild({
      seedsDir: seeds,
      outDir: dist,
      baseUrl: "https://data.example.org",
      maxFiles: 20_000,
      dryRun: false,
    });
    const read = async (file: string) =>
      JSON.parse(await readFile(path.join(dist, "responses/api/dataset/v1", file), "utf8"));
    const brands = (await read("brands/index.json")) as { data: { slug: string; licenses_count: number | null }[] };
    expect(brands.data.map((brand) => brand.licenses_count)).toEqual(new Array(6).fill(null));
    const card = (await read("brands/northlight-casino/index.json")) as { data: { licenses_count: number | null } };
    expect(card.data.licenses_count).toBeNull();
    expect(((await read("provider-ranks/index.json")) as { data: unknown[] }).data).toEqual([]);
  });

  it("answers /provider-ranks with rank null for providers listed without games or lobby sightings", async () => {
    const withProviders = path.join(root, "with-providers");
    await cp(seeds, withProviders, { recursive: true });
    await cp(path.join(SEEDS_EXPORTS, "providers"), path.join(withProviders, "providers"), { recursive: true });
    const { seeds: loaded } = await loadSeeds(withProviders);
    const dataset = computeDataset(loaded, { baseUrl: "https://data.example.org" });
    const response = await handleRequest(
      { method: "GET", url: "/api/dataset/v1/provider-ranks", clientAddress: "test" },
      { context: { dataset, index: buildEngineIndex(dataset) }, endpoints: ENDPOINTS, store: EMPTY_STORE },
    );
    expect(response.status).toBe(200);
    const body = JSON.parse(Buffer.from(response.body as Uint8Array).toString("utf8")) as {
      data: { rank: number | null; slug: string; rank_score: number | null }[];
    };
    // No catalog, no lobby: every measure unknown, so neither a rank_score nor a rank (not 1 and 2 by slug).
    expect(body.data.map((item) => [item.rank, item.slug, item.rank_score])).toEqual([
      [null, "aurora-studio", null],
      [null, "elbe-games", null],
    ]);
  });

  it("still refuses a misspelt optional folder, naming the right name", async () => {
    const copy = path.join(root, "misspelt");
    await cp(seeds, copy, { recursive: true });
    await cp(path.join(SEEDS_EXPORTS, "licenses"), path.join(copy, "License"), { recursive: true });
    const error = await loadSeeds(copy).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(SeedValidationError);
    expect((error as SeedValidationError).problems).toEqual([
      {
        file: `${copy}/licenses/`,
        message: `The folder is missing: ${copy}/License/ is not read, the folder names are fixed (rename it licenses/)`,
      },
    ]);
  });
});
