/**
 * The sample's regulators, licenses and GGR as a domain reader checks them first (#27): the order of
 * magnitude and ranking of online GGR, monopolies without private licenses, current regulators, and
 * ANJ licensing no online casino.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { loadSeeds } from "../../build/load/load-seeds.ts";
import type { SeedSet } from "../../build/load/load-seeds.ts";
import { lastMonthOf } from "../../build/shared/ggr-periods.ts";

let seeds: SeedSet;
beforeAll(async () => {
  ({ seeds } = await loadSeeds("seeds"));
});

/** Online GGR of the year 2025 per country, every vertical, in local currency. */
function ggr2025(country: string): number {
  return seeds.groundTruth
    .filter((row) => row.country === country && lastMonthOf(row.period).startsWith("2025"))
    .reduce((sum, row) => sum + row.ggr, 0);
}

describe("the sample's ground truth", () => {
  it("puts Great Britain's online GGR near the public 6-7 bn GBP a year, the largest market in euros", () => {
    expect(ggr2025("GB")).toBeGreaterThan(5.5e9);
    expect(ggr2025("GB")).toBeLessThan(8e9);
    // In euros at the sample's rates, GB leads Italy, Germany and France.
    const eur = { GB: ggr2025("GB") / 0.85, IT: ggr2025("IT"), DE: ggr2025("DE"), FR: ggr2025("FR") };
    expect(Math.max(eur.IT, eur.DE, eur.FR)).toBeLessThan(eur.GB);
    expect(eur.IT).toBeGreaterThan(3e9);
  });

  it("publishes as the regulators do: quarters in GB, months in IT, a year in DE, verticals where they split GGR", () => {
    const periods = (country: string) =>
      new Set(seeds.groundTruth.filter((row) => row.country === country).map((row) => row.period));
    expect(periods("GB")).toContain("2025-Q3");
    expect(periods("IT")).toContain("2025-07");
    expect([...periods("DE")]).toEqual(["2025"]);
    const verticals = new Set(seeds.groundTruth.filter((row) => row.country === "FR").map((row) => row.vertical));
    expect([...verticals].sort()).toEqual(["poker", "sportsbook"]);
  });
});

describe("the sample's regulators and licenses", () => {
  it("has no private license in the monopoly markets (Norway, Finland)", () => {
    const monopolies = seeds.regulators.filter((regulator) => ["NO", "FI"].includes(regulator.jurisdiction));
    expect(monopolies.length).toBe(2);
    expect(
      seeds.licenses.filter((license) => monopolies.some((regulator) => regulator.code === license.regulator_code)),
    ).toEqual([]);
  });

  it("names Curaçao's regulator as it stands since 2024", () => {
    expect(seeds.regulators.find((regulator) => regulator.jurisdiction === "CW")).toMatchObject({
      code: "CGA",
      name: "Curaçao Gaming Authority",
    });
    expect(seeds.licenses.some((license) => license.regulator_code === "GCB")).toBe(false);
  });

  it("lets ANJ license no online casino, and no casino-only brand hold an ANJ license", () => {
    expect(seeds.regulators.find((regulator) => regulator.code === "ANJ")?.verticals).toEqual(["sportsbook", "poker"]);
    const verticals = new Map(seeds.brands.map((brand) => [brand.slug, brand.verticals]));
    for (const license of seeds.licenses.filter((entry) => entry.regulator_code === "ANJ")) {
      expect(license.verticals ?? []).not.toContain("casino");
      expect(verticals.get(license.brand)?.some((vertical) => vertical === "sportsbook" || vertical === "poker")).toBe(
        true,
      );
    }
  });

  it("gives most licenses the verticals they cover, and leaves some to their regulator's", () => {
    const named = seeds.licenses.filter((license) => license.verticals !== null).length;
    expect(named / seeds.licenses.length).toBeGreaterThan(0.5);
    expect(named).toBeLessThan(seeds.licenses.length);
  });
});
