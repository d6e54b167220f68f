/**
 * `/providers` (studios with game counts) and `/providers/{slug}` (profile, game counts by kind, top games).
 * @module
 */
import { compareStrings } from "../../compute/compare.ts";
import { PROVIDER_RANK_WEIGHTS } from "../../compute/provider-rank.ts";
import type { Game, Provider } from "../../load/schemas.ts";
import { HttpError } from "../../errors.ts";
import { pageParam, perPageParam } from "../common-params.ts";
import type { EngineContext, Endpoint } from "../endpoint.ts";
import { envelope, paginate } from "../envelope.ts";
import { gameRankOf } from "./game-card.ts";
import { defaultPages, PRIORITY } from "../key-space.ts";
import { providerCardResponse, providersResponse } from "../../response-schemas/dataset-catalog.ts";

/** How many games the provider card lists as its top games. */
export const TOP_GAMES = 10;

/** The 404 for an unknown provider slug. */
export function providerNotFound(slug: string): HttpError {
  return new HttpError(404, "provider_not_found", `No provider has the slug '${slug.slice(0, 100)}'.`, {
    slug: slug.slice(0, 100),
  });
}

/** Looks a provider up by slug (case-insensitive), or throws provider_not_found. */
export function findProvider(context: EngineContext, slug: string): Provider {
  const provider = context.index.providersBySlug.get(slug.toLowerCase());
  if (provider === undefined) throw providerNotFound(slug);
  return provider;
}

export const providersEndpoint: Endpoint = {
  id: "dataset.providers",
  service: "dataset",
  path: "/providers",
  summary: "Game providers (studios) with their game counts, by name",
  format: "json",
  response: providersResponse,
  params: [pageParam, perPageParam(100, 50)],
  run: (context, { params }) => {
    const { items, pagination } = paginate(
      context.index.providersByName,
      Number(params.page ?? 1),
      Number(params.per_page ?? 50),
    );
    const data = items.map((provider) => ({
      slug: provider.slug,
      name: provider.name,
      games_count: hasGameCatalog(context) ? (context.index.gamesByProvider.get(provider.slug)?.length ?? 0) : null,
    }));
    return { kind: "json", body: envelope(context, "dataset", data, {}, pagination), pagination };
  },
  keySpace: (context) => defaultPages(context.dataset.providers.length),
};

/** Game counts per kind, kinds in code-unit order. */
function gamesByKind(games: readonly Game[]): Record<string, number> {
  const counts = new Map<string, number>();
  for (const game of games) counts.set(game.kind, (counts.get(game.kind) ?? 0) + 1);
  return Object.fromEntries([...counts.entries()].sort((a, b) => compareStrings(a[0], b[0])));
}

/** The provider's best-ranked games: GameRank ascending, unranked games after them by slug. */
/** Game counts are unknown, not 0, where the data set has no game catalog at all (#26), as the provider rank's games_count. */
function hasGameCatalog(context: EngineContext): boolean {
  return context.dataset.games.length > 0;
}

function topGames(context: EngineContext, games: readonly Game[]) {
  const rankOf = (game: Game): number => context.index.gameRankBySlug.get(game.slug)?.rank ?? Number.POSITIVE_INFINITY;
  return [...games]
    .sort((a, b) => rankOf(a) - rankOf(b) || compareStrings(a.slug, b.slug))
    .slice(0, TOP_GAMES)
    .map((game) => {
      const { rank, presence } = gameRankOf(context, game.slug);
      return { slug: game.slug, name: game.name, kind: game.kind, rtp: game.rtp, rank, presence };
    });
}

function providerCard(context: EngineContext, provider: Provider) {
  const games = context.index.gamesByProvider.get(provider.slug) ?? [];
  const rank = context.index.providerRankBySlug.get(provider.slug);
  return {
    slug: provider.slug,
    name: provider.name,
    founded_year: provider.founded_year,
    headquarters: provider.headquarters,
    website: provider.website,
    games_count: hasGameCatalog(context) ? games.length : null,
    games_by_kind: hasGameCatalog(context) ? gamesByKind(games) : null,
    rank:
      rank === undefined
        ? null
        : {
            rank: rank.rank,
            rank_score: rank.rank_score,
            rtp_avg: rank.rtp_avg,
            release_activity: rank.release_activity,
            casino_presence: rank.casino_presence,
            regional_diversity: rank.regional_diversity,
            coverage: rank.coverage,
            components: rank.components,
            weights: PROVIDER_RANK_WEIGHTS,
          },
    top_games: topGames(context, games),
  };
}

export const providerCardEndpoint: Endpoint = {
  id: "dataset.provider",
  service: "dataset",
  path: "/providers/{slug}",
  summary: "Provider card: profile, game counts by kind, provider rank, top games",
  format: "json",
  response: providerCardResponse,
  params: [],
  run: (context, { pathParams }) => ({
    kind: "json",
    body: envelope(context, "dataset", providerCard(context, findProvider(context, pathParams.slug ?? ""))),
  }),
  keySpace: function* (context) {
    for (const provider of context.dataset.providers)
      yield { pathParams: { slug: provider.slug }, pairs: [], priority: PRIORITY.card };
  },
};
