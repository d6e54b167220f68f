import { describe, expect, it } from "vitest";
import { computeDataset } from "../../build/compute/compute-dataset.ts";
import { loadSeeds, type SeedSet } from "../../build/load/load-seeds.ts";
import { SEEDS_MIN } from "../fixtures/seeds-invalid.ts";

const compute = (seeds: SeedSet) => computeDataset(seeds, { baseUrl: "https://data.example.com" });

/** seeds-min with its snapshot and one alert at a month's edge, written with `offsets` or in UTC. */
async function seedsAtEdges(offsets: boolean): Promise<SeedSet> {
  const { seeds } = await loadSeeds(SEEDS_MIN);
  // 2025-01-01T00:00Z and 2024-12-01T00:30Z: the same instants as the offset forms.
  const snapshot_at = offsets ? "2024-12-31T19:00:00-05:00" : "2025-01-01T00:00:00Z";
  const edge = offsets ? "2024-11-30T19:30:00-05:00" : "2024-12-01T00:30:00Z";
  return {
    ...seeds,
    meta: { ...seeds.meta, snapshot_at },
    tcAlerts: seeds.tcAlerts.map((alert, index) => (index === 0 ? { ...alert, detected_at: edge } : alert)),
  };
}

describe("computeDataset", () => {
  it("takes the month and date of a date-time in UTC: the same instants written with an offset give the same figures", async () => {
    const utc = compute(await seedsAtEdges(false));
    const offset = compute(await seedsAtEdges(true));
    // The alert of 2024-12-01T00:30Z is December's: 2024-11's transparency is untouched by it.
    const alpha = utc.brands.find((brand) => brand.slug === "alpha-casino")!;
    expect(alpha.trust_history.find((entry) => entry.period === "2024-11")?.components.transparency).toBe(100);
    expect(alpha.trust_history.find((entry) => entry.period === "2024-12")?.components.transparency).toBe(92);
    expect(offset.brands).toEqual(utc.brands);
    expect(offset.providerRanks).toEqual(utc.providerRanks);
    expect(offset.counts).toEqual(utc.counts);
  });

  it("sorts the periods whatever the order of the demand rows, so trends compare the last two months", async () => {
    const { seeds } = await loadSeeds(SEEDS_MIN);
    // Reversed, the rows name 2024-12 first; the dataset's periods are still 2024-10, 2024-11, 2024-12.
    const dataset = compute({ ...seeds, demand: [...seeds.demand].reverse() });
    expect(dataset.periods).toEqual(["2024-10", "2024-11", "2024-12"]);
    expect([dataset.trending.previous_period, dataset.trending.current_period]).toEqual(["2024-11", "2024-12"]);
    expect([dataset.momentum.previous_period, dataset.momentum.current_period]).toEqual(["2024-11", "2024-12"]);
  });

  it("counts each brand-month's all-verticals sod and adi as two index values, and every seed row", async () => {
    const { seeds } = await loadSeeds(SEEDS_MIN);
    // seeds-min: 4 brand × country pairs (alpha and beta in GB, alpha and gamma in DE) × 3 months = 12 rows,
    // plus 6 vertical rows in NL (gamma casino and poker, alpha casino, 2 months) = 18 rows; all verticals:
    // 12 + 4 brand-months in NL = 16 values → 32 (#27).
    expect(compute(seeds).counts).toMatchObject({ monthly_demand_rows: 18, index_values: 32 });
  });

  it("counts a country as having demand data only when some month there has a tracked total above 0, as /countries does", async () => {
    const { seeds } = await loadSeeds(SEEDS_MIN);
    const before = compute(seeds);
    const [silenced] = [...new Set(seeds.demand.map((row) => row.country))];
    const after = compute({
      ...seeds,
      demand: seeds.demand.map((row) => (row.country === silenced ? { ...row, volume: 0 } : row)),
    });
    expect(after.counts.countries_with_demand_data).toBe(before.counts.countries_with_demand_data - 1);
    expect(after.counts.countries_with_demand_data).toBe(
      after.countries.filter((country) => country.coverage.periods > 0).length,
    );
    expect(after.countries.find((country) => country.code === silenced)?.coverage.periods).toBe(0);
  });
});
