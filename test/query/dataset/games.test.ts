import { beforeAll, describe, expect, it } from "vitest";
import { useSampleHost } from "../../helpers/sample-host.ts";
import { allPages, expectError, getJson, isOrdered } from "./http.ts";

interface GameItem {
  name: string;
  slug: string;
  provider: string;
  kind: string;
  rtp: number | null;
  volatility: string | null;
  themes: string[];
  features: string[];
}

interface RankItem {
  rank: number;
  slug: string;
  name: string;
  provider: string;
  kind: string;
  presence: number;
  avg_position: number;
}

const host = useSampleHost();
let games: GameItem[];
let ranks: RankItem[];

beforeAll(async () => {
  games = (await allPages(host, "/games")) as GameItem[];
  ranks = (await allPages(host, "/game-ranks")) as RankItem[];
});

describe("GET /games", () => {
  it("pages the catalog by name with the description's fields", async () => {
    const { body } = await getJson(host, "/games");
    expect(body.meta).toMatchObject({ page: 1, per_page: 50, total: games.length });
    expect(Object.keys(body.data[0]).slice(0, 8)).toEqual([
      "name",
      "slug",
      "provider",
      "kind",
      "rtp",
      "volatility",
      "themes",
      "features",
    ]);
    expect(new Set(games.map((game) => game.slug)).size).toBe(games.length);
    expect(
      isOrdered(games, (a, b) =>
        a.name.toLowerCase() < b.name.toLowerCase()
          ? -1
          : a.name.toLowerCase() > b.name.toLowerCase()
            ? 1
            : a.slug < b.slug
              ? -1
              : 1,
      ),
    ).toBe(true);
  });

  it.each([["slot"], ["live"], ["table"], ["crash"], ["instant"], ["bingo"]])("filters by kind=%s", async (kind) => {
    const { body } = await getJson(host, `/games?kind=${kind.toUpperCase()}`);
    expect(body.meta.total).toBe(games.filter((game) => game.kind === kind).length);
    expect(body.data.every((game: GameItem) => game.kind === kind)).toBe(true);
  });

  it("filters by provider and by a list of kinds, combined with AND", async () => {
    const provider = games[0]!.provider;
    const { body } = await getJson(host, `/games?provider=${provider}&kind=slot,table&per_page=100`);
    const expected = games.filter(
      (game) => game.provider === provider && (game.kind === "slot" || game.kind === "table"),
    );
    expect(body.data.map((game: GameItem) => game.slug)).toEqual(expected.map((game) => game.slug).slice(0, 100));
  });

  it("finds games by every word of q in the name, case and accents folded", async () => {
    const target = games.find((game) => game.name.includes(" "))!;
    const words = target.name.split(" ").slice(0, 2).join(" ").toUpperCase();
    const { body } = await getJson(host, `/games?q=${encodeURIComponent(words)}&per_page=100`);
    expect(body.data.map((game: GameItem) => game.slug)).toContain(target.slug);
    const none = await getJson(host, "/games?q=zzzqqq");
    expect(none.body.meta.total).toBe(0);
    // A lone accent folds to nothing: it matches no game rather than every one.
    expect((await getJson(host, "/games?q=%C2%B4")).body.meta.total).toBe(0);
  });

  it("finds games by a feature or theme as the API writes it (free_spins), and by its words (free spins)", async () => {
    const tag = games.flatMap((game) => [...game.features, ...game.themes]).find((value) => value.includes("_"))!;
    const tagged = games
      .filter((game) => game.features.includes(tag) || game.themes.includes(tag))
      .map((game) => game.slug);
    expect(tagged.length).toBeGreaterThan(0);
    for (const q of [tag, tag.replace(/_/g, " ")]) {
      const found = ((await allPages(host, `/games?q=${encodeURIComponent(q)}`)) as GameItem[]).map(
        (game) => game.slug,
      );
      expect(found, q).toEqual(expect.arrayContaining(tagged));
    }
  });

  it.each([
    ["/games?kind=pachinko", 400, "invalid_parameter", "kind"],
    ["/games?per_page=101", 400, "invalid_parameter", "per_page"],
    [`/games?q=${"a".repeat(201)}`, 400, "invalid_parameter", "q"],
    ["/games?sort=rtp", 400, "unknown_parameter", "sort"],
    ["/games?volatility=high", 400, "unknown_parameter", "volatility"],
  ])("%s → %d %s", async (path, status, code, parameter) => {
    await expectError(host, path, status, code, parameter);
  });
});

describe("GET /games/{slug}", () => {
  it("gives the card with provider, RTP, volatility, themes, features and GameRank", async () => {
    const top = ranks[0]!;
    const { status, body } = await getJson(host, `/games/${top.slug}`);
    expect(status).toBe(200);
    const listed = games.find((game) => game.slug === top.slug)!;
    expect(body.data).toMatchObject({ ...listed, provider: { slug: listed.provider } });
    expect(typeof body.data.provider.name).toBe("string");
    expect(body.data.game_rank).toMatchObject({ rank: 1, presence: top.presence, avg_position: top.avg_position });
  });

  it("gives a game seen in no lobby a null rank and presence 0", async () => {
    const ranked = new Set(ranks.map((rank) => rank.slug));
    const unseen = games.find((game) => !ranked.has(game.slug))!;
    const { body } = await getJson(host, `/games/${unseen.slug}`);
    expect(body.data.game_rank).toEqual({ rank: null, presence: 0, avg_position: null, countries: 0 });
  });

  it.each([["no-such-game"], ["ancient-galaxy-2"]])(
    "answers an unknown slug %s with 404 game_not_found naming it",
    async (slug) => {
      const { body } = await expectError(host, `/games/${slug}`, 404, "game_not_found");
      expect(body.details).toEqual({ slug });
    },
  );
});

describe("GET /game-ranks", () => {
  it("ranks lobby games by presence descending, then average position, then slug", async () => {
    const { body } = await getJson(host, "/game-ranks");
    expect(body.meta).toMatchObject({ sort: "rank", order: "asc", page: 1, per_page: 50, total: ranks.length });
    expect(Object.keys(body.data[0])).toEqual(["rank", "slug", "name", "provider", "kind", "presence", "avg_position"]);
    expect(ranks.map((rank) => rank.rank)).toEqual(ranks.map((_, i) => i + 1));
    expect(
      isOrdered(
        ranks,
        (a, b) => b.presence - a.presence || a.avg_position - b.avg_position || (a.slug < b.slug ? -1 : 1),
      ),
    ).toBe(true);
    expect(ranks.every((rank) => rank.presence >= 1)).toBe(true);
  });

  it("reverses with order=desc, and order=asc is the default's canonical twin", async () => {
    const desc = await getJson(host, "/game-ranks?order=desc&per_page=5");
    expect(desc.body.data.map((rank: RankItem) => rank.rank)).toEqual([
      ranks.length,
      ranks.length - 1,
      ranks.length - 2,
      ranks.length - 3,
      ranks.length - 4,
    ]);
    const asc = await host.get("/api/dataset/v1/game-ranks?order=asc&sort=rank");
    const plain = await host.get("/api/dataset/v1/game-ranks");
    expect(await asc.text()).toBe(await plain.text());
  });

  it.each([
    ["min_presence=3", (rank: RankItem) => rank.presence >= 3],
    ["kind=live", (rank: RankItem) => rank.kind === "live"],
    ["provider=PLACEHOLDER", (rank: RankItem) => rank.provider === ranks[0]!.provider],
  ])("filters with %s, keeping the global rank", async (query, keep) => {
    const path = `/game-ranks?${query.replace("PLACEHOLDER", ranks[0]!.provider)}`;
    const items = (await allPages(host, path)) as RankItem[];
    expect(items).toEqual(ranks.filter(keep));
    expect(items.length).toBeGreaterThan(0);
  });

  it.each([
    ["/game-ranks?sort=presence", 400, "invalid_parameter", "sort"],
    ["/game-ranks?min_presence=0", 400, "invalid_parameter", "min_presence"],
    ["/game-ranks?min_presence=two", 400, "invalid_parameter", "min_presence"],
    ["/game-ranks?kind=poker", 400, "invalid_parameter", "kind"],
    ["/game-ranks?order=sideways", 400, "invalid_parameter", "order"],
    ["/game-ranks?country=GB", 400, "unknown_parameter", "country"],
  ])("%s → %d %s", async (path, status, code, parameter) => {
    await expectError(host, path, status, code, parameter);
  });
});
