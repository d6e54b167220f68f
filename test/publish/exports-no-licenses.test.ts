/**
 * Known absence is not unknown (issue 26, item 2): license counts are 0 for a brand without licenses in a data set
 * with licenses, null where the data set has no license data; a brand with no score has no Trust Score rank, a
 * provider with no known rank measure no provider rank, and a game's lobby presence is unknown without lobby data.
 */
import { describe, expect, it } from "vitest";
import type { EngineContext } from "../../build/query/endpoint.ts";
import { ENDPOINTS } from "../../build/query/endpoints.ts";
import { handleRequest } from "../../build/serve/handle-request.ts";
import { EMPTY_STORE } from "../../build/serve/precomputed-store.ts";
import { brandPage } from "../../build/publish/portal/brand-page.ts";
import { brandsIndexPage } from "../../build/publish/portal/brands-producer.ts";
import { marketData, sharedAnswers } from "../../build/publish/portal/market-data.ts";
import { marketPage } from "../../build/publish/portal/market-page.ts";
import { marketsIndexPage } from "../../build/publish/portal/markets-producer.ts";
import { DOWNLOAD_TABLES } from "../../build/publish/download-tables.ts";
import { ranksSection } from "../../build/publish/methodology-sections.ts";
import { exportsContexts } from "../fixtures/no-licenses-context.ts";

async function getData<T>(context: EngineContext, url: string): Promise<{ data: T; meta: { total?: number } }> {
  const response = await handleRequest(
    { method: "GET", url, clientAddress: "test" },
    { context, endpoints: ENDPOINTS, store: EMPTY_STORE },
  );
  expect(response.status, url).toBe(200);
  return JSON.parse(Buffer.from(response.body as Uint8Array).toString("utf8")) as {
    data: T;
    meta: { total?: number };
  };
}

const API = "/api/dataset/v1";
type Counted = { slug?: string; code?: string; licenses_count: number | null; brands_count?: number | null };

describe("license counts: 0 where the data set has licenses, unknown where it has none", () => {
  it("counts active licenses at the 2025-07-01 snapshot, 0 for a brand with none active", async () => {
    const { withLicenses } = await exportsContexts();
    const { data } = await getData<Counted[]>(withLicenses, `${API}/brands?per_page=100`);
    // northlight: UKGC (no expiry) + SGA (to 2026-12-31); fjordbet SGA to 2025-12-31; rheinspiel GGL; nordic-lotto
    // SGA; thames-odds' UKGC license expired 2025-03-31 and kronen-casino's GGL one is revoked: 0, known.
    expect(Object.fromEntries(data.map((brand) => [brand.slug, brand.licenses_count]))).toEqual({
      "northlight-casino": 2,
      fjordbet: 1,
      rheinspiel: 1,
      "nordic-lotto": 1,
      "thames-odds": 0,
      "kronen-casino": 0,
    });
    const regulators = (await getData<Counted[]>(withLicenses, `${API}/regulators`)).data;
    // Any status: UKGC northlight + thames; GGL rheinspiel + kronen; SGA northlight, fjordbet, nordic-lotto.
    expect(regulators.map((r) => [r.code, r.licenses_count, r.brands_count])).toEqual([
      ["GGL", 2, 2],
      ["SGA", 3, 3],
      ["UKGC", 2, 2],
    ]);
    expect((await getData(withLicenses, `${API}/brands?has_license=0`)).meta.total).toBe(2);
  });

  it("is null in /brands, the card and /regulators where the data set has no license data", async () => {
    const { noLicenses } = await exportsContexts();
    const { data } = await getData<Counted[]>(noLicenses, `${API}/brands?sort=licenses_count&per_page=100`);
    expect(data).toHaveLength(7);
    expect(data.every((brand) => brand.licenses_count === null)).toBe(true);
    const card = (await getData<Counted>(noLicenses, `${API}/brands/northlight-casino`)).data;
    expect(card.licenses_count).toBeNull();
    // Unknown is neither "has a license" nor "has none".
    for (const flag of ["1", "0"])
      expect((await getData(noLicenses, `${API}/brands?has_license=${flag}`)).meta.total, flag).toBe(0);
    const regulators = (await getData<Counted[]>(noLicenses, `${API}/regulators`)).data;
    expect(regulators.map((r) => [r.licenses_count, r.brands_count])).toEqual([
      [null, null],
      [null, null],
      [null, null],
    ]);
  });

  it("writes the unknown counts as null in the brands and regulators downloads", async () => {
    const { noLicenses, withLicenses } = await exportsContexts();
    const recordsOf = (context: EngineContext, name: string) =>
      DOWNLOAD_TABLES.find((table) => table.name === name)!.records(context) as Counted[];
    expect(recordsOf(noLicenses, "brands").map((brand) => brand.licenses_count)).toEqual(Array(7).fill(null));
    expect(recordsOf(noLicenses, "regulators").map((r) => [r.licenses_count, r.brands_count])).toEqual(
      Array(3).fill([null, null]),
    );
    expect(recordsOf(withLicenses, "brands").find((brand) => brand.slug === "thames-odds")!.licenses_count).toBe(0);
  });

  it("shows unknown counts as a dash on the brand, market and markets pages, never 0", async () => {
    const { noLicenses } = await exportsContexts();
    const index = brandsIndexPage(noLicenses);
    expect(index).toMatch(
      />Northlight Casino<\/a><\/td><td>active<\/td><td>[A-E]<\/td><td class="num">[\d.]+<\/td><td class="num">—<\/td>/,
    );
    expect(brandPage(noLicenses, "northlight-casino")).toContain(
      "The dataset has no license data, so the licenses of Northlight Casino are unknown.",
    );
    const shared = sharedAnswers(noLicenses);
    const de = noLicenses.dataset.countries.find((country) => country.code === "DE")!;
    const market = marketData(noLicenses, de, shared);
    expect(marketPage(noLicenses, market)).toContain(
      '<td>GGL</td><td>Gemeinsame Glücksspielbehörde der Länder</td><td class="num">1</td><td class="num">—</td><td class="num">—</td>',
    );
    expect(marketsIndexPage(noLicenses, [market])).toMatch(/<td class="num">—<\/td><\/tr>/);
  });
});

describe("Trust Score rank: unknown for a brand without a score", () => {
  it("lists the scored brands ranked 1-6 by score and the bare brand after them with rank null", async () => {
    const { noLicenses } = await exportsContexts();
    type Item = { rank: number | null; slug: string; score: number | null };
    const { data } = await getData<Item[]>(noLicenses, `${API}/trust-scores`);
    // Without licenses and domains, known components only (weights re-spread):
    // northlight (84·.20 + 60·.15 + 44·.10) / .45 = 67.1; thames-odds (74.7·.20 + 39.5·.15) / .35 = 59.6;
    // fjordbet market presence 55; rheinspiel (55·.15 + 20·.10) / .25 = 41; kronen (49.2·.20 + 18·.15 + 7·.10) /
    // .45 = 29.4; nordic-lotto 22.1; bare-casino has no known component: score null, no rank.
    expect(data.map((item) => [item.rank, item.slug, item.score])).toEqual([
      [1, "northlight-casino", 67.1],
      [2, "thames-odds", 59.6],
      [3, "fjordbet", 55],
      [4, "rheinspiel", 41],
      [5, "kronen-casino", 29.4],
      [6, "nordic-lotto", 22.1],
      [null, "bare-casino", null],
    ]);
    // A missing value sorts last whatever the order (docs/decisions.md).
    const ascending = (await getData<Item[]>(noLicenses, `${API}/trust-scores?order=asc`)).data;
    expect(ascending.map((item) => item.rank)).toEqual([6, 5, 4, 3, 2, 1, null]);
    const card = (await getData<{ trust: { rank: number | null } }>(noLicenses, `${API}/brands/bare-casino`)).data;
    expect(card.trust.rank).toBeNull();
    expect((await getData<{ trust: { rank: number } }>(noLicenses, `${API}/brands/fjordbet`)).data.trust.rank).toBe(3);
    const page = brandPage(noLicenses, "bare-casino");
    expect(page).toContain("unknown (no component is known)");
    expect(page).not.toMatch(/, rank \d/);
    expect(brandPage(noLicenses, "fjordbet")).toContain(", rank 3");
  });
});

describe("provider rank: unknown for a provider without any known measure", () => {
  type RankItem = { rank: number | null; slug: string; rank_score: number | null; coverage: string[] };

  it("ranks the exports fixture's two providers 1 and 2 on their known measures", async () => {
    const { withLicenses } = await exportsContexts();
    const { data } = await getData<RankItem[]>(withLicenses, `${API}/provider-ranks`);
    // Snapshot 2025-07-01. aurora-studio: 2 games → 100, RTP 96.1 (its only published one) → 100, 1 release since
    // 2024-07-01 → 100, 1 brand → 100, 2 countries → 100: 100. elbe-games: 1 game → 50, RTP unknown, 0 releases → 0,
    // 1 brand → 100, 1 country → 50; (.25·50 + .2·0 + .3·100 + .15·50) / .9 = 50 / .9 = 55.6.
    expect(data.map((item) => [item.rank, item.slug, item.rank_score])).toEqual([
      [1, "aurora-studio", 100],
      [2, "elbe-games", 55.6],
    ]);
  });

  it("gives rank null in /provider-ranks, whatever the sort, without games and lobby sightings", async () => {
    const { noCatalog } = await exportsContexts();
    const { data, meta } = await getData<RankItem[]>(noCatalog, `${API}/provider-ranks`);
    expect(meta.total).toBe(2);
    // Every measure unknown: no rank_score, so no rank; listed by slug (null sorts last, the tie-break is the slug).
    expect(data.map((item) => [item.rank, item.slug, item.rank_score, item.coverage])).toEqual([
      [null, "aurora-studio", null, []],
      [null, "elbe-games", null, []],
    ]);
    for (const query of ["order=asc", "sort=games_count", "sort=casino_presence&order=asc", "sort=name"]) {
      const sorted = (await getData<RankItem[]>(noCatalog, `${API}/provider-ranks?${query}`)).data;
      expect(
        sorted.map((item) => [item.rank, item.slug]),
        query,
      ).toEqual([
        [null, "aurora-studio"],
        [null, "elbe-games"],
      ]);
    }
    const reversed = (await getData<RankItem[]>(noCatalog, `${API}/provider-ranks?sort=name&order=desc`)).data;
    expect(reversed.map((item) => item.slug)).toEqual(["elbe-games", "aurora-studio"]);
  });

  it("gives rank null on the provider card and in the provider-ranks download", async () => {
    const { noCatalog, withLicenses } = await exportsContexts();
    type Card = { rank: RankItem | null; games_count: number | null; games_by_kind: object | null };
    const card = (await getData<Card>(noCatalog, `${API}/providers/aurora-studio`)).data;
    expect(card.rank).toMatchObject({ rank: null, rank_score: null, coverage: [] });
    // Without a game catalog its game counts are unknown too, on the card and in /providers, as in the rank.
    expect([card.games_count, card.games_by_kind]).toEqual([null, null]);
    const listed = (await getData<{ slug: string; games_count: number | null }[]>(noCatalog, `${API}/providers`)).data;
    expect(listed.map((provider) => [provider.slug, provider.games_count])).toEqual([
      ["aurora-studio", null],
      ["elbe-games", null],
    ]);
    const known = (await getData<Card>(withLicenses, `${API}/providers/aurora-studio`)).data;
    expect([known.games_count, known.games_by_kind]).toEqual([2, { crash: 1, slot: 1 }]);
    const records = DOWNLOAD_TABLES.find((table) => table.name === "provider-ranks")!.records(noCatalog) as RankItem[];
    expect(records.map((record) => [record.slug, record.rank])).toEqual([
      ["aurora-studio", null],
      ["elbe-games", null],
    ]);
  });

  it("says unknown on the methodology page's provider table, never null or NaN", async () => {
    const { noCatalog, withLicenses } = await exportsContexts();
    const section = ranksSection(noCatalog.dataset);
    expect(section).toContain(
      '<tr><td class="num">unknown</td><td>Aurora Studio</td><td class="num">unknown</td></tr><tr><td class="num">unknown</td><td>Elbe Games</td><td class="num">unknown</td></tr>',
    );
    expect(section).toContain("0 providers ranked on part of the measures, 2 without a rank_score.");
    // The rule names the JSON value in code; nothing else on the page may print it.
    expect(section.replaceAll("<code>null</code>", "")).not.toMatch(/null|NaN|undefined/);
    expect(ranksSection(withLicenses.dataset)).toContain(
      '<tr><td class="num">1</td><td>Aurora Studio</td><td class="num">100.0</td></tr><tr><td class="num">2</td><td>Elbe Games</td><td class="num">55.6</td></tr>',
    );
  });
});

describe("GameRank presence: unknown without any lobby sighting, a known 0 with them", () => {
  type GameRank = {
    rank: number | null;
    presence: number | null;
    avg_position: number | null;
    countries: number | null;
  };

  it("gives presence and countries null on the game card, the provider card and the games download", async () => {
    const { noLobby, withLicenses } = await exportsContexts();
    const card = (await getData<{ game_rank: GameRank }>(noLobby, `${API}/games/midnight-sun`)).data;
    expect(card.game_rank).toEqual({ rank: null, presence: null, avg_position: null, countries: null });
    // With the fixture's three sightings, midnight-sun is shown by northlight-casino alone, in SE, at position 1.
    const seen = (await getData<{ game_rank: GameRank }>(withLicenses, `${API}/games/midnight-sun`)).data;
    expect(seen.game_rank).toMatchObject({ presence: 1, avg_position: 1, countries: 1 });
    type Top = { slug: string; rank: number | null; presence: number | null };
    const provider = (await getData<{ top_games: Top[] }>(noLobby, `${API}/providers/aurora-studio`)).data;
    expect(provider.top_games.map((game) => [game.slug, game.rank, game.presence])).toEqual([
      ["midnight-sun", null, null],
      ["polar-crash", null, null],
    ]);
    type GameRecord = { slug: string; presence: number | null; lobby_countries: number | null };
    const records = DOWNLOAD_TABLES.find((table) => table.name === "games")!.records(noLobby) as GameRecord[];
    expect(records.map((record) => [record.slug, record.presence, record.lobby_countries])).toEqual([
      ["elbe-roulette", null, null],
      ["midnight-sun", null, null],
      ["polar-crash", null, null],
    ]);
  });
});
