import { describe, expect, it } from "vitest";
import { computeProviderRanks } from "../../build/compute/provider-rank.ts";
import { knownWeightedMean } from "../../build/compute/known-weighted-mean.ts";

// Unknown is not zero (#26 item 2): a measure without inputs is null and the weights of the known ones are re-spread.
const game = (slug: string, provider: string, rtp: number | null, released_at = "2010-01-01") => ({
  slug,
  provider,
  rtp,
  released_at,
});
const seen = (brand: string, gameSlug: string, country: string) => ({ brand, game: gameSlug, country });
const AS_OF = "2026-11-01";
const providers = [
  { slug: "aurora", name: "Aurora" },
  { slug: "elbe", name: "Elbe" },
];

describe("provider rank with unknown inputs", () => {
  it("leaves the mean RTP unknown when none of a provider's games publishes one, and re-spreads its weight", () => {
    const ranks = computeProviderRanks({
      providers,
      games: [game("a1", "aurora", 96, "2026-06-01"), game("a2", "aurora", 94), game("e1", "elbe", null)],
      lobby: [seen("b1", "a1", "GB"), seen("b2", "a1", "SE"), seen("b1", "e1", "GB")],
      asOf: AS_OF,
    });
    // aurora: games 2 → 100, rtp 95 → 100 (the only known RTP), releases 1 → 100, brands 2 → 100, countries 2 → 100
    expect(ranks[0]).toMatchObject({
      rank: 1,
      slug: "aurora",
      rank_score: 100,
      rtp_avg: 95,
      coverage: ["games_count", "rtp_avg", "release_activity", "casino_presence", "regional_diversity"],
    });
    // elbe: games 1/2 → 50, rtp unknown, releases 0 → 0, brands 1/2 → 50, countries 1/2 → 50.
    // Known weights .25 + .2 + .3 + .15 = .9; (.25·50 + .2·0 + .3·50 + .15·50) / .9 = 35 / .9 = 38.888… → 38.9
    // (counting the unknown RTP as 0 would have given 35).
    expect(ranks[1]).toMatchObject({
      rank: 2,
      slug: "elbe",
      rtp_avg: null,
      rank_score: 38.9,
      coverage: ["games_count", "release_activity", "casino_presence", "regional_diversity"],
      components: { games_count: 50, rtp_avg: null, release_activity: 0, casino_presence: 50, regional_diversity: 50 },
    });
  });

  it("leaves casino presence and regional diversity unknown when the data set has no lobby sightings", () => {
    const ranks = computeProviderRanks({
      providers,
      games: [game("a1", "aurora", 96), game("a2", "aurora", 96), game("e1", "elbe", 90)],
      lobby: [],
      asOf: AS_OF,
    });
    // aurora: games 100, rtp 100, releases 0; known weight .25 + .1 + .2 = .55; 35 / .55 = 63.636… → 63.6
    // elbe: games 50, rtp 90/96 = 93.75 → 93.8, releases 0; (12.5 + 9.38) / .55 = 39.781… → 39.8
    expect(
      ranks.map((entry) => [entry.slug, entry.rank_score, entry.casino_presence, entry.regional_diversity]),
    ).toEqual([
      ["aurora", 63.6, null, null],
      ["elbe", 39.8, null, null],
    ]);
    expect(ranks[1]!.coverage).toEqual(["games_count", "rtp_avg", "release_activity"]);
  });

  it("gives no rank_score and no rank when every measure is unknown, listing the providers by slug", () => {
    const ranks = computeProviderRanks({ providers: [...providers].reverse(), games: [], lobby: [], asOf: AS_OF });
    expect(ranks).toEqual([
      {
        rank: null,
        slug: "aurora",
        name: "Aurora",
        rank_score: null,
        games_count: null,
        rtp_avg: null,
        release_activity: null,
        casino_presence: null,
        regional_diversity: null,
        coverage: [],
        components: {
          games_count: null,
          rtp_avg: null,
          release_activity: null,
          casino_presence: null,
          regional_diversity: null,
        },
      },
      expect.objectContaining({ rank: null, slug: "elbe", rank_score: null, coverage: [] }),
    ]);
  });

  it("ranks a provider with a score ahead of one without, whatever the slugs", () => {
    const ranks = computeProviderRanks({
      providers,
      games: [game("e1", "elbe", null)],
      lobby: [],
      asOf: AS_OF,
    });
    // elbe: games 1 → 100, releases 0 → 0 (a known 0 among games), rtp unknown: (.25·100) / .45 = 55.555… → 55.6
    // aurora: no games of a catalog that has games: 0 known; its RTP unknown: 0
    expect(ranks.map((entry) => [entry.rank, entry.slug, entry.rank_score])).toEqual([
      [1, "elbe", 55.6],
      [2, "aurora", 0],
    ]);
  });
});

describe("knownWeightedMean", () => {
  const weights = { a: 0.5, b: 0.3, c: 0.2 };
  it.each([
    // every part known: the plain weighted sum, .5·10 + .3·20 + .2·30 = 17
    [{ a: 10, b: 20, c: 30 }, 17, ["a", "b", "c"], 1],
    // one missing: (.5·10 + .2·30) / .7 = 11 / .7 = 15.714…
    [{ a: 10, b: null, c: 30 }, 11 / 0.7, ["a", "c"], 0.7],
    // every part missing: no value
    [{ a: null, b: null, c: null }, null, [], 0],
  ])("%o → %s", (parts, value, coverage, knownWeight) => {
    const result = knownWeightedMean(["a", "b", "c"] as const, weights, parts);
    if (value === null) expect(result.value).toBeNull();
    else expect(result.value).toBeCloseTo(value, 10);
    expect(result.coverage).toEqual(coverage);
    expect(result.knownWeight).toBeCloseTo(knownWeight, 10);
  });
});
