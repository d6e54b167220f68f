import { beforeAll, describe, expect, it } from "vitest";
import { useSampleHost } from "../../helpers/sample-host.ts";
import { allPages, expectError, getJson, isOrdered } from "./http.ts";

interface ProviderItem {
  slug: string;
  name: string;
  games_count: number;
}

const host = useSampleHost();
let providers: ProviderItem[];

beforeAll(async () => {
  providers = (await allPages(host, "/providers")) as ProviderItem[];
});

describe("GET /providers", () => {
  it("pages every provider by name with slug, name and games_count", async () => {
    const { status, body } = await getJson(host, "/providers");
    expect(status).toBe(200);
    expect(body.meta).toMatchObject({ page: 1, per_page: 50, total: providers.length });
    expect(Object.keys(body.data[0])).toEqual(["slug", "name", "games_count"]);
    expect(
      isOrdered(providers, (a, b) =>
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

  it("counts each provider's games as /games?provider= does", async () => {
    const totals = await Promise.all(
      providers
        .slice(0, 5)
        .map(async (provider) => (await getJson(host, `/games?provider=${provider.slug}`)).body.meta.total),
    );
    expect(totals).toEqual(providers.slice(0, 5).map((provider) => provider.games_count));
  });

  it.each([
    ["/providers?per_page=101", 400, "invalid_parameter", "per_page"],
    ["/providers?q=studio", 400, "unknown_parameter", "q"],
    ["/providers?sort=name", 400, "unknown_parameter", "sort"],
  ])("%s → %d %s", async (path, status, code, parameter) => {
    await expectError(host, path, status, code, parameter);
  });
});

describe("GET /providers/{slug}", () => {
  it("gives the profile, game counts by kind, its rank and top games", async () => {
    const biggest = [...providers].sort((a, b) => b.games_count - a.games_count)[0]!;
    const { status, body } = await getJson(host, `/providers/${biggest.slug.toUpperCase()}`);
    expect(status).toBe(200);
    const card = body.data;
    expect(card).toMatchObject({ slug: biggest.slug, name: biggest.name, games_count: biggest.games_count });
    expect(Object.values(card.games_by_kind as Record<string, number>).reduce((sum, count) => sum + count, 0)).toBe(
      biggest.games_count,
    );
    expect(card.rank.rank_score).toBeGreaterThanOrEqual(0);
    expect(card.rank.rank_score).toBeLessThanOrEqual(100);
    expect(card.top_games.length).toBe(Math.min(10, biggest.games_count));
    const ranks = card.top_games.map((game: { rank: number | null }) => game.rank ?? Number.POSITIVE_INFINITY);
    expect(isOrdered(ranks, (a: number, b: number) => a - b)).toBe(true);
    for (const game of card.top_games)
      expect((await getJson(host, `/games/${game.slug}`)).body.data.provider.slug).toBe(biggest.slug);
  });

  it.each([["no-such-studio"], ["x"]])(
    "answers an unknown slug %s with 404 provider_not_found naming it",
    async (slug) => {
      const { body } = await expectError(host, `/providers/${slug}`, 404, "provider_not_found");
      expect(body.details).toEqual({ slug });
    },
  );

  it("takes no query parameters", async () => {
    await expectError(host, `/providers/${providers[0]!.slug}?page=1`, 400, "unknown_parameter", "page");
  });
});

describe("GET /provider-ranks", () => {
  const FIELDS = [
    "rank_score",
    "games_count",
    "rtp_avg",
    "release_activity",
    "casino_presence",
    "regional_diversity",
    "name",
  ] as const;
  type Rank = Record<(typeof FIELDS)[number], number | string | null> & { slug: string; rank: number };
  let ranks: Rank[];

  beforeAll(async () => {
    ranks = (await allPages(host, "/provider-ranks")) as Rank[];
  });

  it("ranks every provider by rank_score descending by default, with the description's fields", async () => {
    const { body } = await getJson(host, "/provider-ranks");
    expect(body.meta).toMatchObject({ sort: "rank_score", order: "desc", total: providers.length });
    expect(Object.keys(body.data[0])).toEqual([
      "rank",
      "slug",
      "name",
      ...FIELDS.filter((field) => field !== "name"),
      "coverage",
    ]);
    expect(ranks.map((rank) => rank.rank)).toEqual(ranks.map((_, i) => i + 1));
    expect(ranks.every((rank) => Number(rank.rank_score) >= 0 && Number(rank.rank_score) <= 100)).toBe(true);
  });

  const cases = FIELDS.flatMap((field) => [
    [field, "", field === "name" ? "asc" : "desc"],
    [field, "asc", "asc"],
    [field, "desc", "desc"],
  ]);
  it.each(cases)("sort=%s order=%s runs %s, nulls last, ties by slug ascending", async (sort, order, direction) => {
    const items = (await allPages(host, `/provider-ranks?sort=${sort}${order ? `&order=${order}` : ""}`)) as Rank[];
    expect(items).toHaveLength(providers.length);
    const value = (item: Rank) => (sort === "name" ? String(item.name).toLowerCase() : item[sort as keyof Rank]);
    const sign = direction === "asc" ? 1 : -1;
    const ordered = isOrdered(items, (a, b) => {
      const x = value(a);
      const y = value(b);
      if (x === y) return a.slug < b.slug ? -1 : 1;
      if (x === null) return 1;
      if (y === null) return -1;
      return (x! < y! ? -1 : 1) * sign;
    });
    expect(ordered).toBe(true);
  });

  it.each([
    ["/provider-ranks?sort=rank", 400, "invalid_parameter", "sort"],
    ["/provider-ranks?order=up", 400, "invalid_parameter", "order"],
    ["/provider-ranks?per_page=500", 400, "invalid_parameter", "per_page"],
    ["/provider-ranks?kind=slot", 400, "unknown_parameter", "kind"],
  ])("%s → %d %s", async (path, status, code, parameter) => {
    await expectError(host, path, status, code, parameter);
  });
});
