import { describe, expect, it } from "vitest";
import { pearson } from "../../build/compute/correlation.ts";

describe("pearson", () => {
  it.each([
    // x̄ = 2, ȳ = 13/3; Σdxdy = 5, Σdx² = 2, Σdy² = 38/3 → 5 / √(2 · 38/3) = 0.99339…
    [[1, 2, 3], [2, 4, 7], 0.99339],
    [[1, 2, 3, 4], [10, 20, 30, 40], 1],
    [[1, 2, 3, 4], [40, 30, 20, 10], -1],
    // x̄ = ȳ = 2.5; Σdxdy = 0.75 − 0.75 − 0.75 + 0.75 = 0 → no linear relation
    [[1, 2, 3, 4], [2, 4, 1, 3], 0],
  ])("r(%j, %j) ≈ %d", (xs, ys, expected) => {
    expect(pearson(xs, ys)).toBeCloseTo(expected, 4);
  });

  it.each([
    ["fewer than 3 points", [1, 2], [3, 4]],
    ["a constant series", [5, 5, 5], [1, 2, 3]],
    ["series of different lengths", [1, 2, 3], [1, 2]],
  ])("is null for %s", (_, xs, ys) => {
    expect(pearson(xs, ys)).toBeNull();
  });
});
