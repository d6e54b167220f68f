import { describe, expect, it } from "vitest";
import { addMonths, periodEndDate, periodOf, yearsBetween } from "../../build/compute/periods.ts";
import { utcDateOf } from "../../build/shared/utc-date.ts";

describe("periodEndDate", () => {
  it.each([
    ["2024-01", "2024-01-31"],
    ["2024-02", "2024-02-29"], // leap year
    ["2023-02", "2023-02-28"],
    ["2100-02", "2100-02-28"], // divisible by 100, not by 400: not a leap year
    ["2000-02", "2000-02-29"],
    ["2024-04", "2024-04-30"],
    ["2024-12", "2024-12-31"],
  ])("%s ends on %s", (period, end) => {
    expect(periodEndDate(period)).toBe(end);
  });
});

describe("addMonths", () => {
  it.each([
    ["2024-05", 0, "2024-05"],
    ["2024-05", 1, "2024-06"],
    ["2024-12", 1, "2025-01"],
    ["2024-01", -1, "2023-12"],
    ["2024-12", -11, "2024-01"], // the 12-month window of the transparency component
    ["2024-05", -11, "2023-06"],
    ["2024-03", 24, "2026-03"],
    ["2024-03", -27, "2021-12"],
  ])("%s %+d months is %s", (period, months, expected) => {
    expect(addMonths(period, months)).toBe(expected);
  });
});

describe("periodOf", () => {
  it.each([
    ["2024-05-17", "2024-05"],
    ["2024-05-17T23:59:59Z", "2024-05"],
    ["2024-05-31T22:00:00-05:00", "2024-06"], // 2024-06-01T03:00Z
    ["2024-06-01T01:00:00+02:00", "2024-05"], // 2024-05-31T23:00Z
    ["2024-05-31T23:59:59.999999-00:30", "2024-06"],
  ])("%s is in %s", (date, period) => {
    expect(periodOf(date)).toBe(period);
  });
});

describe("utcDateOf", () => {
  it.each([
    ["2026-11-01", "2026-11-01"],
    ["2026-11-01T00:00:00Z", "2026-11-01"],
    ["2026-10-31T19:00:00-05:00", "2026-11-01"], // the same instant as the line above
    ["2026-11-01T01:30:00+02:00", "2026-10-31"],
    ["2024-02-29T23:30:00.5Z", "2024-02-29"],
  ])("%s falls on %s (UTC)", (date, day) => {
    expect(utcDateOf(date)).toBe(day);
  });
});

describe("yearsBetween", () => {
  it("counts days / 365.25", () => {
    // 2015-01-01 → 2025-01-01 is 3653 days (leap days of 2016, 2020, 2024): 3653 / 365.25 = 10.00137
    expect(yearsBetween("2015-01-01", "2025-01-01")).toBeCloseTo(3653 / 365.25, 12);
    // 2024-01-01 → 2024-07-02 is 183 days
    expect(yearsBetween("2024-01-01", "2024-07-02")).toBeCloseTo(183 / 365.25, 12);
  });

  it("reads only the date part of a date-time", () => {
    expect(yearsBetween("2020-01-01T23:00:00Z", "2021-01-01T01:00:00Z")).toBeCloseTo(366 / 365.25, 12);
  });

  it("is 0 when the end is before the start, or equal to it", () => {
    expect(yearsBetween("2025-01-01", "2024-01-01")).toBe(0);
    expect(yearsBetween("2025-01-01", "2025-01-01")).toBe(0);
  });
});
