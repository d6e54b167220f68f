/**
 * Response schemas of the market data: `/countries`, `/index`, `/trending`, `/momentum`,
 * `/ground-truth` and `/tc-alerts`.
 * @module
 */
import { z } from "zod";
import { countrySchema, groundTruthSchema, regulatorSchema, tcAlertSchema } from "../load/schemas.ts";
import { envelopeOf, LIMIT_META, pageOf } from "./envelope.ts";
import { count, countryCode, orderEcho, percentChange, period, score100, slug, sortEcho } from "./primitives.ts";
import { MOMENTUM_DIRECTIONS } from "./vocabularies.ts";

/** A market with its demand-data coverage (component `Country`). */
export const countryItem = countrySchema
  .extend({
    coverage: z.strictObject({
      periods: count.describe("Dataset periods in which the market has demand data"),
      share_pct: score100.describe("periods / all dataset periods × 100, 4 decimals"),
      brands: count.describe("Distinct brands with at least one demand row in the market"),
    }),
    freshness: period.nullable().describe("The latest period with demand data; null when it has none"),
  })
  .meta({ id: "Country", description: "A market with its demand-data coverage" });

/** One index value of a brand in a country and month (component `IndexValue`). */
export const indexValue = z
  .strictObject({
    brand: slug,
    country: countryCode,
    period,
    metric: z.enum(["adi", "sod"]).describe("sod: share of demand, %; adi: the market leader = 100"),
    value: score100.describe("4 decimals"),
  })
  .meta({ id: "IndexValue", description: "One index value of a brand in a country and month" });

const growth = percentChange
  .nullable()
  .describe("(current − previous) / previous × 100, 4 decimals; null when previous is 0 and current is not");

/** A brand's demand growth between the last two periods (component `TrendingEntry`). */
export const trendingEntry = z
  .strictObject({
    brand: slug,
    name: z.string(),
    country: countryCode.nullable().describe("The market; null for the brand's total across every country"),
    previous_period: period,
    current_period: period,
    previous: count.describe("Search volume in the previous period"),
    current: count.describe("Search volume in the current period"),
    growth_pct: growth,
  })
  .meta({ id: "TrendingEntry", description: "A brand's demand growth between the last two periods" });

/** The period-over-period change of a brand in a country (component `MomentumEntry`). */
export const momentumEntry = z
  .strictObject({
    brand: slug,
    name: z.string(),
    country: countryCode,
    previous: count.describe("Search volume in the previous period"),
    volume: count.describe("Search volume in the current period"),
    wow_pct: growth,
    direction: z
      .enum(MOMENTUM_DIRECTIONS)
      .describe("flat when |wow_pct| is below the flat band; a start from zero is up"),
  })
  .meta({ id: "MomentumEntry", description: "The period-over-period change of a brand in a country" });

const lastTwoPeriods = {
  previous_period: period.nullable().describe("The dataset's second-to-last period"),
  current_period: period.nullable().describe("The dataset's last period"),
};

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
    latest_period: groundTruthSchema.shape.period.nullable(),
    latest_ggr: z.number().min(0).nullable(),
    estimates: z.array(
      z.strictObject({
        brand: slug,
        sod: score100,
        revenue_estimate: z.number().min(0).describe("sod × GGR / 100 in the market's currency, 2 decimals"),
      }),
    ),
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
export const tcAlertItem = tcAlertSchema.meta({
  id: "TcAlert",
  description: "A detected change of a brand's terms, withdrawal or responsible-gambling page",
});

/** The 200 body of `/countries` (component `CountriesResponse`). */
export const countriesResponse = envelopeOf(z.array(countryItem), {
  periods: count.describe("Months in the dataset"),
}).meta({ id: "CountriesResponse" });
/** The 200 body of `/index` (component `IndexResponse`). */
export const indexResponse = envelopeOf(z.array(indexValue).describe("Ordered by brand, country, period, metric")).meta(
  { id: "IndexResponse" },
);
/** The 200 body of `/trending` (component `TrendingResponse`). */
export const trendingResponse = envelopeOf(z.array(trendingEntry), { ...lastTwoPeriods, ...LIMIT_META }).meta({
  id: "TrendingResponse",
});
/** The 200 body of `/momentum` (component `MomentumResponse`). */
export const momentumResponse = envelopeOf(z.array(momentumEntry), {
  ...lastTwoPeriods,
  flat_band: z.number().min(0).describe("The flat band, percent"),
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
