/**
 * Response schemas of the market data: `/countries`, `/index`, `/trending`, `/momentum`,
 * `/ground-truth` and `/tc-alerts`.
 * @module
 */
import { z } from "zod";
import { EXCLUSION_REASONS, MIN_PAST_CHANGES, MOMENTUM_DIRECTIONS } from "./vocabularies.ts";
import { countrySchema, groundTruthSchema, regulatorSchema, tcAlertSchema } from "../load/schemas.ts";
import { VERTICALS } from "../load/verticals.ts";
import { envelopeOf, LIMIT_META, pageOf } from "./envelope.ts";
import { count, countryCode, orderEcho, percentChange, period, score100, slug, sortEcho } from "./primitives.ts";

/** A market with its demand-data coverage (component `Country`). */
export const countryItem = countrySchema
  .extend({
    code: countrySchema.shape.code.describe("ISO 3166-1 alpha-2 country code"),
    coverage: z
      .strictObject({
        periods: count.describe("Dataset periods in which the market has demand data"),
        share_pct: score100.describe("periods / all dataset periods × 100, 4 decimals"),
        brands: count.describe("Distinct brands with at least one demand row in the market"),
      })
      .describe("How much demand data the market has"),
    freshness: period.nullable().describe("The latest period with demand data; null when it has none"),
  })
  .meta({ id: "Country", description: "A market with its demand-data coverage" });

/** Texts of the fields several market answers share (issue 28: the data dictionary reads them too). */
const brandRef = slug.describe("Slug of the brand (a key of /brands)");
const brandName = z.string().describe("Display name of the brand");
const market = countryCode.describe("The market: ISO 3166-1 alpha-2 country code");
const month = period.describe("The month, YYYY-MM");
const previousPeriod = period.describe("The earlier of the two periods compared, YYYY-MM");
const currentPeriod = period.describe("The later of the two periods compared, YYYY-MM");

/** One index value of a brand in a country and month (component `IndexValue`). */
export const indexValue = z
  .strictObject({
    brand: brandRef,
    country: market,
    period: month,
    vertical: z
      .enum(VERTICALS)
      .optional()
      .describe("With the vertical filter: the vertical the value is computed within; absent: over all verticals"),
    metric: z.enum(["adi", "sod"]).describe("sod: share of demand, %; adi: the market leader = 100"),
    value: score100
      .nullable()
      .describe("4 decimals; null when the brand was tracked but not measured that month (an outage)"),
  })
  .meta({ id: "IndexValue", description: "One index value of a brand in a country and month" });

const growth = percentChange
  .nullable()
  .describe("(current − previous) / previous × 100, 4 decimals; null when previous is 0 and current is not");

/** A brand's demand growth between the last two periods (component `TrendingEntry`). */
export const trendingEntry = z
  .strictObject({
    brand: brandRef,
    name: brandName,
    country: countryCode.nullable().describe("The market; null for the brand's total across every country"),
    previous_period: previousPeriod,
    current_period: currentPeriod,
    previous: count.describe("Search volume in the previous period"),
    current: count.describe("Search volume in the current period"),
    growth_pct: growth,
  })
  .meta({ id: "TrendingEntry", description: "A brand's demand growth between the last two periods" });

/** The period-over-period change of a brand in a country (component `MomentumEntry`). */
export const momentumEntry = z
  .strictObject({
    brand: brandRef,
    name: brandName,
    country: market,
    previous: count.describe("Search volume in the previous period"),
    volume: count.describe("Search volume in the current period"),
    wow_pct: growth,
    change_3m_pct: percentChange
      .nullable()
      .describe(
        "(volume − volume 3 months before) / volume 3 months before × 100, 4 decimals; null unless that month was measured and above 0",
      ),
    yoy_pct: percentChange
      .nullable()
      .describe(
        "Year over year: (volume − volume 12 months before) / volume 12 months before × 100, 4 decimals; null unless that month was measured and above 0",
      ),
    direction: z
      .enum(MOMENTUM_DIRECTIONS)
      .describe(
        "up when wow_pct ≥ flat_band, down when wow_pct ≤ −flat_band, flat between; a start from a measured zero is up",
      ),
    flat_band: z
      .number()
      .min(0)
      .describe(
        "The flat band of the pair's market, percent: 2 × 1.4826 × the median absolute deviation of its past changes",
      ),
  })
  .meta({ id: "MomentumEntry", description: "The period-over-period change of a brand in a country" });

const lastTwoPeriods = {
  previous_period: period.nullable().describe("The dataset's second-to-last period"),
  current_period: period.nullable().describe("The dataset's last period"),
};

const errorPct = z.number().min(0).nullable();

/** GGR ≈ k × licensed demand, fitted on all but the latest periods (component `RevenueModel`). */
export const revenueModel = z
  .strictObject({
    periods: count.describe("Periods with GGR and the licensed brands' demand measured in each of their months"),
    fit_periods: count.describe("The earlier periods, which k is fitted on"),
    hold_out_periods: count.describe("The latest quarter of the periods (at least 1), held out to measure the error"),
    ggr_per_demand: z
      .number()
      .min(0)
      .nullable()
      .describe("k: GGR per unit of licensed search demand over the fit periods, 4 decimals"),
    correlation: z.number().min(-1).max(1).nullable().describe("Pearson's r of licensed demand and GGR, every period"),
    correlation_low: z.number().min(-1).max(1).nullable().describe("Lower end of r's 95% interval (Fisher z)"),
    correlation_high: z.number().min(-1).max(1).nullable().describe("Upper end of r's 95% interval"),
    in_sample_error: errorPct.describe("Mean absolute % error of k × demand against GGR over the fit periods"),
    hold_out_error: errorPct.describe("The same over the held-out periods; above 25 no estimate is published"),
    status: z.enum(["published", "too_few_periods", "weak_fit", "no_licensed_demand"]),
  })
  .meta({ id: "RevenueModel", description: "GGR per unit of licensed search demand, with its errors" });

/** A brand's share of a market's licensed demand and the revenue it implies (component `RevenueEstimate`). */
export const revenueEstimate = z
  .strictObject({
    brand: slug,
    sod: score100.nullable().describe("The brand's sod among all tracked brands in the period's last month"),
    revenue_estimate: z
      .number()
      .min(0)
      .nullable()
      .describe("share × GGR / 100 in the market's currency, 2 decimals; null where the model publishes none"),
    share: score100.describe("% of the licensed brands' demand over the lagged window, 4 decimals"),
    revenue_low: z.number().min(0).nullable().describe("GGR × lowest monthly share × (1 − hold-out error)"),
    revenue_high: z.number().min(0).nullable().describe("GGR × highest monthly share × (1 + hold-out error)"),
  })
  .meta({ id: "RevenueEstimate", description: "A licensed brand's share of demand and the revenue it implies" });
/** A brand × country pair left out of trending and momentum (#27), with the reason. */
const excludedPairs = z
  .array(
    z.strictObject({
      brand: slug,
      country: countryCode,
      reason: z
        .enum(EXCLUSION_REASONS)
        .describe("outage: tracked but not measured in that period; not_tracked: no demand row in that period"),
      period,
    }),
  )
  .describe("Pairs with a demand row in either period but no measured volume in both (of the requested countries)");

/** How well tracked demand follows regulator-published revenue in one market (component `Calibration`). */
export const calibrationEntry = z
  .strictObject({
    country: countryCode,
    regulator_code: regulatorSchema.shape.code,
    vertical: groundTruthSchema.shape.vertical,
    currency: groundTruthSchema.shape.currency,
    months: count.describe(
      "Reporting periods (months, quarters, half-years or years) with GGR and tracked demand in each of their months",
    ),
    correlation: z
      .number()
      .min(-1)
      .max(1)
      .nullable()
      .describe(
        "Pearson's r between monthly tracked demand and GGR, 4 decimals; null below 3 months or for a constant series",
      ),
    latest_period: groundTruthSchema.shape.period.nullable().describe("The latest reporting period with GGR"),
    latest_ggr: z.number().min(0).nullable().describe("GGR of that period, in the currency's units"),
    model: revenueModel,
    estimate_period: groundTruthSchema.shape.period
      .nullable()
      .describe("The period whose GGR the estimates split: the latest with licensed demand in each month"),
    estimate_ggr: z.number().min(0).nullable().describe("GGR of the estimate period, in the currency's units"),
    share_from: period.nullable().describe("First month of the lagged share's window (the period and 2 months before)"),
    share_to: period.nullable().describe("Last month of that window"),
    share_months: count.describe("Window months with every licensed brand measured, which the shares rest on"),
    licensed_brands: count.describe(
      "Brands with an active license from the regulator for the vertical in some month of the estimated period",
    ),
    estimate_status: z
      .enum(["published", "too_few_periods", "weak_fit", "no_licensed_demand"])
      .describe("published, or why the revenue figures are null"),
    estimate_reason: z
      .string()
      .nullable()
      .describe("Why the revenue figures are null, in a sentence; null when published"),
    estimates: z.array(revenueEstimate).describe("One per licensed brand, by share descending, then brand"),
  })
  .meta({
    id: "Calibration",
    description: "How well tracked demand follows regulator-published revenue in one market",
  });

/** Regulator-published gross gaming revenue of a market and month (component `GroundTruth`). */
export const groundTruthRow = groundTruthSchema
  .extend({
    demand_total: count
      .nullable()
      .describe("Tracked demand in that market over the period's months; null unless each has demand data"),
  })
  .meta({ id: "GroundTruth", description: "Regulator-published gross gaming revenue of a market and month" });

/** A detected change of a brand's terms, withdrawal or responsible-gambling page (component `TcAlert`). */
export const tcAlertItem = tcAlertSchema
  .extend({ detected_at: tcAlertSchema.shape.detected_at.describe("When the change was detected (ISO 8601)") })
  .meta({
    id: "TcAlert",
    description: "A detected change of a brand's terms, withdrawal or responsible-gambling page",
  });

/** The 200 body of `/countries` (component `CountriesResponse`). */
export const countriesResponse = envelopeOf(z.array(countryItem), {
  periods: count.describe("Months in the dataset"),
}).meta({ id: "CountriesResponse" });
/** The 200 body of `/index` (component `IndexResponse`). */
export const indexResponse = envelopeOf(
  z.array(indexValue).describe("Ordered by brand, country, period, vertical (with the vertical filter), metric"),
).meta({ id: "IndexResponse" });
/** Measured demand of a market, month and vertical (component `MarketDemand`). */
export const marketDemandItem = z
  .strictObject({
    country: market,
    period: month,
    vertical: z
      .enum([...VERTICALS, "total"])
      .describe("The vertical; total: all verticals (the all-verticals index, as ground truth names a whole market)"),
    demand_total: count
      .nullable()
      .describe("The sum of the measured brands' monthly search volumes; null when no brand was measured"),
    brands_measured: count.describe("Brands tracked and measured there that month (a measured 0 counts)"),
    brands_missing: count.describe(
      "Brands tracked there that month but not measured (an outage); brands not tracked count in neither",
    ),
  })
  .meta({ id: "MarketDemand", description: "Measured demand of a market, month and vertical" });

/** The 200 body of `/market-demand` (component `MarketDemandResponse`). */
export const marketDemandResponse = envelopeOf(
  z.array(marketDemandItem).describe("Ordered by country, period, vertical"),
).meta({ id: "MarketDemandResponse" });
/** The 200 body of `/trending` (component `TrendingResponse`). */
export const trendingResponse = envelopeOf(z.array(trendingEntry), {
  ...lastTwoPeriods,
  excluded: excludedPairs,
  ...LIMIT_META,
}).meta({
  id: "TrendingResponse",
});
/** The 200 body of `/momentum` (component `MomentumResponse`). */
export const momentumResponse = envelopeOf(z.array(momentumEntry), {
  ...lastTwoPeriods,
  flat_band: z
    .number()
    .min(0)
    .describe(
      `The band of all markets' past changes pooled, percent: the band of a market with fewer than ${MIN_PAST_CHANGES} of its own`,
    ),
  excluded: excludedPairs,
  sort: sortEcho,
  order: orderEcho,
  ...LIMIT_META,
}).meta({ id: "MomentumResponse" });
/** The 200 body of `/ground-truth` (component `GroundTruthResponse`). */
export const groundTruthResponse = envelopeOf(z.array(groundTruthRow), { calibration: z.array(calibrationEntry) }).meta(
  { id: "GroundTruthResponse" },
);
/** The 200 body of `/tc-alerts` (component `TcAlertsResponse`). */
export const tcAlertsResponse = pageOf(tcAlertItem).meta({ id: "TcAlertsResponse" });
