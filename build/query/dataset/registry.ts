/**
 * The dataset service's endpoints, in documentation order (the discovery and OpenAPI endpoints are
 * added by the registry in `../endpoints.ts`).
 * @module
 */
import type { Endpoint } from "../endpoint.ts";
import { brandCardEndpoint, trustHistoryEndpoint } from "./brand-card.ts";
import { brandsEndpoint } from "./brands.ts";
import { compareEndpoint } from "./compare.ts";
import { countriesEndpoint } from "./countries.ts";
import { gameCardEndpoint } from "./game-card.ts";
import { gameRanksEndpoint } from "./game-ranks.ts";
import { gamesEndpoint } from "./games.ts";
import { groundTruthEndpoint } from "./ground-truth.ts";
import { indexEndpoint } from "./index-values.ts";
import { licensesEndpoint } from "./licenses.ts";
import { marketDemandEndpoint } from "./market-demand.ts";
import { momentumEndpoint } from "./momentum.ts";
import { providerRanksEndpoint } from "./provider-ranks.ts";
import { providerCardEndpoint, providersEndpoint } from "./providers.ts";
import { regulatorsEndpoint } from "./regulators.ts";
import { tcAlertsEndpoint } from "./tc-alerts.ts";
import { trendingEndpoint } from "./trending.ts";
import { trustScoresEndpoint } from "./trust-scores.ts";

export const DATASET_ENDPOINTS: readonly Endpoint[] = [
  brandsEndpoint,
  brandCardEndpoint,
  trustHistoryEndpoint,
  trustScoresEndpoint,
  compareEndpoint,
  licensesEndpoint,
  regulatorsEndpoint,
  providersEndpoint,
  providerCardEndpoint,
  providerRanksEndpoint,
  gamesEndpoint,
  gameCardEndpoint,
  gameRanksEndpoint,
  countriesEndpoint,
  indexEndpoint,
  marketDemandEndpoint,
  trendingEndpoint,
  momentumEndpoint,
  groundTruthEndpoint,
  tcAlertsEndpoint,
];
