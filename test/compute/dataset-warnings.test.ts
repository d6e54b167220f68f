import { describe, expect, it } from "vitest";
import type { CalibrationEntry } from "../../build/compute/calibration.ts";
import {
  findDatasetWarnings,
  MIN_CALIBRATION_CORRELATION,
  MIN_CALIBRATION_PERIODS,
  MIN_FIGURE_RECORDS,
} from "../../build/compute/dataset-warnings.ts";
import type { Dataset } from "../../build/compute/dataset.ts";
import { emptyRevenue } from "../../build/compute/market-revenue.ts";
import { fitRevenueModel } from "../../build/compute/revenue-model.ts";

const calibration = (country: string, months: number, correlation: number | null): CalibrationEntry => ({
  country,
  regulator_code: "REG",
  vertical: "total",
  currency: "EUR",
  months,
  correlation,
  latest_period: null,
  latest_ggr: null,
  ...emptyRevenue(fitRevenueModel([])),
});
const value = (brand: string, country: string, period: string) => ({
  brand,
  country,
  period,
  volume: 10,
  sod: 50,
  adi: 100,
});
const country = (code: string, freshness: string | null) =>
  ({ code, name: code, trust_tier: 1, active: true, freshness, coverage: {} }) as Dataset["countries"][number];
const provider = (slug: string, games_count: number) =>
  ({ slug, games_count }) as unknown as Dataset["providerRanks"][number];

const empty = { calibration: [], index: [], countries: [], providerRanks: [] };

describe("findDatasetWarnings", () => {
  it("uses the thresholds the messages name", () => {
    expect([MIN_FIGURE_RECORDS, MIN_CALIBRATION_PERIODS, MIN_CALIBRATION_CORRELATION]).toEqual([3, 3, 0.5]);
  });

  it("warns of a calibration on too few periods, without a correlation, or below the correlation threshold", () => {
    const warnings = findDatasetWarnings({
      ...empty,
      calibration: [
        calibration("AA", 2, null),
        calibration("BB", 3, null),
        calibration("CC", 12, 0.4999),
        calibration("DD", 3, 0.5), // at the threshold: strong enough
      ],
    });
    expect(warnings.map((warning) => [warning.code, warning.message.split(":")[0]])).toEqual([
      [
        "weak_calibration",
        "The calibration of AA (REG, total) rests on 2 periods with both GGR and demand, fewer than 3",
      ],
      ["weak_calibration", "The calibration of BB (REG, total) has a constant demand or GGR series, so no correlation"],
      [
        "weak_calibration",
        "The calibration of CC (REG, total) has a correlation of demand with GGR of 0.4999, below 0.5",
      ],
    ]);
    expect(warnings[0]?.message).toContain("in build/compute/dataset-warnings.ts");
  });

  it("warns of a market whose latest month's shares rest on fewer than 3 brands, and says where 3 is set", () => {
    const warnings = findDatasetWarnings({
      ...empty,
      // GB: 3 brands in its latest month (2 in the month before: not looked at); DE: 2; FR: no data.
      index: [
        value("a", "GB", "2025-01"),
        value("b", "GB", "2025-01"),
        value("a", "GB", "2025-02"),
        value("b", "GB", "2025-02"),
        value("c", "GB", "2025-02"),
        value("a", "DE", "2025-02"),
        value("b", "DE", "2025-02"),
      ],
      countries: [country("DE", "2025-02"), country("FR", null), country("GB", "2025-02")],
    });
    expect(warnings.map((warning) => warning.message)).toEqual([
      "The demand shares (sod, adi) of DE in 2025-02 are computed over 2 brands, fewer than 3 (MIN_FIGURE_RECORDS in build/compute/dataset-warnings.ts)",
    ]);
  });

  it("warns of a provider with 1 or 2 games, not one with none or 3", () => {
    const warnings = findDatasetWarnings({
      ...empty,
      providerRanks: [provider("none", 0), provider("one", 1), provider("two", 2), provider("three", 3)],
    });
    expect(warnings.map((warning) => warning.message.split(",")[0])).toEqual([
      "The rank and rtp_avg of provider one are computed over 1 game",
      "The rank and rtp_avg of provider two are computed over 2 games",
    ]);
  });
});
