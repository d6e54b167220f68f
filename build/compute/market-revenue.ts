/**
 * A market's revenue model and brand estimates (#27), from its GGR series, the demand index and the
 * licenses: the licensed brands' demand per period, the model fitted on it, and the latest period's GGR
 * split among the brands licensed for it.
 * @module
 */
import { compareStrings } from "./compare.ts";
import { licensedBrandsOf, type LicenseTerms } from "./licensed-brands.ts";
import type { Brand, GroundTruth, Regulator } from "../load/schemas.ts";
import { fitRevenueModel, type EstimateStatus, type ModelPoint, type RevenueModel } from "./revenue-model.ts";
import {
  laggedShares,
  licensedDemandOf,
  SHARE_LAG_MONTHS,
  splitRevenue,
  type BrandEstimate,
  type VolumeOf,
} from "./revenue-estimates.ts";
import { laggedWindowOf, lastMonthOf, monthsOfPeriod } from "../shared/ggr-periods.ts";

/** What the licensed-only split reads besides GGR and demand. */
export interface Licensing {
  licenses: readonly LicenseTerms[];
  regulators: readonly Pick<Regulator, "code" | "verticals">[];
  brands: readonly Pick<Brand, "slug" | "verticals">[];
}

/** A brand's estimate as published: the split, plus its published sod in the period's last month. */
export interface PublishedEstimate extends BrandEstimate {
  /** The brand's sod among all tracked brands in the estimated period's last month; null when not measured. */
  sod: number | null;
}

export interface MarketRevenue {
  model: RevenueModel;
  /** The period whose GGR is split: the latest with licensed demand in each month; null when none. */
  estimate_period: string | null;
  estimate_ggr: number | null;
  /** The window the shares are taken over, and how many of its months had every licensed brand measured. */
  share_from: string | null;
  share_to: string | null;
  share_months: number;
  /** Brands licensed for the market's vertical in some month of the estimated period, with demand rows in the window. */
  licensed_brands: number;
  estimate_status: EstimateStatus;
  /** Why there are no revenue figures, in a sentence; null when there are. */
  estimate_reason: string | null;
  estimates: PublishedEstimate[];
}

const REASONS: Record<EstimateStatus, string | null> = {
  published: null,
  too_few_periods:
    "Too few periods: the model needs 3 periods to fit and 1 more to test, each with licensed demand in every month.",
  weak_fit:
    "The fit is too weak: the 95% interval of r reaches 0, or the model misses the held-out GGR by more than 25% on average.",
  no_licensed_demand: "No brand licensed for this vertical by this regulator has measured demand in the window.",
};

/**
 * A demand index value as the split reads it: a null volume and sod are a missing measurement (an
 * outage, #27), which the split and the model treat as unknown, never as 0.
 */
export interface MeasuredValue {
  brand: string;
  period: string;
  volume: number | null;
  sod: number | null;
}

/** The volume lookup of one country: absent pairs were not tracked, null volumes are outages. */
function volumesOf(index: readonly MeasuredValue[]): VolumeOf {
  const volumes = new Map<string, number | null>(
    index.map((value) => [`${value.brand}|${value.period}`, value.volume]),
  );
  return (brand, month) => volumes.get(`${brand}|${month}`);
}

/** The model and estimates of one market; `rows` are its GGR periods ordered by end, `index` its country's values. */
export function computeMarketRevenue(
  rows: readonly GroundTruth[],
  index: readonly MeasuredValue[],
  licensing: Licensing,
): MarketRevenue {
  const first = rows[0]!;
  const licensedIn = licensedBrandsOf(first, licensing.licenses, licensing.regulators, licensing.brands);
  const volumeOf = volumesOf(index);
  const points: ModelPoint[] = rows.flatMap((row) => {
    const demand = licensedDemandOf(row.period, licensedIn, volumeOf);
    return demand === null ? [] : [{ period: row.period, ggr: row.ggr, demand }];
  });
  const model = fitRevenueModel(points);
  const latest = points.at(-1);
  if (latest === undefined) return emptyRevenue(model);
  // Licensed brands with a demand row in the window: one never tracked there has unknown demand, not none.
  const window = laggedWindowOf(latest.period, SHARE_LAG_MONTHS);
  const brands = [...new Set(monthsOfPeriod(latest.period).flatMap((month) => [...licensedIn(month)]))]
    .filter((brand) => window.some((month) => volumeOf(brand, month) !== undefined))
    .sort(compareStrings);
  const shares = laggedShares(latest.period, brands, volumeOf);
  const status: EstimateStatus = shares.months.length === 0 ? "no_licensed_demand" : model.status;
  const sodOf = new Map(
    index.filter((value) => value.period === lastMonthOf(latest.period)).map((value) => [value.brand, value.sod]),
  );
  return {
    model,
    estimate_period: latest.period,
    estimate_ggr: latest.ggr,
    share_from: shares.months[0] ?? null,
    share_to: shares.months.at(-1) ?? null,
    share_months: shares.months.length,
    licensed_brands: brands.length,
    estimate_status: status,
    estimate_reason: REASONS[status],
    estimates: splitRevenue(shares, latest.ggr, status === "published" ? model.hold_out_error : null).map(
      ({ brand, revenue_estimate, ...rest }) => ({ brand, sod: sodOf.get(brand) ?? null, revenue_estimate, ...rest }),
    ),
  };
}

/** A market with no estimate period: its model and empty estimates, with the reason. */
export function emptyRevenue(model: RevenueModel): MarketRevenue {
  const status: EstimateStatus = model.periods === 0 ? "no_licensed_demand" : model.status;
  return {
    model,
    estimate_period: null,
    estimate_ggr: null,
    share_from: null,
    share_to: null,
    share_months: 0,
    licensed_brands: 0,
    estimate_status: status,
    estimate_reason: REASONS[status],
    estimates: [],
  };
}
