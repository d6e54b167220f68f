import { describe, expect, it } from "vitest";
import { clamp, mean, median, round1, round4, roundTo } from "../../build/compute/numbers.ts";

describe("roundTo", () => {
  it.each([
    [1.005, 2, 1.01], // binary 1.00499999… must still round up
    [-1.005, 2, -1.01], // half away from zero, symmetric
    [2.675, 2, 2.68],
    [0.1 + 0.2, 4, 0.3],
    [1234.56785, 4, 1234.5679],
    [33.333333333, 4, 33.3333],
    [66.666666666, 4, 66.6667],
    [2.25, 1, 2.3],
    [-2.25, 1, -2.3],
    [2.24999, 1, 2.2],
    [0, 4, 0],
    [100, 1, 100],
    [81.00000000000001, 1, 81],
    // The shifted value is cut to 12 significant digits: 23.4999999999999 (1e-13 under the half, the drift of a
    // few operations) is taken as 23.5, but 23.499999999 (1e-9 under it) is a value of its own.
    [2.34999999999999, 1, 2.4],
    [2.3499999999, 1, 2.3],
    // Large values keep every digit they have (a GGR in pesos or forints times a share).
    [12345678901.234, 2, 12345678901.23],
    // eslint-disable-next-line no-loss-of-precision -- the literal is the value a float rounds from, as written
    [121932839519.795786, 2, 121932839519.8],
    [33333333233.33333, 4, 33333333233.3333],
    [10000000000.005, 2, 10000000000.01], // drift is still absorbed at that size
    [4503599627370495.5, 0, 4503599627370496],
    [1e20, 2, 1e20],
  ])("rounds %d to %d decimals as %d", (value, digits, expected) => {
    expect(roundTo(value, digits)).toBe(expected);
  });

  it("round4 and round1 are roundTo with 4 and 1 decimals", () => {
    expect(round4(12.345678)).toBe(12.3457);
    expect(round1(12.345678)).toBe(12.3);
  });
});

describe("clamp", () => {
  it.each([
    [-5, 0, 100, 0],
    [50, 0, 100, 50],
    [150, 0, 100, 100],
    [0, 0, 100, 0],
  ])("clamp(%d, %d, %d) = %d", (value, min, max, expected) => {
    expect(clamp(value, min, max)).toBe(expected);
  });
});

describe("median and mean", () => {
  it.each<[number[], number, number]>([
    [[], 0, 0],
    [[7], 7, 7],
    [[3, 1, 2], 2, 2], // unsorted input: sorted copy is [1, 2, 3]
    [[4, 1, 3, 2], 2.5, 2.5], // even count: (2 + 3) / 2
    [[10, 0, 0, 0], 0, 2.5], // mean = 10 / 4
    [[1, 2, 100], 2, 103 / 3],
  ])("of %j: median %d, mean %d", (values, expectedMedian, expectedMean) => {
    expect(median(values)).toBe(expectedMedian);
    expect(mean(values)).toBeCloseTo(expectedMean, 12);
  });

  it("does not reorder its input", () => {
    const values = [3, 1, 2];
    median(values);
    expect(values).toEqual([3, 1, 2]);
  });
});
