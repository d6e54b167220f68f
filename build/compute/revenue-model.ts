/**
 * The revenue model of a market (#27): GGR ≈ k × licensed search demand, k the GGR per unit of search
 * demand, fitted on all but the latest periods and scored on those held out, with the rule that decides
 * whether the fit is strong enough to publish revenue estimates on.
 * @module
 */
import { pearson } from "./correlation.ts";
import { round4 } from "./numbers.ts";
import type { z } from "zod";
import type { revenueModel } from "../response-schemas/dataset-markets.ts";

/** Periods a model needs: 3 to fit k on and at least 1 to test it on. */
export const MIN_FIT_PERIODS = 3;
/** The latest quarter of the periods (rounded up, at least 1) is held out. */
export const HOLD_OUT_SHARE = 0.25;
/** No estimates when the model misses the held-out GGR by more than this, in percent on average. */
export const MAX_HOLD_OUT_ERROR = 25;
/** z of a two-sided 95% interval, for the confidence interval of r. */
const Z_95 = 1.959964;

/** One reporting period of a market: its GGR and the licensed brands' demand over its months. */
export interface ModelPoint {
  period: string;
  ggr: number;
  demand: number;
}

/** A market's revenue model: k, its correlation and errors, and whether estimates are published (the response schema's type). */
export type RevenueModel = z.infer<typeof revenueModel>;

/** Why a market gets no revenue estimates; `published` when it gets them. */
export type EstimateStatus = RevenueModel["status"];

/** Periods held out of `count`: the latest quarter, rounded up, at least 1. */
export function holdOutCount(count: number): number {
  return Math.max(1, Math.ceil(count * HOLD_OUT_SHARE));
}

/** Mean absolute percentage error of `k × demand` against GGR, unrounded; null without points or with a GGR of 0. */
export function meanAbsolutePercentError(points: readonly ModelPoint[], k: number): number | null {
  if (points.length === 0 || points.some((point) => point.ggr <= 0)) return null;
  return (
    (points.reduce((sum, point) => sum + Math.abs(k * point.demand - point.ggr) / point.ggr, 0) / points.length) * 100
  );
}

/**
 * The 95% confidence interval of Pearson's r over `n` points by Fisher's z transformation: tanh(atanh(r) ±
 * 1.96 / √(n − 3)); null below 4 points, where the transformation has no standard error.
 */
export function correlationInterval(r: number, n: number): [number, number] | null {
  if (n < 4) return null;
  const z = Math.atanh(Math.max(-0.999999, Math.min(0.999999, r)));
  const spread = Z_95 / Math.sqrt(n - 3);
  return [Math.tanh(z - spread), Math.tanh(z + spread)];
}

const round = (value: number | null): number | null => (value === null ? null : round4(value));

/**
 * Fits the model on `points` (ordered by period end). The fit is too weak to publish estimates on when
 * r's 95% interval reaches 0 (demand might not follow revenue at all) or the hold-out error is above
 * {@link MAX_HOLD_OUT_ERROR}%; too short below {@link MIN_FIT_PERIODS} fit periods and one held out.
 */
export function fitRevenueModel(points: readonly ModelPoint[]): RevenueModel {
  const holdOut = holdOutCount(points.length);
  const fit = points.slice(0, Math.max(0, points.length - holdOut));
  const held = points.slice(fit.length);
  const demand = fit.reduce((sum, point) => sum + point.demand, 0);
  const k = fit.length > 0 && demand > 0 ? fit.reduce((sum, point) => sum + point.ggr, 0) / demand : null;
  const r = pearson(
    points.map((point) => point.demand),
    points.map((point) => point.ggr),
  );
  const interval = r === null ? null : correlationInterval(r, points.length);
  const inSample = k === null ? null : meanAbsolutePercentError(fit, k);
  const holdOutError = k === null ? null : meanAbsolutePercentError(held, k);
  const tooShort = fit.length < MIN_FIT_PERIODS || k === null;
  const weak = interval === null || interval[0] <= 0 || holdOutError === null || holdOutError > MAX_HOLD_OUT_ERROR;
  return {
    periods: points.length,
    fit_periods: fit.length,
    hold_out_periods: held.length,
    ggr_per_demand: round(k),
    correlation: round(r),
    correlation_low: round(interval?.[0] ?? null),
    correlation_high: round(interval?.[1] ?? null),
    in_sample_error: round(inSample),
    hold_out_error: round(holdOutError),
    status: tooShort ? "too_few_periods" : weak ? "weak_fit" : "published",
  };
}
