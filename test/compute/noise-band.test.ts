import { describe, expect, it } from "vitest";
import { MIN_PAST_CHANGES, noiseBand, noiseBands } from "../../build/compute/noise-band.ts";

describe("noiseBand", () => {
  it("is 2 × 1.4826 × the median absolute deviation, by hand", () => {
    // Changes 10, −10, 0, 20, −30: median 0; deviations 10, 10, 0, 20, 30 → MAD 10; band 2 × 1.4826 × 10.
    expect(noiseBand([10, -10, 0, 20, -30])).toBe(29.652);
  });

  it("is not widened by one outlier as a plain σ would be", () => {
    // Median 2; deviations 1, 1, 0, 1, 498 → MAD 1 → 2.9652 (σ of the same list is about 199).
    expect(noiseBand([1, 3, 2, 1, 500])).toBe(2.9652);
  });

  it("takes the mean of the two middle values for an even count", () => {
    // Median (4 + 6) / 2 = 5; deviations 3, 1, 1, 3 → MAD (1 + 3) / 2 = 2 → 5.9304.
    expect(noiseBand([2, 4, 6, 8])).toBe(5.9304);
  });

  it("is 0 without a change", () => {
    expect(noiseBand([])).toBe(0);
  });
});

describe("noiseBands", () => {
  it("gives a market with enough past changes its own band, and the pooled band to one with too few", () => {
    const wide = Array.from({ length: MIN_PAST_CHANGES }, (_, at) => (at % 2 === 0 ? 10 : -10)); // MAD 10
    const few = [0, 0]; // too few of its own
    const bands = noiseBands(
      new Map([
        ["GB", wide],
        ["MT", few],
      ]),
    );
    expect(bands.byCountry.get("GB")).toBe(29.652);
    // Pooled: 6 × 10, 6 × −10 and 2 × 0 → median 0, deviations twelve 10s and two 0s → MAD 10.
    expect(bands.pooled).toBe(29.652);
    expect(bands.byCountry.get("MT")).toBe(bands.pooled);
  });
});
