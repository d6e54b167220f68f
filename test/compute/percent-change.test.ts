import { describe, expect, it } from "vitest";
import { percentChange } from "../../build/compute/percent-change.ts";

describe("percentChange", () => {
  it.each([
    [200, 250, 25], // (250 − 200) / 200 × 100
    [200, 150, -25],
    [300, 400, 33.3333], // 100 / 300 × 100 = 33.33333…
    [3, 1, -66.6667], // −2 / 3 × 100 = −66.66666…
    [500, 0, -100], // a brand whose volume dropped to zero
    [0, 0, 0], // nothing before, nothing now: no change
    [0, 40, null], // growth from nothing has no percentage
    [7, 7, 0],
  ])("previous %d, current %d → %s", (previous, current, expected) => {
    expect(percentChange(previous, current)).toBe(expected);
  });
});
