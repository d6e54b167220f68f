/**
 * Provider rank: a 0-100 activity index of each game studio from five sub-measures.
 * @module
 */
import type { z } from "zod";
import type { Game, LobbyObservation, Provider } from "../load/schemas.ts";
import type { providerRankItem } from "../response-schemas/dataset-catalog.ts";
import type { providerComponents } from "../response-schemas/primitives.ts";
import { PROVIDER_MEASURES, type ProviderMeasure } from "../response-schemas/vocabularies.ts";
import { compareStrings } from "./compare.ts";
import { groupBy } from "./group-by.ts";
import { round1, round4 } from "./numbers.ts";

/** Weights of the normalised sub-measures; they sum to 1. Documented on the methodology page. */
export const PROVIDER_RANK_WEIGHTS = {
  games_count: 0.25,
  rtp_avg: 0.1,
  release_activity: 0.2,
  casino_presence: 0.3,
  regional_diversity: 0.15,
} as const satisfies Record<ProviderMeasure, number>;

/** Games released in this many months up to the snapshot count as release activity. */
export const RELEASE_WINDOW_MONTHS = 12;

/**
 * A provider's rank (1 = highest rank_score; ties by slug), as `/provider-ranks` lists it, with its
 * sub-measures normalised 0-100 against the largest provider's value (`components`, which the card shows).
 */
export type ProviderRankEntry = z.infer<typeof providerRankItem> & { components: z.infer<typeof providerComponents> };

export interface ProviderRankInputs {
  providers: readonly Pick<Provider, "slug" | "name">[];
  games: readonly Pick<Game, "slug" | "provider" | "rtp" | "released_at">[];
  lobby: readonly Pick<LobbyObservation, "brand" | "game" | "country">[];
  /** The snapshot date, YYYY-MM-DD. */
  asOf: string;
}

type RawMeasures = Omit<ProviderRankEntry, "rank" | "rank_score" | "components">;

/** The first day after the release window opens: releases on a later date and up to `asOf` count. */
export function releaseWindowStart(asOf: string): string {
  return `${String(Number(asOf.slice(0, 4)) - RELEASE_WINDOW_MONTHS / 12).padStart(4, "0")}${asOf.slice(4, 10)}`;
}

function rawMeasures(inputs: ProviderRankInputs): RawMeasures[] {
  const providerOfGame = new Map(inputs.games.map((game) => [game.slug, game.provider]));
  const brands = new Map<string, Set<string>>();
  const countries = new Map<string, Set<string>>();
  for (const seen of inputs.lobby) {
    const provider = providerOfGame.get(seen.game);
    if (provider === undefined) continue;
    brands.set(provider, (brands.get(provider) ?? new Set()).add(seen.brand));
    countries.set(provider, (countries.get(provider) ?? new Set()).add(seen.country));
  }
  const from = releaseWindowStart(inputs.asOf);
  const gamesByProvider = groupBy(inputs.games, (game) => game.provider);
  return inputs.providers.map((provider) => {
    const games = gamesByProvider.get(provider.slug) ?? [];
    const rtps = games.flatMap((game) => (game.rtp === null ? [] : [game.rtp]));
    return {
      slug: provider.slug,
      name: provider.name,
      games_count: games.length,
      rtp_avg: rtps.length === 0 ? null : round4(rtps.reduce((sum, rtp) => sum + rtp, 0) / rtps.length),
      release_activity: games.filter((game) => game.released_at > from && game.released_at <= inputs.asOf).length,
      casino_presence: brands.get(provider.slug)?.size ?? 0,
      regional_diversity: countries.get(provider.slug)?.size ?? 0,
    };
  });
}

/**
 * Ranks every provider.
 *
 * - Each sub-measure is normalised: `value / max over all providers × 100` (0 when the max is 0
 *   or the value is null), rounded to 1 decimal.
 * - `rank_score = Σ weight × component` over {@link PROVIDER_RANK_WEIGHTS}, of the rounded
 *   components, rounded to 1 decimal, so anyone can re-add the published numbers.
 * - `rank` orders rank_score descending, slug ascending.
 */
export function computeProviderRanks(inputs: ProviderRankInputs): ProviderRankEntry[] {
  const raw = rawMeasures(inputs);
  const measures = PROVIDER_MEASURES;
  const maxima = Object.fromEntries(
    measures.map((measure) => [measure, Math.max(0, ...raw.map((entry) => entry[measure] ?? 0))]),
  ) as Record<ProviderMeasure, number>;
  const scored = raw.map((entry) => {
    const components = Object.fromEntries(
      measures.map((measure) => [
        measure,
        maxima[measure] > 0 ? round1(((entry[measure] ?? 0) / maxima[measure]) * 100) : 0,
      ]),
    ) as Record<ProviderMeasure, number>;
    const rank_score = round1(
      measures.reduce((sum, measure) => sum + PROVIDER_RANK_WEIGHTS[measure] * components[measure], 0),
    );
    return { ...entry, rank_score, components };
  });
  scored.sort((a, b) => b.rank_score - a.rank_score || compareStrings(a.slug, b.slug));
  return scored.map(
    (
      {
        slug,
        name,
        rank_score,
        games_count,
        rtp_avg,
        release_activity,
        casino_presence,
        regional_diversity,
        components,
      },
      position,
    ) => ({
      rank: position + 1,
      slug,
      name,
      rank_score,
      games_count,
      rtp_avg,
      release_activity,
      casino_presence,
      regional_diversity,
      components,
    }),
  );
}
