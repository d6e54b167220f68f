import { describe, expect, it } from "vitest";
import { computeRegulatorCounts } from "../../build/compute/regulator-counts.ts";

const regulator = (code: string) => ({
  code,
  name: `Regulator ${code}`,
  jurisdiction: "GB",
  tier: 1,
  register_url: `https://example.org/${code}`,
  verticals: code === "MGA" ? null : (["casino"] as "casino"[]),
});

describe("computeRegulatorCounts", () => {
  it("counts every license of a regulator and its distinct brands", () => {
    const result = computeRegulatorCounts(
      [regulator("UKGC"), regulator("MGA"), regulator("EMPTY")],
      [
        { brand: "alpha", regulator_code: "UKGC" },
        { brand: "alpha", regulator_code: "UKGC" }, // a second license of the same brand
        { brand: "beta", regulator_code: "UKGC" },
        { brand: "alpha", regulator_code: "MGA" },
      ],
    );
    expect(result.map(({ code, licenses_count, brands_count }) => [code, licenses_count, brands_count])).toEqual([
      ["UKGC", 3, 2],
      ["MGA", 1, 1],
      ["EMPTY", 0, 0],
    ]);
    expect(result[0]).toMatchObject({ ...regulator("UKGC"), verticals: ["casino"] });
    // A regulator that lists no verticals licenses every one of them (#27).
    expect(result[1]?.verticals).toEqual(["casino", "sportsbook", "poker", "lottery"]);
  });
});
