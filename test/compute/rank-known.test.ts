import { describe, expect, it } from "vitest";
import { rankKnown } from "../../build/compute/rank-known.ts";

// Unknown is not zero (#26): only known scores are ranked; the Trust Score ranking and the provider rank share this.
const ranks = (items: { slug: string; score: number | null }[]) =>
  rankKnown(
    items,
    (item) => item.score,
    (item) => item.slug,
  ).map(({ item, rank }) => [item.slug, rank]);

describe("rankKnown", () => {
  it("numbers the known scores 1..n, highest first, ties by slug, with no gap for the unknown one", () => {
    // 9 > 5 = 5 (b before d by slug) > 0 (a known 0 is ranked); a and e have no score: no rank, after them by slug.
    expect(
      ranks([
        { slug: "e", score: null },
        { slug: "d", score: 5 },
        { slug: "z", score: 0 },
        { slug: "a", score: null },
        { slug: "c", score: 9 },
        { slug: "b", score: 5 },
      ]),
    ).toEqual([
      ["c", 1],
      ["b", 2],
      ["d", 3],
      ["z", 4],
      ["a", null],
      ["e", null],
    ]);
  });

  it("ranks nothing when every score is unknown, and keeps them by slug", () => {
    expect(
      ranks([
        { slug: "elbe", score: null },
        { slug: "aurora", score: null },
      ]),
    ).toEqual([
      ["aurora", null],
      ["elbe", null],
    ]);
    expect(ranks([])).toEqual([]);
  });
});
