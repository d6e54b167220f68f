/**
 * The closed vocabulary of game kinds: `kind` filters reject other values with 400 (contract §1),
 * so the build refuses a game whose kind is not in it rather than publish a game no filter can reach.
 * @module
 */
import type { Game } from "../load/schemas.ts";
import { BuildError } from "../errors.ts";

export const GAME_KINDS = ["bingo", "crash", "instant", "live", "slot", "table"] as const;

export type GameKind = (typeof GAME_KINDS)[number];

/** Throws a BuildError naming every game whose kind is outside {@link GAME_KINDS}. */
export function checkGameKinds(games: readonly Pick<Game, "slug" | "kind">[]): void {
  const known: readonly string[] = GAME_KINDS;
  const unknown = games.filter((game) => !known.includes(game.kind));
  if (unknown.length === 0) return;
  const listed = unknown.slice(0, 20).map((game) => `${game.slug} (${game.kind})`).join(", ");
  throw new BuildError(`${unknown.length} game(s) have a kind outside the vocabulary ${GAME_KINDS.join(", ")}: ${listed}. Add the kind to build/compute/game-kinds.ts or fix the seeds.`);
}
