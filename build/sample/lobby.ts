/**
 * Lobby sightings: for a subset of casino brands and 1–3 of their markets, the first 24 tiles of the
 * lobby's top games (30–44 of them) on one observation day. Games are drawn by their hidden popularity, so a few hits
 * appear in most lobbies and the long tail in very few; a brand's lobbies in different markets
 * share most of their games, as real localised lobbies do.
 * @module
 */
import type { LobbyObservation } from "../load/schemas.ts";
import type { BrandPlan } from "./brands.ts";
import type { GamePlan } from "./games.ts";
import { type Rng, WeightedTable } from "./prng.ts";
import { compareText } from "./words.ts";

/** Lobbies observed at scale 1 (brands; multiplied by the scale). */
export const LOBBY_BRANDS_PER_SCALE = 200;
/**
 * The positions a sighting records: the first two screens of a desktop lobby, which is what a tracker
 * reads; the games further down the section are ranked (so the draws stay as they were) but not written.
 */
export const TRACKED_POSITIONS = 24;
/** The day every lobby was observed. */
export const OBSERVED_AT = "2026-10-15";

/** Draws `n` distinct games by popularity (rejection of repeats; n is far below the pool size). */
function drawDistinct(
  rng: Rng,
  table: WeightedTable<GamePlan>,
  n: number,
  exclude: ReadonlySet<string> = new Set(),
): GamePlan[] {
  const seen = new Set<string>(exclude);
  const out: GamePlan[] = [];
  for (let attempts = 0; out.length < n && attempts < n * 50; attempts++) {
    const g = table.draw(rng);
    if (seen.has(g.game.slug)) continue;
    seen.add(g.game.slug);
    out.push(g);
  }
  return out;
}

/** The lobby observations, grouped by brand and country, positions 1..N. */
export function generateLobby(
  rng: Rng,
  plans: readonly BrandPlan[],
  games: readonly GamePlan[],
  scale: number,
): LobbyObservation[] {
  const eligible = games.filter((g) => g.game.released_at <= OBSERVED_AT);
  const table = new WeightedTable(
    eligible,
    eligible.map((g) => g.popularity),
  );
  const casinos = plans.filter(
    (p) => p.brand.status === "active" && p.brand.verticals.includes("casino") && p.brand.markets.length > 0,
  );
  const count = Math.min(casinos.length, Math.round(LOBBY_BRANDS_PER_SCALE * scale));
  // Bigger brands are likelier to be tracked, but small ones are in the sample too.
  const chosen = new Set(
    rng.weightedSample(
      casinos,
      casinos.map((p) => Math.sqrt(p.size)),
      count,
    ),
  );
  const out: LobbyObservation[] = [];
  for (const plan of casinos) {
    if (!chosen.has(plan)) continue;
    const n = rng.int(30, 44);
    const base = drawDistinct(rng, table, n);
    const marketCount = Math.min(
      plan.brand.markets.length,
      rng.weighted([
        [1, 78],
        [2, 16],
        [3, 6],
      ]),
    );
    for (const country of rng.sample(plan.brand.markets, marketCount).sort()) {
      // Localise: swap about a fifth of the base lobby for other games, then re-rank with noise.
      const kept = base.filter(() => rng.chance(0.8));
      const local = kept.concat(drawDistinct(rng, table, n - kept.length, new Set(base.map((g) => g.game.slug))));
      const ranked = local
        .map((g) => ({ g, score: g.popularity * rng.logNormal(1, 0.6) }))
        .sort((a, b) => b.score - a.score || compareText(a.g.game.slug, b.g.game.slug));
      ranked
        .slice(0, TRACKED_POSITIONS)
        .forEach(({ g }, i) =>
          out.push({ brand: plan.brand.slug, game: g.game.slug, country, observed_at: OBSERVED_AT, position: i + 1 }),
        );
    }
  }
  return out;
}
