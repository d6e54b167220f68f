import { describe, expect, it } from "vitest";
import { computeGameRanks } from "../../build/compute/game-rank.ts";

const seen = (brand: string, game: string, country: string, position: number) => ({ brand, game, country, position });

describe("computeGameRanks", () => {
  const observations = [
    // hit: 3 brands, positions 1, 2, 4 and (same brand, other country) 3 → presence 3, avg (1+2+4+3)/4 = 2.5
    seen("b1", "hit", "GB", 1),
    seen("b2", "hit", "GB", 2),
    seen("b3", "hit", "DE", 4),
    seen("b3", "hit", "NL", 3),
    // twin-b and twin-a: presence 2, avg 5 each → tie broken by slug
    seen("b1", "twin-b", "GB", 4),
    seen("b2", "twin-b", "GB", 6),
    seen("b1", "twin-a", "GB", 6),
    seen("b2", "twin-a", "GB", 4),
    // near: presence 2, avg (2+3)/2 = 2.5 → ahead of the twins on position
    seen("b1", "near", "GB", 2),
    seen("b2", "near", "GB", 3),
    // third: 3 sightings averaging 10/3 = 3.3333 (4 decimals)
    seen("b1", "third", "GB", 3),
    seen("b2", "third", "DE", 3),
    seen("b3", "third", "DE", 4),
  ];

  it("ranks by presence descending, average position ascending, slug ascending", () => {
    expect(computeGameRanks(observations)).toEqual([
      { rank: 1, slug: "hit", presence: 3, avg_position: 2.5, countries: 3 },
      { rank: 2, slug: "third", presence: 3, avg_position: 3.3333, countries: 2 },
      { rank: 3, slug: "near", presence: 2, avg_position: 2.5, countries: 1 },
      { rank: 4, slug: "twin-a", presence: 2, avg_position: 5, countries: 1 },
      { rank: 5, slug: "twin-b", presence: 2, avg_position: 5, countries: 1 },
    ]);
  });

  it("counts a brand once however many countries show the game", () => {
    const ranks = computeGameRanks([seen("b1", "g", "GB", 1), seen("b1", "g", "DE", 1), seen("b1", "g", "NL", 7)]);
    expect(ranks).toEqual([{ rank: 1, slug: "g", presence: 1, avg_position: 3, countries: 3 }]);
  });

  it("has no entry without observations", () => {
    expect(computeGameRanks([])).toEqual([]);
  });
});
