/**
 * Every paginated dataset list, walked page by page on the whole sample, in every sort and order:
 * what a client paging through it collects is the whole list, each item once, in one stable order.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { DATASET, sampleApi, type SampleApi } from "./sample-api.ts";

let api: SampleApi;
beforeAll(async () => {
  api = await sampleApi();
});

/** Each list with its item key and the sorts (each in both orders) it takes. */
const LISTS: { path: string; key: (item: any) => string; sorts: string[] }[] = [
  { path: "/brands", key: (item) => item.slug, sorts: ["slug", "name", "licenses_count", "trust_score"] },
  { path: "/trust-scores", key: (item) => item.slug, sorts: ["score"] },
  { path: "/licenses", key: (item) => item.id, sorts: [] },
  { path: "/providers", key: (item) => item.slug, sorts: [] },
  {
    path: "/provider-ranks",
    key: (item) => item.slug,
    sorts: [
      "rank_score",
      "games_count",
      "rtp_avg",
      "release_activity",
      "casino_presence",
      "regional_diversity",
      "name",
    ],
  },
  { path: "/games", key: (item) => item.slug, sorts: [] },
  { path: "/game-ranks", key: (item) => item.slug, sorts: ["rank"] },
  { path: "/tc-alerts", key: (item) => item.id, sorts: [] },
];

/** The list's queries: the default, then each sort in each order. */
function queriesOf(list: (typeof LISTS)[number]): string[] {
  return [
    list.path,
    ...list.sorts.flatMap((sort) => ["asc", "desc"].map((order) => `${list.path}?sort=${sort}&order=${order}`)),
  ];
}

describe("paging through every dataset list", () => {
  it.each(LISTS)(
    "$path: every page of every sort gives each item once, total and pages agree, and page size does not change the order",
    (list) => {
      const everything = api.get(`${DATASET}${list.path}?per_page=100`).body.meta.total as number;
      expect(everything).toBeGreaterThan(0);
      for (const query of queriesOf(list)) {
        const url = `${DATASET}${query}`;
        const byHundred = api.walk(url, 100);
        // 37 is prime: its page borders fall elsewhere than 100's and 50's.
        const byThirtySeven = api.walk(url, 37);
        const keys = byHundred.items.map(list.key);
        expect(new Set(keys).size, query).toBe(keys.length);
        expect(keys.length, query).toBe(everything);
        expect(new Set(byHundred.totals), query).toEqual(new Set([everything]));
        expect(new Set(byHundred.pages), query).toEqual(new Set([Math.ceil(everything / 100)]));
        expect(new Set(byThirtySeven.pages), query).toEqual(new Set([Math.ceil(everything / 37)]));
        expect(byThirtySeven.items.map(list.key), query).toEqual(keys);
        // Without per_page the default page is the first 50 of the same order.
        expect(api.get(url).body.data.map(list.key), query).toEqual(keys.slice(0, 50));
      }
    },
  );

  it.each(LISTS.filter((list) => list.sorts.length > 0))("$path: both orders of a sort list the same items", (list) => {
    for (const sort of list.sorts) {
      const asc = api.walk(`${DATASET}${list.path}?sort=${sort}&order=asc`, 100).items.map(list.key);
      const desc = api.walk(`${DATASET}${list.path}?sort=${sort}&order=desc`, 100).items.map(list.key);
      expect([...desc].sort(), sort).toEqual([...asc].sort());
    }
  });
});
