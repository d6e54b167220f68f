/**
 * The engine's lookup tables are made on first use (a host answering from files never needs most of
 * them), once, and hold what their names say.
 */
import { describe, expect, it } from "vitest";
import { buildEngineIndex, countryPeriodKey } from "../../build/query/engine-index.ts";
import { minContext } from "../fixtures/min-context.ts";

describe("buildEngineIndex", () => {
  it("makes no table before it is used, each once, and lists every table", async () => {
    const { dataset } = await minContext();
    const index = buildEngineIndex(dataset);
    const names = Object.keys(index);
    expect(names).toContain("brandsBySlug");
    expect(names.every((name) => Object.getOwnPropertyDescriptor(index, name)?.get !== undefined)).toBe(true);
    const first = index.gamesByProviderByName;
    expect(index.gamesByProviderByName).toBe(first);
    expect(Object.getOwnPropertyDescriptor(index, "gamesByProviderByName")?.value).toBe(first);
    // Made from the table it builds on, which is made with it.
    expect(Object.getOwnPropertyDescriptor(index, "gamesByName")?.value).toBeDefined();
    expect(Object.getOwnPropertyDescriptor(index, "tcAlertsByDate")?.get).toBeDefined();
  });

  it("holds what the names say", async () => {
    const { dataset } = await minContext();
    const index = buildEngineIndex(dataset);
    for (const brand of dataset.brands) expect(index.brandsBySlug.get(brand.slug)).toBe(brand);
    const ranks = [...index.trustRankBySlug.values()].sort((a, b) => a - b);
    expect(ranks).toEqual(dataset.brands.map((_, position) => position + 1));
    const best = [...dataset.brands].sort((a, b) => b.trust.score! - a.trust.score! || (a.slug < b.slug ? -1 : 1))[0]!;
    expect(index.trustRankBySlug.get(best.slug)).toBe(1);
    const value = dataset.index[0]!;
    expect(index.indexByCountryPeriod.get(countryPeriodKey(value.country, value.period))).toContain(value);
    expect([...index.tcAlertsByBrand.values()].flat().length).toBe(dataset.tcAlerts.length);
    const dates = index.tcAlertsByDate.map((alert) => Date.parse(alert.detected_at));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });
});
