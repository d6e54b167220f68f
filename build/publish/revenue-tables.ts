/**
 * The records of the revenue downloads (#27): one row per market with its model and errors, and one per
 * licensed brand with its share, estimate and interval, flat so that CSV and Parquet need no nesting.
 * @module
 */
import type { EngineContext } from "../query/endpoint.ts";
/** One NDJSON line, as download-tables.ts types it (not imported: that module imports this one). */
type DownloadRecord = Record<string, unknown>;

/** One row per market (country, regulator, vertical): the calibration, the model and its errors. */
export function revenueModelRecords(context: EngineContext): DownloadRecord[] {
  return context.dataset.calibration.map((entry) => ({
    country: entry.country,
    regulator_code: entry.regulator_code,
    vertical: entry.vertical,
    currency: entry.currency,
    periods: entry.model.periods,
    fit_periods: entry.model.fit_periods,
    hold_out_periods: entry.model.hold_out_periods,
    ggr_per_demand: entry.model.ggr_per_demand,
    correlation: entry.model.correlation,
    correlation_low: entry.model.correlation_low,
    correlation_high: entry.model.correlation_high,
    in_sample_error: entry.model.in_sample_error,
    hold_out_error: entry.model.hold_out_error,
    estimate_period: entry.estimate_period,
    estimate_ggr: entry.estimate_ggr,
    share_from: entry.share_from,
    share_to: entry.share_to,
    share_months: entry.share_months,
    licensed_brands: entry.licensed_brands,
    estimate_status: entry.estimate_status,
    estimate_reason: entry.estimate_reason,
  }));
}

/** One row per market and licensed brand: its lagged share and, where the model publishes them, the revenue figures. */
export function revenueEstimateRecords(context: EngineContext): DownloadRecord[] {
  return context.dataset.calibration.flatMap((entry) =>
    entry.estimates.map((estimate) => ({
      country: entry.country,
      regulator_code: entry.regulator_code,
      vertical: entry.vertical,
      period: entry.estimate_period,
      currency: entry.currency,
      brand: estimate.brand,
      share: estimate.share,
      revenue_estimate: estimate.revenue_estimate,
      revenue_low: estimate.revenue_low,
      revenue_high: estimate.revenue_high,
    })),
  );
}
