/**
 * Fictional game studios and their games. Studio output is power-law (a few studios ship
 * hundreds of titles, most ship a handful), most games are slots, and each game carries a
 * hidden popularity that decides how often it appears in casino lobbies.
 * @module
 */
import type { Game, GameKind, Provider } from "../load/schemas.ts";
import { studioName } from "./brand-names.ts";
import { dayOf, isoOf, LAST_DAY } from "./dates.ts";
import { drawsSuffix, isRealTitle, otherGameName, slotName, THEMES } from "./game-names.ts";
import { clamp, type Rng, round } from "./prng.ts";
import { uniqueName } from "./words.ts";

/** Providers at scale 1 (multiplied by the scale). */
export const PROVIDERS_PER_SCALE = 160;
/** Games at scale 1 (multiplied by the scale). */
export const GAMES_PER_SCALE = 6000;

/** A game record plus its hidden lobby popularity. */
export interface GamePlan {
  game: Game;
  popularity: number;
}

const HEADQUARTERS = [
  "MT",
  "MT",
  "MT",
  "SE",
  "SE",
  "GB",
  "GB",
  "CY",
  "EE",
  "UA",
  "BG",
  "RS",
  "DK",
  "NL",
  "AT",
  "DE",
  "IT",
  "ES",
  "AU",
  "CA",
  "PH",
  "LT",
  "GR",
];
const SLOT_FEATURES = [
  "free_spins",
  "megaways",
  "bonus_buy",
  "cascading_reels",
  "jackpot",
  "multiplier",
  "hold_and_win",
  "expanding_wilds",
  "sticky_wilds",
  "cluster_pays",
];
const SLOT_FEATURE_P = [0.75, 0.07, 0.3, 0.2, 0.1, 0.3, 0.12, 0.12, 0.08, 0.06];
const OTHER_FEATURES = ["multiplier", "side_bets", "jackpot", "auto_cashout", "bet_behind"];

type Studio = "slots" | "live" | "crash";

interface ProviderPlan {
  provider: Provider;
  weight: number;
  studio: Studio;
}

/** Generates the studios, each with a Pareto output weight. */
function generateProviders(rng: Rng, scale: number): ProviderPlan[] {
  const used = new Set<string>();
  return Array.from({ length: Math.round(PROVIDERS_PER_SCALE * scale) }, () => {
    const { name, slug } = uniqueName(() => studioName(rng), used);
    const studio = rng.weighted<Studio>([
      ["slots", 88],
      ["live", 6],
      ["crash", 6],
    ]);
    return {
      provider: {
        slug,
        name,
        founded_year: 2024 - Math.floor(Math.pow(rng.next(), 0.9) * 28),
        headquarters: rng.pick(HEADQUARTERS),
        website: `https://${slug}.example/`,
      },
      weight: rng.pareto(1, 1.2),
      studio,
    };
  });
}

/** Splits `total` games over providers in proportion to weight (largest remainder), at least 3 each. */
function gameCounts(plans: readonly ProviderPlan[], total: number): number[] {
  const min = 3;
  const sum = plans.reduce((s, p) => s + p.weight, 0);
  const free = total - min * plans.length;
  const raw = plans.map((p) => (free * p.weight) / sum);
  const counts = raw.map((r) => min + Math.floor(r));
  let left = total - counts.reduce((s, c) => s + c, 0);
  const order = raw.map((r, i) => ({ i, frac: r - Math.floor(r) })).sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (let k = 0; left > 0; k = (k + 1) % order.length, left--) counts[(order[k] as { i: number }).i]! += 1;
  return counts;
}

function pickKind(rng: Rng, studio: Studio): GameKind {
  if (studio === "live")
    return rng.weighted<GameKind>([
      ["live", 85],
      ["table", 15],
    ]);
  if (studio === "crash")
    return rng.weighted<GameKind>([
      ["crash", 50],
      ["instant", 35],
      ["bingo", 15],
    ]);
  return rng.weighted<GameKind>([
    ["slot", 90],
    ["table", 4],
    ["instant", 2],
    ["bingo", 2],
    ["crash", 1],
    ["live", 1],
  ]);
}

function rtpFor(rng: Rng, kind: string): number | null {
  if (rng.chance(0.02)) return null;
  const [mean, sd, lo] =
    kind === "slot"
      ? [96, 0.9, 88]
      : kind === "bingo"
        ? [92, 2, 88]
        : kind === "instant"
          ? [96.5, 1, 92]
          : [97.3, 0.5, 95];
  return round(clamp(rng.normal(mean, sd), lo, 98.5), 2);
}

function volatilityFor(rng: Rng, kind: string): Game["volatility"] {
  type V = Game["volatility"];
  if (kind === "slot")
    return rng.weighted<V>([
      ["low", 15],
      ["medium", 35],
      ["high", 35],
      ["very_high", 13],
      [null, 2],
    ]);
  if (kind === "crash")
    return rng.weighted<V>([
      ["high", 60],
      ["very_high", 40],
    ]);
  if (kind === "instant")
    return rng.weighted<V>([
      ["medium", 60],
      ["high", 30],
      [null, 10],
    ]);
  return rng.weighted<V>([
    ["low", 40],
    [null, 60],
  ]);
}

function featuresFor(rng: Rng, kind: string): string[] {
  const out =
    kind === "slot"
      ? SLOT_FEATURES.filter((_, i) => rng.chance(SLOT_FEATURE_P[i] ?? 0))
      : OTHER_FEATURES.filter(() => rng.chance(0.2));
  return out.slice(0, 4);
}

function themesFor(rng: Rng): string[] {
  const count = rng.weighted([
    [1, 62],
    [2, 30],
    [3, 8],
  ]);
  return rng.sample(THEMES, count);
}

/** Generates the studios and `GAMES_PER_SCALE × scale` games with unique slugs. */
export function generateGames(rng: Rng, scale: number): { providers: Provider[]; games: GamePlan[] } {
  const plans = generateProviders(rng.fork("providers"), scale);
  const grng = rng.fork("games");
  const counts = gameCounts(plans, Math.round(GAMES_PER_SCALE * scale));
  const used = new Set<string>();
  const lastDay = dayOf(LAST_DAY);
  const games: GamePlan[] = [];
  plans.forEach((plan, index) => {
    const firstDay = dayOf(`${Math.max(2010, plan.provider.founded_year ?? 2010)}-01-01`);
    for (let i = 0; i < (counts[index] ?? 0); i++) {
      const kind = pickKind(grng, plan.studio);
      const themes = themesFor(grng);
      const features = featuresFor(grng, kind);
      const main = themes[0] ?? "classic";
      const make = () => {
        const name = kind === "slot" ? slotName(grng, main, features) : otherGameName(grng, kind, main);
        // The suffix draw keeps the stream as it has always been drawn; `retitle` replaces the name after all.
        return drawsSuffix(name) ? `${name} ${grng.pick(["Deluxe", "Rising", "Reloaded"])}` : name;
      };
      const { name, slug } = uniqueName(make, used);
      // Release dates lean recent: studios ship more every year.
      const day = firstDay + Math.floor((lastDay - firstDay) * Math.pow(grng.next(), 0.6));
      const released_at = isoOf(day);
      const recency = day > lastDay - 120 ? 1.5 : day > lastDay - 730 ? 1.2 : 1;
      const kindFactor = kind === "slot" ? 1 : kind === "live" ? 0.8 : 0.5;
      games.push({
        game: {
          slug,
          name,
          provider: plan.provider.slug,
          kind,
          rtp: rtpFor(grng, kind),
          volatility: volatilityFor(grng, kind),
          themes,
          features,
          released_at,
        },
        popularity: Math.sqrt(plan.weight) * grng.logNormal(1, 1.3) * kindFactor * recency,
      });
    }
  });
  retitle(rng.fork("retitle"), games);
  return { providers: plans.map((p) => p.provider), games };
}

/**
 * Gives a game whose title is, or contains, a real title ("Buffalo Blitz", "Rainbow Riches Rising")
 * a new one of the same kind and theme. Each draws from a stream of its own, after every game is made,
 * so no other game, and nothing drawn from the games' stream (lobbies follow popularity), changes.
 */
function retitle(rng: Rng, games: GamePlan[]): void {
  const used = new Set(games.map((g) => g.game.slug));
  for (const plan of games) {
    const { game } = plan;
    if (!isRealTitle(game.name)) continue;
    const own = rng.fork(game.slug);
    const main = game.themes[0] ?? "classic";
    const draw = () => {
      for (;;) {
        const name = game.kind === "slot" ? slotName(own, main, game.features) : otherGameName(own, game.kind, main);
        if (!isRealTitle(name)) return name;
      }
    };
    const { name, slug } = uniqueName(draw, used);
    plan.game = { ...game, name, slug };
  }
}
