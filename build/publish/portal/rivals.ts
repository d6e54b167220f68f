/**
 * A brand's closest rivals, for the compare links of its page: the brands next to it in share of search
 * in its main market (the one with the most searches for it in its latest month); a brand without
 * demand data is compared with the brands next to it in Trust Score rank.
 * @module
 */
import { countryPeriodKey } from "../../query/engine-index.ts";
import type { EngineContext } from "../../query/endpoint.ts";

/** Rivals named per brand: with the brand, the most `/compare` takes (5). */
export const RIVALS = 4;

/** The `count` items nearest to position `at` in `list`, itself left out, nearest first (above before below on a tie). */
export function neighbours<T>(list: readonly T[], at: number, count: number): T[] {
  const found: T[] = [];
  for (let distance = 1; found.length < count && (at - distance >= 0 || at + distance < list.length); distance += 1) {
    if (at - distance >= 0) found.push(list[at - distance]!);
    if (found.length < count && at + distance < list.length) found.push(list[at + distance]!);
  }
  return found;
}

/** Each index's rivals by brand: a brand's page, its compare page and the check for one ask for them (issue 29). */
const rivalSlugs = new WeakMap<EngineContext["index"], Map<string, string[]>>();

/** The closest rivals of a brand, nearest first (see the module). */
export function rivalsOf(context: EngineContext, slug: string): { slug: string; name: string }[] {
  let known = rivalSlugs.get(context.index);
  if (known === undefined) rivalSlugs.set(context.index, (known = new Map()));
  let slugs = known.get(slug);
  if (slugs === undefined) known.set(slug, (slugs = rankRivals(context, slug)));
  return slugs.map((rival) => ({ slug: rival, name: context.index.brandsBySlug.get(rival)?.name ?? rival }));
}

function rankRivals(context: EngineContext, slug: string): string[] {
  const values = context.index.indexByBrand.get(slug) ?? [];
  if (values.length > 0) {
    const latest = values.reduce((best, value) =>
      value.period > best.period || (value.period === best.period && (value.volume ?? -1) > (best.volume ?? -1))
        ? value
        : best,
    );
    const market = (
      context.index.indexByCountryPeriod.get(countryPeriodKey(latest.country, latest.period)) ?? []
    ).filter((value) => (value.volume ?? 0) > 0 || value.brand === slug);
    const ranked = [...market]
      .sort((a, b) => (b.sod ?? -1) - (a.sod ?? -1) || (a.brand < b.brand ? -1 : 1))
      .map((value) => value.brand);
    const at = ranked.indexOf(slug);
    if (at >= 0 && ranked.length > 1) return neighbours(ranked, at, RIVALS);
  }
  const ranks = context.index.trustRankBySlug;
  // Brands without a score have no rank (#26); they follow the ranked ones, by slug, as before.
  const byTrust = [
    ...[...ranks.entries()].sort((a, b) => a[1] - b[1]).map(([brand]) => brand),
    ...context.dataset.brands.filter((brand) => !ranks.has(brand.slug)).map((brand) => brand.slug),
  ];
  return neighbours(byTrust, byTrust.indexOf(slug), RIVALS);
}
