import { describe, expect, it } from "vitest";
import { checkGgrPeriodOverlaps } from "../../build/load/check-ggr-periods.ts";
import { checkSeedRules } from "../../build/load/check-seed-rules.ts";
import type { LocatedRecord } from "../../build/load/validate-records.ts";

const row = (line: number, period: string, vertical = "total", file = "s/gt.csv"): LocatedRecord => ({
  file,
  location: `line ${line}`,
  value: { country: "GB", regulator_code: "UKGC", vertical, period, ggr: 1, currency: "GBP" },
});

describe("checkGgrPeriodOverlaps (#26)", () => {
  it("refuses a quarter beside one of its months, naming both and the series", () => {
    expect(checkGgrPeriodOverlaps([row(2, "2024-11"), row(3, "2024-Q4")])).toEqual([
      {
        file: "s/gt.csv",
        record: "line 3",
        field: "period",
        message:
          "2024-Q4 overlaps 2024-11 (line 2) in the GB UKGC total series: give each month once, by month, quarter, half-year or year",
      },
    ]);
  });

  it("refuses a year beside a half-year given before it in another file, naming that file", () => {
    const problems = checkGgrPeriodOverlaps([row(2, "2024-H2", "total", "s/a.csv"), row(5, "2024")]);
    expect(problems.map((problem) => problem.message)).toEqual([
      "2024 overlaps 2024-H2 (s/a.csv › line 2) in the GB UKGC total series: give each month once, by month, quarter, half-year or year",
    ]);
  });

  it.each([
    ["consecutive quarters and the months after them", ["2024-Q1", "2024-Q2", "2024-H2"]],
    ["a year, then months of the next", ["2023", "2024-01", "2024-02"]],
    ["the same period twice (the duplicate-key check's)", ["2024-Q1", "2024-Q1"]],
  ])("accepts %s", (_case, periods) => {
    expect(checkGgrPeriodOverlaps(periods.map((period, i) => row(i + 2, period)))).toEqual([]);
  });

  it("lets series of another vertical cover the same months", () => {
    expect(
      checkGgrPeriodOverlaps([row(2, "2024-Q4", "casino"), row(3, "2024-10", "sportsbook"), row(4, "2024")]),
    ).toEqual([]);
  });

  it("is one of the seed rules", () => {
    expect(
      checkSeedRules({ groundTruth: [row(2, "2024"), row(3, "2024-06")] }).map((problem) => problem.field),
    ).toEqual(["period"]);
  });
});
