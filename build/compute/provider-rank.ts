/**
 * Provider rank: a 0-100 activity index of each game studio from five sub-measures.
 * @module
 */
import type { z } from "zod";
import type { Game, LobbyObservation, Provider } from "../load/schemas.ts";
import type { providerRankItem } from "../response-schemas/dataset-catalog.ts";
import type { providerComponents } from "../response-schemas/primitives.ts";
import { PROVIDER_MEASURES, type ProviderMeasure } from "../response-schemas/vocabularies.ts";
import { groupBy } from "./group-by.ts";
import { knownWeightedMean } from "./known-weighted-mean.ts";
import { rankKnown } from "./rank-known.ts";
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
 * A provider's rank (1 = highest rank_score; ties by slug; null without a rank_score), as `/provider-ranks` lists it, with its
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

type RawMeasures = Pick<ProviderRankEntry, "slug" | "name" | ProviderMeasure>;

/** The first day after the release window opens: releases on a later date and up to `asOf` count. */
export function releaseWindowStart(asOf: string): string {
  return `${String(Number(asOf.slice(0, 4)) - RELEASE_WINDOW_MONTHS / 12).padStart(4, "0")}${asOf.slice(4, 10)}`;
}

/**
 * The raw measures. Unknown is not zero (#26): a provider's mean RTP is unknown when none of its games publishes
 * one; the catalog counts are unknown when the data set has no games at all, and the lobby counts when it has
 * no lobby sightings at all. Within data that has them, a provider with none has a known 0.
 */
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
  const hasGames = inputs.games.length > 0;
  const hasLobby = inputs.lobby.length > 0;
  const from = releaseWindowStart(inputs.asOf);
  const gamesByProvider = groupBy(inputs.games, (game) => game.provider);
  return inputs.providers.map((provider) => {
    const games = gamesByProvider.get(provider.slug) ?? [];
    const rtps = games.flatMap((game) => (game.rtp === null ? [] : [game.rtp]));
    const released = games.filter((game) => game.released_at > from && game.released_at <= inputs.asOf).length;
    return {
      slug: provider.slug,
      name: provider.name,
      games_count: hasGames ? games.length : null,
      rtp_avg: rtps.length === 0 ? null : round4(rtps.reduce((sum, rtp) => sum + rtp, 0) / rtps.length),
      release_activity: hasGames ? released : null,
      casino_presence: hasLobby ? (brands.get(provider.slug)?.size ?? 0) : null,
      regional_diversity: hasLobby ? (countries.get(provider.slug)?.size ?? 0) : null,
    };
  });
}

/** Each known measure as a share of the largest known value, 0-100 (1 decimal); 0 when that maximum is 0. */
function normalise(raw: readonly RawMeasures[]): Record<ProviderMeasure, number | null>[] {
  const maxima = Object.fromEntries(
    PROVIDER_MEASURES.map((measure) => [measure, Math.max(0, ...raw.map((entry) => entry[measure] ?? 0))]),
  ) as Record<ProviderMeasure, number>;
  return raw.map(
    (entry) =>
      Object.fromEntries(
        PROVIDER_MEASURES.map((measure) => {
          const value = entry[measure];
          if (value === null) return [measure, null];
          return [measure, maxima[measure] > 0 ? round1((value / maxima[measure]) * 100) : 0];
        }),
      ) as Record<ProviderMeasure, number | null>,
  );
}

/**
 * Ranks every provider.
 *
 * - Each known sub-measure is normalised: `value / max over all providers × 100` (0 when the max is 0),
 *   rounded to 1 decimal; an unknown one stays `null`.
 * - `rank_score` is the weighted mean of the known rounded components over {@link PROVIDER_RANK_WEIGHTS}, their
 *   weights re-spread in proportion (the Trust Score's rule), rounded to 1 decimal, so anyone can re-add the
 *   published numbers; `coverage` lists the measures it rests on; null when none is known.
 * - `rank` numbers the providers with a rank_score 1..n, rank_score descending, slug ascending; a provider
 *   whose rank_score is null has no rank (null, as a brand without a Trust Score, #26) and is listed after them.
 */
export function computeProviderRanks(inputs: ProviderRankInputs): ProviderRankEntry[] {
  const raw = rawMeasures(inputs);
  const normalised = normalise(raw);
  const scored = raw.map(({ slug, name, ...measures }, position) => {
    const components = normalised[position]!;
    const { value, coverage } = knownWeightedMean(PROVIDER_MEASURES, PROVIDER_RANK_WEIGHTS, components);
    return { slug, name, rank_score: value === null ? null : round1(value), ...measures, coverage, components };
  });
  return rankKnown(
    scored,
    (entry) => entry.rank_score,
    (entry) => entry.slug,
  ).map(({ item, rank }) => ({
    rank,
    ...item,
  }));
}
