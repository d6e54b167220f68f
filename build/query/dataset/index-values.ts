/**
 * `/index`: sod and adi values per brand, country and month, for a country or a brand at least.
 * @module
 */
import { compareStrings } from "../../compute/compare.ts";
import { compareIndexValues, type IndexValue, type VerticalIndexValue } from "../../compute/demand-index.ts";
import { HttpError } from "../../errors.ts";
import { listParam } from "../common-params.ts";
import type { EngineContext, Endpoint } from "../endpoint.ts";
import { countryPeriodKey } from "../engine-index.ts";
import { envelope } from "../envelope.ts";
import type { Params } from "../param-spec.ts";
import { itemJson, stableItem } from "../stable-json.ts";
import { answerBudget } from "../answer-size.ts";
import { PRIORITY, singleValues } from "../key-space.ts";
import type { z } from "zod";
import { indexResponse, type indexValue } from "../../response-schemas/dataset-markets.ts";

export const INDEX_METRICS = ["adi", "sod"] as const;
type IndexMetric = (typeof INDEX_METRICS)[number];

/** Where every index value is published at once (contract §4: every resource as a gzip NDJSON file). */
export const INDEX_DOWNLOAD_PATH = "/downloads/index.ndjson.gz";

/** Period rules: `period` excludes `from`/`to`, and `from` may not come after `to`. */
function validateIndex(params: Params, raw: ReadonlySet<string>): void {
  if (params.country === undefined && params.brand === undefined) {
    throw new HttpError(
      400,
      "missing_parameter",
      `Give at least one of 'country' or 'brand'. Every index value is available at once as the bulk download ${INDEX_DOWNLOAD_PATH}.`,
      { parameter: "country", one_of: ["country", "brand"], download: INDEX_DOWNLOAD_PATH },
    );
  }
  for (const bound of ["from", "to"]) {
    if (params.period !== undefined && raw.has(bound)) {
      throw new HttpError(
        400,
        "invalid_parameter",
        `'period' asks for one month and '${bound}' for a range; send one or the other.`,
        { parameter: bound, value: params[bound], expected: "no 'from' or 'to' together with 'period'" },
      );
    }
  }
  validateMonthRange(params);
}

/** `from` may not come after `to` (/index, /market-demand). */
export function validateMonthRange(params: Params): void {
  if (params.from !== undefined && params.to !== undefined && String(params.from) > String(params.to)) {
    throw new HttpError(
      400,
      "invalid_parameter",
      "'from' comes after 'to'; the range is inclusive and must not be empty.",
      { parameter: "from", value: params.from, expected: `a month up to ${String(params.to)}` },
    );
  }
}

/** Orders within-vertical values as /index does, then by vertical. */
const compareVerticalValues = (a: VerticalIndexValue, b: VerticalIndexValue): number =>
  compareIndexValues(a, b) || compareStrings(a.vertical, b.vertical);

/**
 * Candidate values: the brands' rows (brand order) or the countries' rows (of one month if given), before the
 * other filters; with `verticals`, the within-vertical values of those verticals (#27).
 */
function candidates(
  context: EngineContext,
  brands: readonly string[],
  countries: readonly string[],
  period: string | undefined,
  verticals: readonly string[],
): readonly IndexValue[] {
  if (verticals.length > 0) {
    const inVertical = (value: VerticalIndexValue) => verticals.includes(value.vertical);
    if (brands.length > 0)
      return brands.flatMap((brand) => (context.index.verticalIndexByBrand.get(brand) ?? []).filter(inVertical));
    return countries
      .flatMap((country) => (context.index.verticalIndexByCountry.get(country) ?? []).filter(inVertical))
      .sort(compareVerticalValues);
  }
  if (brands.length > 0) return brands.flatMap((brand) => context.index.indexByBrand.get(brand) ?? []);
  const ofCountry = (country: string) =>
    (period === undefined
      ? context.index.indexByCountry.get(country)
      : context.index.indexByCountryPeriod.get(countryPeriodKey(country, period))) ?? [];
  if (countries.length === 1) return ofCountry(countries[0]!);
  // Several countries interleave by brand, so the union is re-sorted into the /index order.
  return countries.flatMap(ofCountry).sort(compareIndexValues);
}

/** One published row of /index (and of the index download): one metric of one value. */
export type IndexRow = z.infer<typeof indexValue>;

/** Each value's published rows, one per metric, made once: a value appears in its brand's, its country's and its month's files, and in the download. */
const metricRowsOf = new WeakMap<IndexValue, Readonly<Record<IndexMetric, IndexRow>>>();

/**
 * A value's rows by metric, as stable items (their JSON made once). Kept for the life of the data unless
 * `keep` is false: a host answering on demand makes them per answer, since kept they grew with every
 * country asked, to 360 MB at scale 16 (issue 32).
 */
export function metricRows(value: IndexValue, keep = true): Readonly<Record<IndexMetric, IndexRow>> {
  let rows = keep ? metricRowsOf.get(value) : undefined;
  if (rows === undefined) {
    const { brand, country, period } = value;
    const vertical = "vertical" in value ? (value as VerticalIndexValue).vertical : undefined;
    const row = (metric: IndexMetric): IndexRow =>
      stableItem(
        vertical === undefined
          ? { brand, country, period, metric, value: value[metric] }
          : { brand, country, period, vertical, metric, value: value[metric] },
      );
    rows = { adi: row("adi"), sod: row("sod") };
    if (keep) metricRowsOf.set(value, rows);
  }
  return rows;
}

export const indexEndpoint: Endpoint = {
  id: "dataset.index",
  service: "dataset",
  path: "/index",
  summary: "Index values (sod, adi) per brand, country and month, over all verticals or within one",
  format: "json",
  response: indexResponse,
  download: INDEX_DOWNLOAD_PATH,
  params: [
    {
      name: "country",
      type: "open",
      normalise: "country",
      multi: true,
      description: "Countries (ISO code; UK = GB); this or brand is required",
    },
    {
      name: "brand",
      type: "open",
      normalise: "lower",
      multi: true,
      description: "Brand slugs; this or country is required",
    },
    {
      name: "metric",
      type: "closed",
      values: INDEX_METRICS,
      multi: true,
      description: "sod (share of demand, %) or adi (the market leader = 100); absent: both",
    },
    { name: "period", type: "period", description: "One month, YYYY-MM (not with from/to)" },
    { name: "from", type: "period", description: "First month, YYYY-MM, inclusive; not after to (400)" },
    { name: "to", type: "period", description: "Last month, YYYY-MM, inclusive; not before from (400)" },
    {
      name: "vertical",
      type: "open",
      normalise: "vertical",
      multi: true,
      description:
        "Verticals (casino, sportsbook = betting, poker, lottery): sod and adi within each, over the brands measured in it; items name their vertical. Absent: over all verticals",
    },
  ],
  validate: validateIndex,
  run: (context, { params }) => {
    const brands = listParam(params, "brand");
    const countries = listParam(params, "country");
    const metrics =
      params.metric === undefined
        ? INDEX_METRICS
        : INDEX_METRICS.filter((metric) => listParam(params, "metric").includes(metric));
    const period = params.period === undefined ? undefined : String(params.period);
    const from = period ?? (params.from === undefined ? undefined : String(params.from));
    const to = period ?? (params.to === undefined ? undefined : String(params.to));
    const verticals = listParam(params, "vertical");
    // A plain loop: this runs for every value of every /index file, and flatMap's array per value showed in the build's allocations.
    const data: object[] = [];
    // Counted as they are made: the values of every country at once (118 MB at scale 16) are refused
    // after the first 4 MB of them, not once all are in memory.
    const count = answerBudget(indexEndpoint);
    for (const value of candidates(context, brands, countries, period, verticals)) {
      if (
        (countries.length > 0 && !countries.includes(value.country)) ||
        (from !== undefined && value.period < from) ||
        (to !== undefined && value.period > to)
      )
        continue;
      const rows = metricRows(value, context.onDemand !== true);
      for (const metric of metrics) {
        count(itemJson(rows[metric]));
        data.push(rows[metric]);
      }
    }
    return { kind: "json", body: envelope(context, "dataset", data) };
  },
  keySpace: function* (context) {
    const countries = [...context.index.indexByCountry.keys()].sort(compareStrings);
    yield* singleValues("country", countries);
    // Each market's values within each of its verticals (#27): the market pages' and analysts' usual question.
    for (const country of [...context.index.verticalIndexByCountry.keys()].sort(compareStrings)) {
      const verticals = new Set(
        (context.index.verticalIndexByCountry.get(country) ?? []).map((value) => value.vertical),
      );
      for (const vertical of [...verticals].sort(compareStrings))
        yield {
          pathParams: {},
          pairs: [
            ["country", country],
            ["vertical", vertical],
          ],
          priority: PRIORITY.secondary,
        };
    }
    yield* singleValues("brand", [...context.index.indexByBrand.keys()].sort(compareStrings));
    for (const country of countries) {
      for (const period of context.dataset.periods)
        yield {
          pathParams: {},
          pairs: [
            ["country", country],
            ["period", period],
          ],
          priority: PRIORITY.secondary,
        };
    }
  },
};
