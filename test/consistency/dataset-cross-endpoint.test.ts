/**
 * What a client joining the dataset's endpoints relies on: wherever two endpoints (or an endpoint and a
 * bulk download) publish the same fact, they publish the same value, on the whole sample. Differences
 * by design are stated where they are checked.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { DATASET, sampleApi, type SampleApi } from "./sample-api.ts";
import { expectToEqual } from "../helpers/expect-equal.ts";
import { monthsOfPeriod } from "../../build/shared/ggr-periods.ts";

let api: SampleApi;
/** Every list, walked once (per_page 100). */
let brands: any[];
let trustScores: any[];
let licenses: any[];
let providers: any[];
let providerRanks: any[];
let games: any[];
let gameRanks: any[];
let alerts: any[];
let countries: any[];
let regulators: any[];
/** Each brand's card data, by slug. */
let cards: Map<string, any>;

const data = (path: string): any => api.get(`${DATASET}${path}`).body.data;
const meta = (path: string): any => api.get(`${DATASET}${path}`).body.meta;
const all = (path: string): any[] => api.walk(`${DATASET}${path}`, 100).items;
const total = (path: string): number => meta(path).total;
const bySlug = (items: any[]) => [...items].sort((a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0));
/** A published figure rounded to 4 decimals: at most half a unit of the 4th decimal from the exact value. */
const expectRounded4 = (published: number, exact: number, label: string) =>
  expect(Math.abs(published - exact), label).toBeLessThanOrEqual(0.00005 + 1e-9);
const without = (item: any, ...fields: string[]) =>
  Object.fromEntries(Object.entries(item).filter(([name]) => !fields.includes(name)));
/** The named fields of an item, absent ones as undefined (as `item[field]` reads them). */
const pick = (item: any, fields: readonly string[]) => Object.fromEntries(fields.map((field) => [field, item[field]]));

beforeAll(async () => {
  api = await sampleApi();
  brands = all("/brands");
  trustScores = all("/trust-scores");
  licenses = all("/licenses");
  providers = all("/providers");
  providerRanks = all("/provider-ranks");
  games = all("/games");
  gameRanks = all("/game-ranks");
  alerts = all("/tc-alerts");
  countries = data("/countries");
  regulators = data("/regulators");
  cards = new Map(brands.map((brand) => [brand.slug, data(`/brands/${brand.slug}`)]));
});

describe("brands: list row, card, trust ranking, trust history, comparison", () => {
  it("the card repeats the list row's fields with the same values", () => {
    // One comparison of every brand's figures, each labelled by its slug (issue 29: one expect, not 14,000).
    const fromCards = brands.map((row) => {
      const card = cards.get(row.slug);
      return [row.slug, pick(card, Object.keys(row)), card.trust.score, card.trust.grade];
    });
    expectToEqual(
      fromCards,
      brands.map((row) => [row.slug, row, row.trust_score, row.trust_grade]),
    );
  });

  it("/trust-scores lists every brand once with the card's score, grade and rank; rank is the position in the default order", () => {
    expect(trustScores.map((entry) => entry.slug).sort()).toEqual(brands.map((brand) => brand.slug).sort());
    trustScores.forEach((entry, position) => {
      const card = cards.get(entry.slug);
      expect(entry.rank, entry.slug).toBe(position + 1);
      expect({ rank: entry.rank, name: entry.name, score: entry.score, grade: entry.grade }).toEqual({
        rank: card.trust.rank,
        name: card.name,
        score: card.trust.score,
        grade: card.trust.grade,
      });
    });
  });

  it("a grade filter of /trust-scores keeps exactly the brands of that grade, and the grades add up to all", () => {
    let sum = 0;
    for (const grade of ["A", "B", "C", "D", "E"]) {
      const slugs = all(`/trust-scores?grade=${grade}`).map((entry) => entry.slug);
      expect(slugs.sort(), grade).toEqual(
        brands
          .filter((brand) => brand.trust_grade === grade)
          .map((brand) => brand.slug)
          .sort(),
      );
      sum += slugs.length;
    }
    expect(sum).toBe(brands.length);
  });

  // #27: the card's trust is the score as of the snapshot, of the snapshot's month, which /trust-scores names;
  // the history's months end before it, so its last entry is the last month's, not the card's.
  it("the card's trust is of the period /trust-scores names, the snapshot's month, none before a history month", () => {
    const period = meta("/trust-scores").period;
    const months = meta("/countries").periods;
    for (const brand of brands) {
      const history = api.get(`${DATASET}/brands/${brand.slug}/trust-history`).body;
      // One entry per month of the dataset, as /countries counts them, ascending.
      expect(history.data, brand.slug).toHaveLength(months);
      expect(history.data.map((entry: any) => entry.period)).toEqual(
        history.data.map((entry: any) => entry.period).sort(),
      );
      const last = history.data.at(-1);
      const { trust } = cards.get(brand.slug);
      expect(history.meta.brand).toBe(brand.slug);
      expect(history.meta.weights).toEqual(trust.weights);
      expect(trust.period).toBe(period);
      expect(last.period <= trust.period, brand.slug).toBe(true);
    }
  });

  it("/compare shows each brand's card trust, licenses and profile", () => {
    for (let i = 0; i + 1 < brands.length; i += 5) {
      const slugs = brands.slice(i, i + 5).map((brand) => brand.slug);
      if (slugs.length < 2) continue;
      const compared = data(`/compare?brands=${slugs.join(",")}`);
      expect(compared.map((entry: any) => entry.slug)).toEqual(slugs);
      for (const entry of compared) {
        const card = cards.get(entry.slug);
        const held = licenses.filter((license) => license.brand === entry.slug);
        expect(entry.trust, entry.slug).toEqual({
          score: card.trust.score,
          grade: card.trust.grade,
          rank: card.trust.rank,
          components: card.trust.components,
          coverage: card.trust.coverage,
          provisional: card.trust.provisional,
        });
        expect(entry.licenses).toEqual({
          active: card.licenses_count,
          total: held.length,
          regulators: [...new Set(held.map((license) => license.regulator_code))].sort(),
        });
        expect({
          name: entry.name,
          status: entry.status,
          markets: entry.markets,
          app_stores: entry.app_stores,
          social: entry.social,
          payment_methods: entry.payment_methods,
        }).toEqual({
          name: card.name,
          status: card.status,
          markets: card.markets,
          app_stores: card.app_stores,
          social: card.social,
          payment_methods: card.payment_methods,
        });
        expect([entry.review_rating, entry.review_count]).toEqual([
          card.reputation.review_rating,
          card.reputation.review_count,
        ]);
      }
    }
  });
});

describe("brands: filters of /brands against the cards", () => {
  it("sort=trust_score lists the brands in the /trust-scores order", () => {
    expect(all("/brands?sort=trust_score").map((brand) => brand.slug)).toEqual(trustScores.map((entry) => entry.slug));
    expect(all("/brands?sort=trust_score&order=asc").map((brand) => brand.slug)).toEqual(
      all("/trust-scores?order=asc").map((entry) => entry.slug),
    );
  });

  it("status and has_license keep exactly the brands whose cards say so", () => {
    for (const status of ["active", "dormant", "closed"]) {
      expect(
        all(`/brands?status=${status}`).map((brand) => brand.slug),
        status,
      ).toEqual(brands.filter((brand) => cards.get(brand.slug).status === status).map((brand) => brand.slug));
    }
    expect(all("/brands?has_license=1").map((brand) => brand.slug)).toEqual(
      brands.filter((brand) => cards.get(brand.slug).licenses_count > 0).map((brand) => brand.slug),
    );
    expect(all("/brands?has_license=0").map((brand) => brand.slug)).toEqual(
      brands.filter((brand) => cards.get(brand.slug).licenses_count === 0).map((brand) => brand.slug),
    );
  });

  it("country keeps exactly the brands whose cards list the market", () => {
    for (const country of countries) {
      const expected = brands
        .filter((brand) => cards.get(brand.slug).markets.includes(country.code))
        .map((brand) => brand.slug);
      expect(
        all(`/brands?country=${country.code}`).map((brand) => brand.slug),
        country.code,
      ).toEqual(expected);
    }
  });
});

describe("licenses: cards, /licenses, /regulators, /compare", () => {
  it("a card's licenses are /licenses?brand= without the brand field, in the same order", () => {
    for (const brand of brands) {
      const listed = all(`/licenses?brand=${brand.slug}`);
      expect(cards.get(brand.slug).licenses, brand.slug).toEqual(listed.map((license) => without(license, "brand")));
      expect(listed).toEqual(licenses.filter((license) => license.brand === brand.slug));
    }
  });

  it("licenses_count counts the brand's licenses active at the snapshot date (by design not the register status alone: an expired 'active' license does not count)", () => {
    const snapshot = String(meta("/brands").generated_at).slice(0, 10);
    const activeOn = (license: any): boolean =>
      license.issued_at <= snapshot &&
      !(license.status !== "active" && license.status_changed_at !== null && license.status_changed_at <= snapshot) &&
      !(license.expires_at !== null && license.expires_at <= snapshot);
    for (const brand of brands) {
      expect(brand.licenses_count, brand.slug).toBe(
        licenses.filter((license) => license.brand === brand.slug && activeOn(license)).length,
      );
    }
  });

  it("each regulator's counts are what /licenses?regulator_code= lists, with the regulator's jurisdiction", () => {
    for (const regulator of regulators) {
      const listed = all(`/licenses?regulator_code=${regulator.code}`);
      expect(listed.length, regulator.code).toBe(regulator.licenses_count);
      expect(new Set(listed.map((license) => license.brand)).size, regulator.code).toBe(regulator.brands_count);
      for (const license of listed) expect(license.jurisdiction, license.id).toBe(regulator.jurisdiction);
    }
    expect(regulators.reduce((sum, regulator) => sum + regulator.licenses_count, 0)).toBe(licenses.length);
  });

  it("jurisdiction, status and regulator filters partition /licenses", () => {
    const jurisdictions = [...new Set(licenses.map((license) => license.jurisdiction))];
    expect(jurisdictions.reduce((sum, code) => sum + total(`/licenses?jurisdiction=${code}`), 0)).toBe(licenses.length);
    for (const status of ["active", "suspended", "revoked", "expired"]) {
      expect(total(`/licenses?status=${status}`), status).toBe(
        licenses.filter((license) => license.status === status).length,
      );
    }
  });
});

describe("providers and games: lists, cards and ranks", () => {
  it("a provider's game count is the same in /providers, its card, /provider-ranks and /games?provider=", () => {
    const ranks = new Map(providerRanks.map((entry) => [entry.slug, entry]));
    expect([...ranks.keys()].sort()).toEqual(providers.map((provider) => provider.slug).sort());
    for (const provider of providers) {
      const card = data(`/providers/${provider.slug}`);
      const rank = ranks.get(provider.slug);
      const listed = all(`/games?provider=${provider.slug}`);
      expect(card.name).toBe(provider.name);
      expect(card.games_count, provider.slug).toBe(provider.games_count);
      expect(Object.values(card.games_by_kind as Record<string, number>).reduce((sum, count) => sum + count, 0)).toBe(
        provider.games_count,
      );
      expect(listed.length).toBe(provider.games_count);
      for (const [kind, count] of Object.entries(card.games_by_kind))
        expect(listed.filter((game) => game.kind === kind).length, `${provider.slug} ${kind}`).toBe(count);
      expect(rank.games_count).toBe(provider.games_count);
      expect(rank.name).toBe(provider.name);
      expect(card.rank, provider.slug).toEqual({
        ...without(rank, "slug", "name", "games_count"),
        components: card.rank.components,
        weights: card.rank.weights,
      });
    }
  });

  it("a provider rank's average RTP and release activity are what its /games rows show (12 months up to the snapshot)", () => {
    const snapshot = String(meta("/provider-ranks").generated_at).slice(0, 10);
    const windowStart = `${Number(snapshot.slice(0, 4)) - 1}${snapshot.slice(4)}`;
    for (const entry of providerRanks) {
      const listed = games.filter((game) => game.provider === entry.slug);
      const rtps = listed.flatMap((game) => (game.rtp === null ? [] : [game.rtp as number]));
      expect(entry.release_activity, entry.slug).toBe(
        listed.filter((game) => game.released_at > windowStart && game.released_at <= snapshot).length,
      );
      if (rtps.length === 0) expect(entry.rtp_avg, entry.slug).toBeNull();
      else expectRounded4(entry.rtp_avg, rtps.reduce((sum, rtp) => sum + rtp, 0) / rtps.length, entry.slug);
    }
  });

  it("the provider rank is the position in /provider-ranks' default order", () => {
    providerRanks.forEach((entry, position) => expect(entry.rank, entry.slug).toBe(position + 1));
  });

  it("the provider card's top games carry their game cards' rank and presence, and are its best-ranked games", () => {
    const rankOf = new Map(gameRanks.map((entry) => [entry.slug, entry]));
    for (const provider of providers) {
      const card = data(`/providers/${provider.slug}`);
      const ranked = gameRanks.filter((entry) => entry.provider === provider.slug);
      const expected = ranked.slice(0, 10).map((entry) => entry.slug);
      expect(
        card.top_games.slice(0, expected.length).map((game: any) => game.slug),
        provider.slug,
      ).toEqual(expected);
      for (const top of card.top_games) {
        const game = data(`/games/${top.slug}`);
        expect(game.provider.slug).toBe(provider.slug);
        expect({ name: top.name, kind: top.kind, rtp: top.rtp, rank: top.rank, presence: top.presence }).toEqual({
          name: game.name,
          kind: game.kind,
          rtp: game.rtp,
          rank: game.game_rank.rank,
          presence: game.game_rank.presence,
        });
        expect(top.rank === null ? undefined : top.rank).toBe(rankOf.get(top.slug)?.rank);
      }
    }
  });

  it("a game's /games row is its card with the provider as a slug; the card names the provider as /providers does", () => {
    const providerNames = new Map(providers.map((provider) => [provider.slug, provider.name]));
    // One comparison of every game, labelled by its slug (issue 29: one expect, not 12,000).
    const fromCards = games.map((row) => {
      const card = data(`/games/${row.slug}`);
      return [row.slug, without(card, "game_rank", "provider"), card.provider];
    });
    expectToEqual(
      fromCards,
      games.map((row) => [
        row.slug,
        without(row, "provider"),
        { slug: row.provider, name: providerNames.get(row.provider) },
      ]),
    );
  });

  it("/game-ranks rows agree with the game cards; ranks run 1..n without gaps; unranked cards are the games missing from it", () => {
    const ranked = new Map(gameRanks.map((entry) => [entry.slug, entry]));
    expect(gameRanks.map((entry) => [entry.slug, entry.rank])).toEqual(
      gameRanks.map((entry, position) => [entry.slug, position + 1]),
    );
    // One comparison of every game, labelled by its slug (issue 29: one expect, not 12,000).
    const fromCards = games.map((row) => {
      const card = data(`/games/${row.slug}`);
      const entry = ranked.get(row.slug);
      if (entry === undefined) return [row.slug, card.game_rank];
      return [
        row.slug,
        { rank: card.game_rank.rank, presence: card.game_rank.presence, avg_position: card.game_rank.avg_position },
        { name: card.name, provider: card.provider.slug, kind: card.kind },
      ];
    });
    expectToEqual(
      fromCards,
      games.map((row) => {
        const entry = ranked.get(row.slug);
        if (entry === undefined) return [row.slug, { rank: null, presence: 0, avg_position: null, countries: 0 }];
        return [
          row.slug,
          { rank: entry.rank, presence: entry.presence, avg_position: entry.avg_position },
          { name: entry.name, provider: entry.provider, kind: entry.kind },
        ];
      }),
    );
  });

  it("/game-ranks filters keep exactly the ranked games of that provider, kind or presence", () => {
    for (const provider of providers.slice(0, 40)) {
      expect(
        all(`/game-ranks?provider=${provider.slug}`).map((entry) => entry.slug),
        provider.slug,
      ).toEqual(gameRanks.filter((entry) => entry.provider === provider.slug).map((entry) => entry.slug));
    }
    for (const kind of [...new Set(games.map((game) => game.kind))]) {
      expect(total(`/game-ranks?kind=${kind}`), kind).toBe(gameRanks.filter((entry) => entry.kind === kind).length);
      expect(total(`/games?kind=${kind}`), kind).toBe(games.filter((game) => game.kind === kind).length);
    }
    for (const presence of [2, 5, 10])
      expect(total(`/game-ranks?min_presence=${presence}`)).toBe(
        gameRanks.filter((entry) => entry.presence >= presence).length,
      );
  });
});

describe("demand: cards, /index, /countries, /trending, /momentum, /ground-truth", () => {
  /** Volume of brand × country × period from the cards' demand series. */
  let volumes: Map<string, number>;
  /** The entries of `volumes` by country, in the same order (issue 29: grouped once, not filtered per country). */
  let volumesByCountry: Map<string, [string, number][]>;
  const keyOf = (brand: string, country: string, period: string) => `${brand} ${country} ${period}`;
  beforeAll(() => {
    volumes = new Map();
    for (const [slug, card] of cards)
      for (const { country, series } of card.demand)
        for (const point of series) volumes.set(keyOf(slug, country, point.period), point.volume);
    volumesByCountry = new Map();
    for (const entry of volumes) {
      const country = entry[0].split(" ")[1]!;
      const rows = volumesByCountry.get(country) ?? [];
      if (rows.length === 0) volumesByCountry.set(country, rows);
      rows.push(entry);
    }
  });

  it("a card's demand series carry the sod and adi that /index?brand= gives, and nothing else", () => {
    for (const brand of brands) {
      const fromCard = cards.get(brand.slug).demand.flatMap(({ country, series }: any) =>
        series.flatMap((point: any) => [
          { brand: brand.slug, country, period: point.period, metric: "adi", value: point.adi },
          { brand: brand.slug, country, period: point.period, metric: "sod", value: point.sod },
        ]),
      );
      expectToEqual(data(`/index?brand=${brand.slug}`), fromCard, brand.slug);
    }
  });

  it("/index?country= gives the same rows as the brands' answers, and the index download is all of them", async () => {
    const byCountry = countries.flatMap((country) => data(`/index?country=${country.code}`));
    // The download is in /index order: brand slug first (the /brands list runs by name).
    const byBrand = bySlug(brands).flatMap((brand) => data(`/index?brand=${brand.slug}`));
    const key = (row: any) => `${row.brand} ${row.country} ${row.period} ${row.metric}`;
    const sorted = (rows: any[]) => [...rows].sort((a, b) => (key(a) < key(b) ? -1 : 1));
    expectToEqual(sorted(byCountry), sorted(byBrand));
    expectToEqual(await api.download("index"), byBrand);
  });

  it("/countries' coverage is what the demand series show: brands tracked, months with volume, the latest of them", () => {
    const periods: string[] = [...new Set([...volumes.keys()].map((key) => key.split(" ")[2]!))].sort();
    expect(meta("/countries").periods).toBe(periods.length);
    for (const country of countries) {
      const rows = volumesByCountry.get(country.code) ?? [];
      const months = [...new Set(rows.filter(([, volume]) => volume > 0).map(([key]) => key.split(" ")[2]!))].sort();
      expect(country.coverage.brands, country.code).toBe(new Set(rows.map(([key]) => key.split(" ")[0])).size);
      expect(country.coverage.periods, country.code).toBe(months.length);
      expect(country.freshness, country.code).toBe(months.at(-1) ?? null);
    }
  });

  it("in the sample, a brand tracked in a market lists it among its markets (the loader does not require it); by design /brands?country= may list more brands than coverage.brands (markets are where a brand operates, coverage what the demand data tracks)", () => {
    let wider = 0;
    for (const country of countries) {
      const tracked = new Set((volumesByCountry.get(country.code) ?? []).map(([key]) => key.split(" ")[0]!));
      const operating = new Set(all(`/brands?country=${country.code}`).map((brand) => brand.slug));
      expect(
        [...tracked].filter((slug) => !operating.has(slug)),
        country.code,
      ).toEqual([]);
      if (operating.size > tracked.size) wider += 1;
    }
    expect(wider).toBeGreaterThan(0);
  });

  it("/countries' share_pct is its months with data over /countries' period count", () => {
    const periods = meta("/countries").periods;
    for (const country of countries)
      expectRounded4(country.coverage.share_pct, (country.coverage.periods / periods) * 100, country.code);
  });

  it("every country a brand, a demand row or a ground-truth row names is in /countries", () => {
    const known = new Set(countries.map((country) => country.code));
    const named = new Set<string>([
      ...brands.flatMap((brand) => cards.get(brand.slug).markets),
      ...[...volumes.keys()].map((key) => key.split(" ")[1]!),
      ...data("/ground-truth").map((row: any) => row.country),
    ]);
    expect([...named].filter((code) => !known.has(code))).toEqual([]);
  });

  it("by design, a regulator's jurisdiction need not be a market: offshore seats (e.g. CW, IM) are in no /countries row, no brand's markets and no index row", () => {
    const known = new Set(countries.map((country) => country.code));
    const seats = [...new Set(regulators.map((regulator) => regulator.jurisdiction))].filter(
      (code) => !known.has(code),
    );
    expect(seats.length).toBeGreaterThan(0);
    for (const code of seats) {
      expect(total(`/brands?country=${code}`), code).toBe(0);
      expect(data(`/index?country=${code}`), code).toEqual([]);
      expect(total(`/licenses?jurisdiction=${code}`), code).toBe(
        regulators
          .filter((regulator) => regulator.jurisdiction === code)
          .reduce((sum, regulator) => sum + regulator.licenses_count, 0),
      );
    }
  });

  it("trending and momentum use the last two months of the series, with the cards' volumes (0 where a month has no row)", () => {
    const trending = api.get(`${DATASET}/trending?limit=100`).body.meta;
    const momentum = api.get(`${DATASET}/momentum?limit=100`).body.meta;
    const periods = meta("/countries").periods;
    const months = [...new Set([...volumes.keys()].map((key) => key.split(" ")[2]!))].sort();
    expect(months).toHaveLength(periods);
    expect([trending.previous_period, trending.current_period]).toEqual(months.slice(-2));
    expect([momentum.previous_period, momentum.current_period]).toEqual(months.slice(-2));
    const [previous, current] = months.slice(-2) as [string, string];
    const volumeOf = (brand: string, country: string, period: string) =>
      volumes.get(keyOf(brand, country, period)) ?? 0;
    for (const country of countries.filter((entry) => entry.coverage.periods > 0)) {
      const perCountry = api.get(`${DATASET}/trending?country=${country.code}&limit=100`).body;
      const moves = api.get(`${DATASET}/momentum?country=${country.code}&limit=100`).body;
      expect(moves.meta.total, country.code).toBe(perCountry.meta.total);
      const pairs = new Set(
        brands
          .filter(
            // #27: a pair with an outage or no row in either month is left out (meta.excluded), never -100%.
            (brand) =>
              volumes.get(keyOf(brand.slug, country.code, previous)) != null &&
              volumes.get(keyOf(brand.slug, country.code, current)) != null,
          )
          .map((brand) => brand.slug),
      );
      expect(perCountry.meta.total, country.code).toBe(pairs.size);
      for (const entry of perCountry.data) {
        expect([entry.previous, entry.current], `${entry.brand} ${country.code}`).toEqual([
          volumeOf(entry.brand, country.code, previous),
          volumeOf(entry.brand, country.code, current),
        ]);
        expect(entry.name).toBe(cards.get(entry.brand).name);
      }
      const growth = new Map(perCountry.data.map((entry: any) => [entry.brand, entry.growth_pct]));
      for (const entry of moves.data) {
        expect([entry.previous, entry.volume], `${entry.brand} ${country.code}`).toEqual([
          volumeOf(entry.brand, country.code, previous),
          volumeOf(entry.brand, country.code, current),
        ]);
        if (growth.has(entry.brand))
          expect(entry.wow_pct, `${entry.brand} ${country.code}`).toBe(growth.get(entry.brand));
      }
    }
  });

  it("a brand's all-countries trending entry sums its countries' entries in the trending download", async () => {
    const entries = await api.download("trending");
    const sums = new Map<string, { previous: number; current: number }>();
    for (const entry of entries.filter((row) => row.country !== null)) {
      const sum = sums.get(entry.brand) ?? { previous: 0, current: 0 };
      sum.previous += entry.previous;
      sum.current += entry.current;
      sums.set(entry.brand, sum);
    }
    const totals = entries.filter((row) => row.country === null);
    expect(totals.map((entry) => entry.brand).sort()).toEqual([...sums.keys()].sort());
    for (const entry of totals)
      expect({ previous: entry.previous, current: entry.current }, entry.brand).toEqual(sums.get(entry.brand));
    expect(data("/trending?limit=100")).toEqual(totals.slice(0, 100));
  });

  it("the momentum download holds every /momentum entry of every country, with the same figures", async () => {
    const download = await api.download("momentum");
    const byKey = new Map(download.map((entry) => [`${entry.brand} ${entry.country}`, entry]));
    let listed = 0;
    for (const country of countries.filter((entry) => entry.coverage.periods > 0)) {
      const body = api.get(`${DATASET}/momentum?country=${country.code}&limit=100`).body;
      listed += body.meta.total;
      for (const entry of body.data)
        expect(
          without(byKey.get(`${entry.brand} ${entry.country}`), "previous_period", "current_period"),
          `${entry.brand} ${entry.country}`,
        ).toEqual(entry);
    }
    expect(download).toHaveLength(listed);
  });

  it("ground truth's demand_total is the sum of the month's volumes in that country", () => {
    const sums = new Map<string, number>();
    for (const [key, volume] of volumes) {
      const [, country, period] = key.split(" ");
      sums.set(`${country} ${period}`, (sums.get(`${country} ${period}`) ?? 0) + volume);
    }
    const rows = data("/ground-truth");
    expect(rows.length).toBeGreaterThan(0);
    // A quarter, half or year (#27 cadences) sums its months; null where none of them has a row.
    for (const row of rows) {
      const months = monthsOfPeriod(row.period).filter((month) => sums.has(`${row.country} ${month}`));
      const total = months.reduce((sum, month) => sum + sums.get(`${row.country} ${month}`)!, 0);
      expect(row.demand_total, `${row.country} ${row.period}`).toBe(months.length > 0 ? total : null);
    }
  });
});

describe("alerts", () => {
  it("each filter of /tc-alerts keeps exactly the matching alerts, in the list's order", () => {
    for (const pageType of ["terms", "withdrawal", "responsible_gambling"])
      expect(all(`/tc-alerts?page_type=${pageType}`), pageType).toEqual(
        alerts.filter((alert) => alert.page_type === pageType),
      );
    for (const changeType of ["new", "modified", "removed"])
      expect(all(`/tc-alerts?change_type=${changeType}`), changeType).toEqual(
        alerts.filter((alert) => alert.change_type === changeType),
      );
    for (const brand of [...new Set(alerts.map((alert) => alert.brand))].slice(0, 100))
      expect(all(`/tc-alerts?brand=${brand}`), brand).toEqual(alerts.filter((alert) => alert.brand === brand));
  });
});

describe("references between endpoints", () => {
  it("every brand, provider and game slug an answer names has its card", async () => {
    const brandSlugs = new Set<string>([
      ...licenses.map((license) => license.brand),
      ...alerts.map((alert) => alert.brand),
      ...(await api.download("index")).map((row) => row.brand),
      ...(await api.download("trending")).map((row) => row.brand),
      ...(await api.download("momentum")).map((row) => row.brand),
    ]);
    expect([...brandSlugs].filter((slug) => !cards.has(slug))).toEqual([]);
    const providerSlugs = new Set(providers.map((provider) => provider.slug));
    expect(
      [...new Set([...games, ...gameRanks].map((game) => game.provider))].filter((slug) => !providerSlugs.has(slug)),
    ).toEqual([]);
    const gameSlugs = new Set(games.map((game) => game.slug));
    expect(gameRanks.filter((entry) => !gameSlugs.has(entry.slug))).toEqual([]);
    const regulatorCodes = new Set(regulators.map((regulator) => regulator.code));
    expect(
      [...new Set([...licenses, ...data("/ground-truth")].map((row: any) => row.regulator_code))].filter(
        (code) => !regulatorCodes.has(code),
      ),
    ).toEqual([]);
  });

  it("momentum and trending name each brand as its card does", async () => {
    for (const entry of [...(await api.download("trending")), ...(await api.download("momentum"))])
      expect(entry.name, entry.brand).toBe(cards.get(entry.brand).name);
  });

  it("every answer of the dataset carried the discovery document's generated_at", () => {
    const stamp = api.get(`${DATASET}/`).body.generated_at;
    expect(api.generatedAt.get(DATASET)).toEqual(new Set([stamp]));
  });
});

describe("discovery stats and bulk downloads against the lists", () => {
  it("the discovery stats are the lists' real counts", async () => {
    const stats = api.get(`${DATASET}/`).body.stats;
    expect(stats).toMatchObject({
      brands: brands.length,
      licenses: licenses.length,
      providers: providers.length,
      games: games.length,
      countries: countries.length,
    });
    expect(stats.countries_with_demand_data).toBe(countries.filter((country) => country.coverage.periods > 0).length);
    expect(stats.domains).toBe([...cards.values()].reduce((sum, card) => sum + card.domains.length, 0));
    // The seed's rows, as demand-verticals lists them (#27: one per vertical where rows carry it); the demand
    // download has one per brand, country and month, so fewer.
    const demandRows = (await api.download("demand-verticals")).length;
    expect(stats.monthly_demand_rows).toBe(demandRows);
    expect((await api.download("demand")).length).toBeLessThan(demandRows);
    expect(stats.index_values).toBe((await api.download("index")).length);
  });

  it("each list's download is the list's items, all pages at once", async () => {
    expectToEqual(await api.download("licenses"), licenses);
    expectToEqual(await api.download("regulators"), regulators);
    expectToEqual(await api.download("countries"), countries);
    expectToEqual(await api.download("tc-alerts"), alerts);
    expectToEqual(await api.download("ground-truth"), data("/ground-truth"));
    expect(
      (await api.download("providers")).map((row) => ({
        slug: row.slug,
        name: row.name,
        games_count: row.games_count,
      })),
    ).toEqual(providers);
    expect((await api.download("provider-ranks")).map((row) => without(row, "components"))).toEqual(providerRanks);
  });

  it("the brands download has each brand's list row and card facts; the trust-history download each history", async () => {
    const rows = await api.download("brands");
    expect(rows.map((row) => row.slug)).toEqual(brands.map((brand) => brand.slug).sort());
    const listed = new Map(brands.map((brand) => [brand.slug, brand]));
    const cardFields = [
      "description",
      "founded_year",
      "verticals",
      "markets",
      "reputation",
      "app_stores",
      "social",
      "payment_methods",
      "withdrawal_days",
      "responsible_gambling",
    ];
    // One comparison of every row, labelled by its slug (issue 29: one expect, not 12,000).
    expectToEqual(
      rows.map((row) => [
        row.slug,
        pick(row, Object.keys(listed.get(row.slug))),
        row.trust_components,
        pick(row, cardFields),
      ]),
      rows.map((row) => {
        const card = cards.get(row.slug);
        return [row.slug, listed.get(row.slug), card.trust.components, pick(card, cardFields)];
      }),
    );
    const history = await api.download("trust-history");
    const expected = rows.flatMap((row) =>
      data(`/brands/${row.slug}/trust-history`).map((entry: any) => ({ brand: row.slug, ...entry })),
    );
    expectToEqual(history, expected);
  });

  it("the games download is /games with each game card's rank", async () => {
    const rows = await api.download("games");
    expectToEqual(
      rows.map((row) => without(row, "rank", "presence", "avg_position", "lobby_countries")),
      games,
    );
    // One comparison of every row, labelled by its slug (issue 29: one expect, not 6,000).
    expectToEqual(
      rows.map((row) => [
        row.slug,
        {
          rank: row.rank,
          presence: row.presence,
          avg_position: row.avg_position,
          lobby_countries: row.lobby_countries,
        },
      ]),
      rows.map((row) => {
        const { game_rank } = data(`/games/${row.slug}`);
        return [
          row.slug,
          {
            rank: game_rank.rank,
            presence: game_rank.presence,
            avg_position: game_rank.avg_position,
            lobby_countries: game_rank.countries,
          },
        ];
      }),
    );
  });

  it("the demand download is the cards' volumes; the domains download the cards' domains with their brand", async () => {
    const demand = await api.download("demand");
    const fromCards = bySlug(brands).flatMap((brand) =>
      cards
        .get(brand.slug)
        .demand.flatMap(({ country, series }: any) =>
          series.map((point: any) => ({ brand: brand.slug, country, period: point.period, volume: point.volume })),
        ),
    );
    expectToEqual(demand, fromCards);
    const domains = await api.download("domains");
    for (const brand of brands)
      expect(cards.get(brand.slug).domains, brand.slug).toEqual(
        domains.filter((domain) => domain.brand === brand.slug).map((domain) => without(domain, "brand")),
      );
    expect(domains.every((domain) => cards.has(domain.brand))).toBe(true);
  });

  it("the records count that /downloads/ shows for each download is its number of lines", async () => {
    // The landing page links to /downloads/ for the table (issue 28).
    for (const page of ["downloads/index.html"]) {
      const html = await readFile(path.join(api.dist, page), "utf8");
      const rows = [
        ...html.matchAll(
          /<td class="num">([\d,\s]+)<\/td><td><ul class="files"><li><a href="\/downloads\/([\w-]+)\.ndjson\.gz"/g,
        ),
      ];
      // One row per table (#28 lists its formats beside the count), each with its NDJSON first.
      expect(rows.length, page).toBe([...html.matchAll(/<th scope="row" class="file">/g)].length);
      expect(rows.length, page).toBeGreaterThanOrEqual(20);
      for (const [, records, name] of rows)
        expect(Number(records!.replace(/\D/g, "")), `${page} ${name}`).toBe((await api.download(name!)).length);
    }
  });
});
