import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { planOutputs } from "../../build/emit/plan-outputs.ts";
import { MANIFEST_FILE, type Manifest } from "../../build/output-format/manifest.ts";
import { DATASET_ENDPOINTS } from "../../build/query/dataset/registry.ts";
import { defaultPages, distinct, PRIORITY, singleValues } from "../../build/query/key-space.ts";
import { sampleContext } from "../helpers/sample-host.ts";

const R = "responses/api/dataset/v1";

describe("key-space helpers", () => {
  it("defaultPages gives page 1 first at priority 0, further pages at priority 2, and at least one page", () => {
    expect([...defaultPages(101)]).toEqual([
      { pathParams: {}, pairs: [], priority: PRIORITY.defaultPage },
      { pathParams: {}, pairs: [["page", "2"]], priority: PRIORITY.furtherPage },
      { pathParams: {}, pairs: [["page", "3"]], priority: PRIORITY.furtherPage },
    ]);
    expect([...defaultPages(0)]).toHaveLength(1);
  });

  it("singleValues and distinct give one sorted query per value", () => {
    expect([...singleValues("kind", distinct(["slot", "live", "slot"]))].map((entry) => entry.pairs)).toEqual([
      [["kind", "live"]],
      [["kind", "slot"]],
    ]);
  });
});

describe("the sample build's precomputed dataset files", () => {
  it.each([
    [
      "every game card",
      (m: Manifest, c: Awaited<ReturnType<typeof sampleContext>>["context"]) =>
        c.dataset.games.every((game) => `${R}/games/${game.slug}/index.json` in m.files),
    ],
    [
      "every provider card",
      (m: Manifest, c: Awaited<ReturnType<typeof sampleContext>>["context"]) =>
        c.dataset.providers.every((p) => `${R}/providers/${p.slug}/index.json` in m.files),
    ],
    [
      "every page of the default game list",
      (m: Manifest, c: Awaited<ReturnType<typeof sampleContext>>["context"]) =>
        `${R}/games/page=${Math.ceil(c.dataset.games.length / 50)}.json` in m.files,
    ],
    ["the index per country", (m: Manifest) => `${R}/index/country=GB.json` in m.files],
    [
      "the index per brand",
      (m: Manifest, c: Awaited<ReturnType<typeof sampleContext>>["context"]) =>
        `${R}/index/brand=${c.dataset.index[0]!.brand}.json` in m.files,
    ],
    ["the index per country and period", (m: Manifest) => `${R}/index/country=GB,period=2026-10.json` in m.files],
    [
      "each kind of game",
      (m: Manifest) => `${R}/games/kind=live.json` in m.files && `${R}/game-ranks/kind=slot.json` in m.files,
    ],
    [
      "each momentum direction",
      (m: Manifest) =>
        ["up", "down", "flat"].every((direction) => `${R}/momentum/direction=${direction}.json` in m.files),
    ],
    ["each license status", (m: Manifest) => `${R}/licenses/status=revoked.json` in m.files],
    [
      "each provider-rank sort",
      (m: Manifest) => `${R}/provider-ranks/sort=name.json` in m.files && `${R}/provider-ranks/index.json` in m.files,
    ],
    [
      "the whole lists and documents",
      (m: Manifest) =>
        ["regulators", "countries", "ground-truth", "trending", "momentum", "openapi.json"].every(
          (name) => `${R}/${name}/index.json` in m.files,
        ),
    ],
  ])("include %s", async (_, check) => {
    const { context, dist } = await sampleContext();
    const manifest = JSON.parse(await readFile(path.join(dist, MANIFEST_FILE), "utf8")) as Manifest;
    expect(check(manifest, context)).toBe(true);
  });

  it("fill a short budget by priority: every default first page before any card or further page", async () => {
    const { context } = await sampleContext();
    const plan = await planOutputs(context, DATASET_ENDPOINTS, { maxFiles: 60 });
    const kept = plan.files.filter((file) => file.group !== "engine").map((file) => file.path);
    const firstPages = [
      "brands",
      "trust-scores",
      "licenses",
      "regulators",
      "providers",
      "provider-ranks",
      "games",
      "game-ranks",
      "countries",
      "market-demand",
      "trending",
      "momentum",
      "ground-truth",
      "tc-alerts",
    ];
    expect(kept.slice(0, firstPages.length)).toEqual(firstPages.map((name) => `${R}/${name}/index.json`));
    expect(kept.length).toBeGreaterThan(firstPages.length);
    expect(kept.length).toBeLessThanOrEqual(58);
    expect(
      kept.slice(firstPages.length).every((file) => /\/(brands|providers|games)\/[^/]+\/index\.json$/.test(file)),
    ).toBe(true);
    expect(plan.endpoints.reduce((sum, row) => sum + row.cut, 0)).toBeGreaterThan(10_000);
  });
});
