import { describe, expect, it } from "vitest";
import { computeProviderRanks, PROVIDER_RANK_WEIGHTS, releaseWindowStart } from "../../build/compute/provider-rank.ts";
import { PROVIDER_MEASURES } from "../../build/response-schemas/vocabularies.ts";

const game = (slug: string, provider: string, rtp: number | null, released_at: string) => ({
  slug,
  provider,
  rtp,
  released_at,
});
const seen = (brand: string, gameSlug: string, country: string) => ({ brand, game: gameSlug, country });
const AS_OF = "2026-11-01";

describe("releaseWindowStart", () => {
  it.each([
    ["2026-11-01", "2025-11-01"],
    ["2024-02-29", "2023-02-29"], // compared as text only, so an impossible day still bounds correctly
  ])("%s → %s", (asOf, expected) => {
    expect(releaseWindowStart(asOf)).toBe(expected);
  });
});

describe("computeProviderRanks", () => {
  it("has weights that sum to 1", () => {
    expect(Object.values(PROVIDER_RANK_WEIGHTS).reduce((sum, weight) => sum + weight, 0)).toBeCloseTo(1, 10);
  });

  it("weights the measures in the order the answers list them", () => {
    expect(Object.keys(PROVIDER_RANK_WEIGHTS)).toEqual([...PROVIDER_MEASURES]);
  });

  const ranks = computeProviderRanks({
    providers: [
      { slug: "small", name: "Small" },
      { slug: "none", name: "None" },
      { slug: "big", name: "Big" },
    ],
    games: [
      game("g1", "big", 96, "2026-05-01"), // in the window
      game("g2", "big", 94, "2025-11-01"), // the window's first day is excluded: 12 months back is (2025-11-01, 2026-11-01]
      game("g3", "big", null, "2026-11-01"), // no RTP; released on the snapshot day: in the window
      game("g4", "big", 98, "2020-01-01"),
      game("s1", "small", 97, "2025-11-02"), // in the window
    ],
    lobby: [
      seen("b1", "g1", "GB"),
      seen("b2", "g1", "GB"),
      seen("b2", "g4", "DE"),
      seen("b3", "s1", "NL"),
      seen("b9", "unknown", "FR"),
    ],
    asOf: AS_OF,
  });

  it("measures games, mean RTP of games with one, releases in the window, distinct brands and countries", () => {
    // big: rtp (96 + 94 + 98) / 3 = 96; brands b1, b2; countries GB, DE
    expect(
      ranks.map(({ slug, games_count, rtp_avg, release_activity, casino_presence, regional_diversity }) => [
        slug,
        games_count,
        rtp_avg,
        release_activity,
        casino_presence,
        regional_diversity,
      ]),
    ).toEqual([
      ["big", 4, 96, 2, 2, 2],
      ["small", 1, 97, 1, 1, 1],
      ["none", 0, null, 0, 0, 0],
    ]);
  });

  it("normalises each measure against the maximum and weights them into rank_score", () => {
    const [big, small, none] = ranks;
    // big: rtp 96 / 97 × 100 = 98.97 → 99.0; score .25·100 + .1·99 + .2·100 + .3·100 + .15·100 = 99.9
    expect(big).toMatchObject({
      rank: 1,
      rank_score: 99.9,
      components: {
        games_count: 100,
        rtp_avg: 99,
        release_activity: 100,
        casino_presence: 100,
        regional_diversity: 100,
      },
    });
    // small: 25, 100, 50, 50, 50 → 6.25 + 10 + 10 + 15 + 7.5 = 48.75 → 48.8
    expect(small).toMatchObject({
      rank: 2,
      rank_score: 48.8,
      components: { games_count: 25, rtp_avg: 100, release_activity: 50, casino_presence: 50, regional_diversity: 50 },
    });
    // none: a provider without games scores a known 0 on the counts; its RTP is unknown, not 0
    expect(none).toMatchObject({
      rank: 3,
      rank_score: 0,
      components: { games_count: 0, rtp_avg: null, release_activity: 0, casino_presence: 0, regional_diversity: 0 },
    });
  });

  it("counts casino presence by brand and regional diversity by country, and rounds the mean RTP to 4 decimals", () => {
    const [solo] = computeProviderRanks({
      providers: [{ slug: "solo", name: "Solo" }],
      games: [
        game("s1", "solo", 96, "2010-01-01"),
        game("s2", "solo", 97, "2010-01-01"),
        game("s3", "solo", 97, "2010-01-01"),
      ],
      // three brands in GB, one of them in DE too
      lobby: [seen("b1", "s1", "GB"), seen("b2", "s1", "GB"), seen("b3", "s2", "GB"), seen("b1", "s2", "DE")],
      asOf: AS_OF,
    });
    // rtp (96 + 97 + 97) / 3 = 96.66666… → 96.6667; brands b1, b2, b3 → 3; countries GB, DE → 2
    expect(solo).toMatchObject({ rtp_avg: 96.6667, casino_presence: 3, regional_diversity: 2 });
  });

  it("breaks rank_score ties by slug and gives 0 when every provider has 0 of a measure", () => {
    const tied = computeProviderRanks({
      providers: [
        { slug: "zeta", name: "Zeta" },
        { slug: "alpha", name: "Alpha" },
      ],
      games: [game("z1", "zeta", 95, "2010-01-01"), game("a1", "alpha", 95, "2010-01-01")],
      lobby: [seen("b1", "other", "GB")],
      asOf: AS_OF,
    });
    // games 100 and rtp 100 only (no releases, lobbies showing neither): .25·100 + .1·100 = 35
    expect(tied.map((entry) => [entry.rank, entry.slug, entry.rank_score])).toEqual([
      [1, "alpha", 35],
      [2, "zeta", 35],
    ]);
  });
});
