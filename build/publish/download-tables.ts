/**
 * What the bulk downloads contain: one row per resource, each naming its records. Wherever an API
 * list exists, a download's records are that list's items (same fields, same order), all pages at once.
 * @module
 */
import type { EngineContext, Endpoint } from "../query/endpoint.ts";
import { brandFacts } from "../query/dataset/brand-card.ts";
import { brandListItem } from "../query/dataset/brands.ts";
import { countriesEndpoint } from "../query/dataset/countries.ts";
import { gameRankOf } from "../query/dataset/game-card.ts";
import { gameItem } from "../query/dataset/games.ts";
import { groundTruthEndpoint } from "../query/dataset/ground-truth.ts";
import { INDEX_METRICS, metricRows } from "../query/dataset/index-values.ts";
import { licensesEndpoint } from "../query/dataset/licenses.ts";
import { marketDemandEndpoint } from "../query/dataset/market-demand.ts";
import { providersEndpoint } from "../query/dataset/providers.ts";
import { regulatorsEndpoint } from "../query/dataset/regulators.ts";
import { tcAlertsEndpoint } from "../query/dataset/tc-alerts.ts";
import { fullResume } from "../query/resumes/resume-records.ts";
import { revenueEstimateRecords, revenueModelRecords } from "./revenue-tables.ts";
import type { KeyedTable } from "./table-keys.ts";
import { TRUST_OBSERVATION_TABLES } from "./trust-observation-tables.ts";
import type { ForeignKey } from "./table-schema.ts";

/** One NDJSON line of a download, before serialisation. */
export type DownloadRecord = Record<string, unknown>;

/**
 * One resource of the downloads and how to list its records. Its keys (primaryKey, foreignKeys) go into
 * its Table Schema; the build fails if the records break them (table-keys.ts).
 */
export interface DownloadTable extends KeyedTable {
  /** Resource name in the data package, and the file name before `.ndjson.gz`. */
  name: string;
  /** Which service's data it is (decides the attribution and the landing-page group). */
  service: "dataset" | "resumes";
  title: string;
  description: string;
  records: (context: EngineContext) => DownloadRecord[];
}

/** Every item of an API list in the API's default order: one page as large as the list. */
export function everyItem(context: EngineContext, endpoint: Endpoint): DownloadRecord[] {
  const paginated = endpoint.params.some((spec) => spec.name === "per_page");
  const result = endpoint.run(context, {
    pathParams: {},
    params: paginated ? { per_page: Number.MAX_SAFE_INTEGER } : {},
  });
  const body = result.kind === "json" ? (result.body as { data?: unknown }) : undefined;
  if (!Array.isArray(body?.data)) throw new Error(`Internal error: ${endpoint.id} is not a list`);
  return body.data as DownloadRecord[];
}

/** The download file name of a table, e.g. `index.ndjson.gz`. */
export function downloadFileName(name: string): string {
  return `${name}.ndjson.gz`;
}

/** A foreign key of `fields` to another download's primary key `key`: the brand of a record to brands' slug. */
function naming(fields: string | readonly string[], resource: string, key: string | readonly string[]): ForeignKey {
  return {
    fields: typeof fields === "string" ? [fields] : fields,
    reference: { resource, fields: typeof key === "string" ? [key] : key },
  };
}

const BRAND = naming("brand", "brands", "slug");
const COUNTRY = naming("country", "countries", "code");
const REGULATOR = naming("regulator_code", "regulators", "code");

/** Every download, in the order of the landing page and the data package. */
export const DOWNLOAD_TABLES: readonly DownloadTable[] = [
  {
    name: "brands",
    service: "dataset",
    primaryKey: ["slug"],
    // No foreign key on markets: a Table Schema key names whole field values, not an array's elements.
    title: "Brands",
    description:
      "Every brand with its /brands list fields, the six Trust Score 2.0 components and what its /brands/{slug} card adds (description, verticals, markets, reputation, app stores, social networks, payments, responsible gambling), by slug.",
    records: (context) =>
      context.dataset.brands.map((brand) => ({
        ...brandListItem(brand),
        trust_components: brand.trust.components,
        ...brandFacts(brand),
      })),
  },
  {
    name: "trust-history",
    service: "dataset",
    primaryKey: ["brand", "period"],
    foreignKeys: [BRAND],
    title: "Trust Score history",
    description: "Each brand's Trust Score, grade and components at the end of every month, by brand and period.",
    records: (context) =>
      context.dataset.brands.flatMap((brand) =>
        brand.trust_history.map(({ period, score, grade, provisional, coverage, components }) => ({
          brand: brand.slug,
          period,
          score,
          grade,
          provisional,
          coverage,
          components,
        })),
      ),
  },
  {
    name: "domains",
    service: "dataset",
    primaryKey: ["domain"],
    foreignKeys: [BRAND],
    title: "Domains",
    description: "Brand domains with WHOIS, backlink, health and DNS facts.",
    records: (context) => context.dataset.domains.map((domain) => ({ ...domain })),
  },
  {
    name: "licenses",
    service: "dataset",
    primaryKey: ["id"],
    // Not jurisdiction: a regulator's jurisdiction need not be one of the countries (the sample's CW, GI, IM are not).
    foreignKeys: [BRAND, REGULATOR],
    title: "Licenses",
    description: "Licenses from the regulators' public registers, as /licenses lists them.",
    records: (context) => everyItem(context, licensesEndpoint),
  },
  {
    name: "regulators",
    service: "dataset",
    primaryKey: ["code"],
    title: "Regulators",
    description: "The regulator directory with license and brand counts, as /regulators lists it.",
    records: (context) => everyItem(context, regulatorsEndpoint),
  },
  {
    name: "providers",
    service: "dataset",
    primaryKey: ["slug"],
    title: "Providers",
    description: "Game studios: the /providers list fields plus founding year, headquarters and website.",
    records: (context) =>
      everyItem(context, providersEndpoint).map((item) => {
        const provider = context.index.providersBySlug.get(String(item.slug));
        return {
          ...item,
          founded_year: provider?.founded_year ?? null,
          headquarters: provider?.headquarters ?? null,
          website: provider?.website ?? null,
        };
      }),
  },
  {
    name: "provider-ranks",
    service: "dataset",
    // Not rank: it is null for every provider without a rank_score (#26), and the record is about a provider.
    primaryKey: ["slug"],
    foreignKeys: [naming("slug", "providers", "slug")],
    title: "Provider ranks",
    description: "The provider activity index with its raw measures and normalised components, by rank.",
    records: (context) => context.dataset.providerRanks.map((entry) => ({ ...entry })),
  },
  {
    name: "games",
    service: "dataset",
    primaryKey: ["slug"],
    foreignKeys: [naming("provider", "providers", "slug")],
    title: "Games",
    description: "The game catalog with each game's GameRank (null when no lobby shows it), by name.",
    records: (context) =>
      context.index.gamesByName.map((game) => {
        const { rank, presence, avg_position, countries } = gameRankOf(context, game.slug);
        return { ...gameItem(game), rank, presence, avg_position, lobby_countries: countries };
      }),
  },
  {
    name: "countries",
    service: "dataset",
    primaryKey: ["code"],
    title: "Countries",
    description: "Markets with trust tier, demand-data coverage and freshness, as /countries lists them.",
    records: (context) => everyItem(context, countriesEndpoint),
  },
  {
    name: "index",
    service: "dataset",
    primaryKey: ["brand", "country", "period", "metric"],
    // Each value is computed from the demand row of its brand, country and month.
    foreignKeys: [BRAND, COUNTRY, naming(["brand", "country", "period"], "demand", ["brand", "country", "period"])],
    title: "Index values",
    description:
      "Every sod and adi value per brand, country and month over all verticals (null for an outage), in the /index order (brand, country, period, metric).",
    // /index's own rows: their JSON is made once for the pages and the download alike.
    records: (context) =>
      context.dataset.index.flatMap((value) => {
        const rows = metricRows(value);
        return INDEX_METRICS.map((metric) => rows[metric]);
      }),
  },
  {
    name: "demand",
    service: "dataset",
    primaryKey: ["brand", "country", "period"],
    foreignKeys: [BRAND, COUNTRY],
    title: "Monthly demand",
    description:
      "The tracked monthly search volume of every brand in every country over all its verticals (null: tracked but not measured, an outage; no row: not tracked), the rows sod and adi are computed from, in the /index order (brand, country, period).",
    records: (context) =>
      context.dataset.index.map(({ brand, country, period, volume }) => ({ brand, country, period, volume })),
  },
  {
    name: "demand-verticals",
    service: "dataset",
    primaryKey: ["brand", "country", "period", "vertical"],
    foreignKeys: [BRAND, COUNTRY],
    title: "Monthly demand by vertical",
    description:
      "The monthly search volume of every brand within each vertical where the demand rows carry one, with sod and adi computed within the vertical (volume, sod and adi null for an outage), by brand, country, period, vertical.",
    records: (context) => context.dataset.verticalIndex.map((value) => ({ ...value })),
  },
  {
    name: "market-demand",
    service: "dataset",
    primaryKey: ["country", "period", "vertical"],
    foreignKeys: [COUNTRY],
    title: "Market demand",
    description:
      "Measured demand per country, month and vertical (total: all verticals), with the brands measured and missing (outages), as /market-demand lists it.",
    records: (context) => everyItem(context, marketDemandEndpoint),
  },
  {
    name: "trending",
    service: "dataset",
    // No primary key: a brand's entry across all countries has country null, and a key field cannot be.
    // Nor a foreign key on country, for the same nulls.
    foreignKeys: [BRAND],
    title: "Trending",
    description:
      "Demand growth between the last two periods for every brand, across all countries (country null) and per country.",
    records: (context) => context.dataset.trending.entries.map((entry) => ({ ...entry })),
  },
  {
    name: "momentum",
    service: "dataset",
    primaryKey: ["brand", "country"],
    foreignKeys: [BRAND, COUNTRY],
    title: "Momentum",
    description: "Period-over-period change and direction of every brand and country, by brand then country.",
    records: (context) => {
      const { momentum } = context.dataset;
      return momentum.entries.map((entry) => ({
        ...entry,
        previous_period: momentum.previous_period,
        current_period: momentum.current_period,
      }));
    },
  },
  {
    name: "ground-truth",
    service: "dataset",
    // A regulator may publish a period per vertical as well as the total (#26): the vertical is part of the key.
    primaryKey: ["country", "regulator_code", "vertical", "period"],
    foreignKeys: [COUNTRY, REGULATOR],
    title: "Ground truth",
    description:
      "Regulator-published gross gaming revenue per market, vertical and reporting period (month, quarter, half-year or year), with the tracked demand total.",
    records: (context) => everyItem(context, groundTruthEndpoint),
  },
  {
    name: "revenue-models",
    service: "dataset",
    primaryKey: ["country", "regulator_code", "vertical"],
    foreignKeys: [COUNTRY, REGULATOR],
    title: "Revenue models",
    description:
      "Per market with GGR (country, regulator, vertical): GGR per unit of licensed search demand, its correlation with 95% interval, the in-sample and hold-out errors, the lagged-share window and whether estimates are published (and why not).",
    records: revenueModelRecords,
  },
  {
    name: "revenue-estimates",
    service: "dataset",
    primaryKey: ["country", "regulator_code", "vertical", "brand"],
    foreignKeys: [
      BRAND,
      COUNTRY,
      REGULATOR,
      naming(["country", "regulator_code", "vertical"], "revenue-models", ["country", "regulator_code", "vertical"]),
    ],
    title: "Revenue estimates",
    description:
      "Each licensed brand's lagged share of the licensed brands' demand and the split of its market's GGR it implies, with an interval; revenue figures are null where the market's model is too weak or too short.",
    records: revenueEstimateRecords,
  },
  {
    name: "tc-alerts",
    service: "dataset",
    primaryKey: ["id"],
    foreignKeys: [BRAND],
    title: "T&C alerts",
    description: "Detected changes of terms, withdrawal and responsible-gambling pages, newest first.",
    records: (context) => everyItem(context, tcAlertsEndpoint),
  },
  ...TRUST_OBSERVATION_TABLES,
  {
    name: "resumes",
    service: "resumes",
    primaryKey: ["id"],
    title: "Resumes",
    description:
      "Every resume in full as /resumes/export gives it (contacts and full text as far as the contact rule lets downloads carry them), by id.",
    records: (context) => context.dataset.resumes.map((resume) => fullResume(resume)),
  },
];
