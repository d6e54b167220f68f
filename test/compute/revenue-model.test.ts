import { describe, expect, it } from "vitest";
import {
  correlationInterval,
  fitRevenueModel,
  holdOutCount,
  meanAbsolutePercentError,
} from "../../build/compute/revenue-model.ts";

const points = (demand: number[], ggr: number[]) =>
  demand.map((value, i) => ({ period: `2025-${String(i + 1).padStart(2, "0")}`, demand: value, ggr: ggr[i]! }));

describe("holdOutCount", () => {
  it.each([
    [1, 1],
    [4, 1], // 3 fitted, 1 held out: the shortest series that gets estimates
    [5, 2],
    [7, 2], // seven quarters
    [24, 6], // two years of months
  ])("holds out the latest quarter of %i periods, at least one: %i", (count, held) => {
    expect(holdOutCount(count)).toBe(held);
  });
});

describe("meanAbsolutePercentError", () => {
  it("averages |k × demand − GGR| / GGR in percent", () => {
    // k = 10: |100 − 100| / 100 = 0 and |250 − 200| / 200 = 0.25 → mean 12.5 %
    expect(meanAbsolutePercentError(points([10, 25], [100, 200]), 10)).toBe(12.5);
  });

  it("is unknown without points or with a GGR of 0", () => {
    expect(meanAbsolutePercentError([], 10)).toBeNull();
    expect(meanAbsolutePercentError(points([10], [0]), 10)).toBeNull();
  });
});

describe("correlationInterval", () => {
  it("is tanh(atanh(r) ± 1.96 / √(n − 3)) (Fisher z)", () => {
    // r = 0.5, n = 12: atanh 0.549306, spread 1.959964 / 3 = 0.653321 → tanh(−0.104015), tanh(1.202627)
    const [low, high] = correlationInterval(0.5, 12)!;
    expect(low).toBeCloseTo(-0.103642, 5);
    expect(high).toBeCloseTo(0.834454, 5);
  });

  it("has none below 4 points", () => {
    expect(correlationInterval(0.9, 3)).toBeNull();
  });
});

describe("fitRevenueModel", () => {
  it("fits k on all but the held-out periods and measures both errors", () => {
    // 5 periods: fit the first 3, k = (100 + 210 + 290) / (10 + 20 + 30) = 10.
    // in-sample: 0, 10/210 = 4.7619 %, 10/290 = 3.4483 % → 2.7367 %; held out: 0, 20/520 = 3.8462 % → 1.9231 %
    expect(fitRevenueModel(points([10, 20, 30, 40, 50], [100, 210, 290, 400, 520]))).toEqual({
      periods: 5,
      fit_periods: 3,
      hold_out_periods: 2,
      ggr_per_demand: 10,
      correlation: 0.998,
      correlation_low: 0.9682,
      correlation_high: 0.9999,
      in_sample_error: 2.7367,
      hold_out_error: 1.9231,
      status: "published",
    });
  });

  it("calls the fit weak when r's 95% interval reaches 0", () => {
    // GGR alternating against rising demand: r = 0, interval ±0.8823 over 5 points
    const model = fitRevenueModel(points([10, 20, 30, 40, 50], [100, 300, 100, 300, 100]));
    expect([model.correlation, model.correlation_low, model.status]).toEqual([0, -0.8823, "weak_fit"]);
  });

  it("calls the fit weak when the hold-out error is above 25 %, however good r is", () => {
    // k = 10 fits the first 6 exactly; the last 2 GGRs are twice 10 × demand: hold-out error 50 %, r's interval 0.59-0.98
    const model = fitRevenueModel(points([10, 20, 30, 40, 50, 60, 70, 80], [100, 200, 300, 400, 500, 600, 1400, 1600]));
    expect([model.in_sample_error, model.hold_out_error, model.correlation_low, model.status]).toEqual([
      0,
      50,
      0.5909,
      "weak_fit",
    ]);
  });

  it("has too few periods below 3 fitted and 1 held out, whatever the fit", () => {
    expect(fitRevenueModel(points([10, 20, 30], [100, 200, 300])).status).toBe("too_few_periods");
    expect(fitRevenueModel([])).toMatchObject({ periods: 0, ggr_per_demand: null, status: "too_few_periods" });
  });
});
