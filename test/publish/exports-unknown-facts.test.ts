/**
 * Unknown is not zero beyond the Trust Score (issue 26, item 2): provider ranks, brand descriptions and pages,
 * and `/compare` rows of the exports fixture, where many optional facts are missing, show them as unknown.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { EngineContext } from "../../build/query/endpoint.ts";
import { buildEngineIndex } from "../../build/query/engine-index.ts";
import { ENDPOINTS } from "../../build/query/endpoints.ts";
import { handleRequest } from "../../build/serve/handle-request.ts";
import { EMPTY_STORE } from "../../build/serve/precomputed-store.ts";
import { exportsBuild } from "../fixtures/exports-build.ts";

async function getJson(context: EngineContext, url: string): Promise<{ data: unknown }> {
  const response = await handleRequest(
    { method: "GET", url, clientAddress: "test" },
    { context, endpoints: ENDPOINTS, store: EMPTY_STORE },
  );
  expect(response.status, url).toBe(200);
  return JSON.parse(Buffer.from(response.body as Uint8Array).toString("utf8")) as { data: unknown };
}

describe("unknown facts of the exports fixture", () => {
  it("ranks a provider without any RTP on its known measures, its RTP weight re-spread", async () => {
    const { context } = await exportsBuild();
    const { data } = await getJson(context, "/api/dataset/v1/provider-ranks");
    // aurora-studio: 2 games, RTP 96.1, 1 release in the window, 1 brand, 2 countries: every maximum → 100.
    // elbe-games: 1 game → 50, RTP unknown, 0 releases → 0, 1 brand → 100, 1 country → 50;
    // (.25·50 + .2·0 + .3·100 + .15·50) / (.25 + .2 + .3 + .15) = 50 / .9 = 55.555… → 55.6 (50 if RTP counted 0).
    expect(data).toEqual([
      expect.objectContaining({ rank: 1, slug: "aurora-studio", rank_score: 100, rtp_avg: 96.1 }),
      {
        rank: 2,
        slug: "elbe-games",
        name: "Elbe Games",
        rank_score: 55.6,
        games_count: 1,
        rtp_avg: null,
        release_activity: 0,
        casino_presence: 1,
        regional_diversity: 1,
        coverage: ["games_count", "release_activity", "casino_presence", "regional_diversity"],
      },
    ]);
    const card = (await getJson(context, "/api/dataset/v1/providers/elbe-games")).data as {
      rank: { components: Record<string, number | null>; coverage: string[] };
    };
    expect(card.rank.components).toEqual({
      games_count: 50,
      rtp_avg: null,
      release_activity: 0,
      casino_presence: 100,
      regional_diversity: 50,
    });
    expect(card.rank.coverage).not.toContain("rtp_avg");
  });

  it("states the provider rule on the methodology page and counts the providers whose inputs are known", async () => {
    const { dist } = await exportsBuild();
    const page = await readFile(path.join(dist, "methodology/index.html"), "utf8");
    expect(page).not.toContain("0 when the maximum is 0 or the value is missing");
    expect(page).toContain("weights re-spread in proportion");
    expect(page).toMatch(/<code>rtp_avg<\/code><\/td><td>[^<]*<\/td><td[^>]*>10%<\/td><td[^>]*>1 of 2<\/td>/);
    expect(page).toContain("1 provider ranked on part of the measures, 0 without a rank_score");
  });

  it("counts calibration in reporting periods, which may be quarters or years, not months", async () => {
    const { dist } = await exportsBuild();
    const page = await readFile(path.join(dist, "methodology/index.html"), "utf8");
    expect(page).toContain(
      "<caption>Calibration per market: reporting periods calibrated, correlation r and latest GGR</caption>",
    );
    expect(page).not.toContain("months calibrated");
  });

  it("shows a compare row's missing facts as null, not 0, and a brand's unmonitored pages as unknown", async () => {
    const { context, dist } = await exportsBuild();
    const { data } = await getJson(context, "/api/dataset/v1/compare?brands=fjordbet,rheinspiel");
    const [fjordbet, rheinspiel] = data as Record<string, unknown>[];
    // Fjordbet's reputation has a rating but no review count; Rheinspiel has no reputation at all.
    expect(fjordbet).toMatchObject({ review_rating: 3.1, review_count: null, app_stores: null, social: null });
    expect(rheinspiel).toMatchObject({ review_rating: null, review_count: null, payment_methods: [] });
    expect(fjordbet!.trust).toMatchObject({ rank: 2, components: { reputation: null, transparency: null } });
    const page = await readFile(path.join(dist, "brands/fjordbet/index.html"), "utf8");
    expect(page).not.toContain("pages was detected");
    expect(page).toContain("whether they changed is unknown");
  });

  it("gives /compare no license counts and no rank where the data set has no licenses or the brand no score", async () => {
    const { context } = await exportsBuild();
    const brands = context.dataset.brands.map((brand) =>
      brand.slug === "fjordbet" ? { ...brand, trust: { ...brand.trust, score: null, grade: null } } : brand,
    );
    const dataset = { ...context.dataset, licenses: [], brands };
    const without: EngineContext = { ...context, dataset, index: buildEngineIndex(dataset) };
    const { data } = await getJson(without, "/api/dataset/v1/compare?brands=fjordbet,rheinspiel");
    const [fjordbet, rheinspiel] = data as { licenses: unknown; trust: { rank: number | null } }[];
    expect(fjordbet!.licenses).toBeNull();
    expect(fjordbet!.trust.rank).toBeNull();
    expect(rheinspiel!.trust.rank).not.toBeNull();
  });
});
