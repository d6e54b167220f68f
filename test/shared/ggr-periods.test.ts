import { describe, expect, it } from "vitest";
import { addMonths, laggedWindowOf, lastMonthOf, monthsOfPeriod } from "../../build/shared/ggr-periods.ts";

describe("monthsOfPeriod and lastMonthOf", () => {
  it.each([
    ["2026-03", ["2026-03"]],
    ["2026-Q2", ["2026-04", "2026-05", "2026-06"]],
    ["2025-H2", ["2025-07", "2025-08", "2025-09", "2025-10", "2025-11", "2025-12"]],
  ])("%s covers %j", (period, months) => {
    expect(monthsOfPeriod(period)).toEqual(months);
    expect(lastMonthOf(period)).toBe(months.at(-1));
  });
});

describe("addMonths", () => {
  it.each([
    ["2026-03", 2, "2026-05"],
    ["2026-01", -1, "2025-12"],
    ["2025-11", 14, "2027-01"],
    ["2026-02", -14, "2024-12"],
  ])("%s + %i = %s", (month, count, expected) => {
    expect(addMonths(month, count)).toBe(expected);
  });
});

describe("laggedWindowOf", () => {
  it("is the period's months and the lag months before it", () => {
    expect(laggedWindowOf("2026-01", 2)).toEqual(["2025-11", "2025-12", "2026-01"]);
    expect(laggedWindowOf("2025-Q2", 2)).toEqual(["2025-02", "2025-03", "2025-04", "2025-05", "2025-06"]);
    expect(laggedWindowOf("2025", 2)).toHaveLength(14);
  });
});
