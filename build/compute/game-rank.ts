/**
 * GameRank: how prominently casino lobbies show a game.
 * @module
 */
import type { LobbyObservation } from "../load/schemas.ts";
import { compareStrings } from "./compare.ts";
import { round4 } from "./numbers.ts";

export interface GameRankEntry {
  /** 1 = most present; unique (ties are broken by avg_position, then slug). */
  rank: number;
  slug: string;
  /** Distinct brands whose lobbies show the game. */
  presence: number;
  /** Mean lobby position over every sighting (1 = first tile), 4 decimals. */
  avg_position: number;
  /** Distinct countries of those sightings. */
  countries: number;
}

/**
 * Ranks every game seen in at least one lobby.
 *
 * - `presence` = distinct brands showing the game (a brand seen in several countries counts once).
 * - `avg_position` = mean of the position of every sighting, rounded to 4 decimals.
 * - `rank` = position in the order presence descending, avg_position ascending (the rounded,
 *   published value, so anyone can reproduce the order), slug ascending.
 * Games never seen in a lobby have no rank.
 */
export function computeGameRanks(
  observations: readonly Pick<LobbyObservation, "brand" | "game" | "country" | "position">[],
): GameRankEntry[] {
  const byGame = new Map<
    string,
    { brands: Set<string>; countries: Set<string>; positions: number; sightings: number }
  >();
  for (const seen of observations) {
    const game = byGame.get(seen.game) ?? {
      brands: new Set<string>(),
      countries: new Set<string>(),
      positions: 0,
      sightings: 0,
    };
    game.brands.add(seen.brand);
    game.countries.add(seen.country);
    game.positions += seen.position;
    game.sightings += 1;
    byGame.set(seen.game, game);
  }
  const unranked = [...byGame.entries()].map(([slug, game]) => ({
    slug,
    presence: game.brands.size,
    avg_position: round4(game.positions / game.sightings),
    countries: game.countries.size,
  }));
  unranked.sort((a, b) => b.presence - a.presence || a.avg_position - b.avg_position || compareStrings(a.slug, b.slug));
  return unranked.map((game, position) => ({ rank: position + 1, ...game }));
}
