/**
 * The registry of every endpoint of both services, in documentation order.
 * @module
 */
import { brandCardEndpoint, trustHistoryEndpoint } from "./dataset/brand-card.ts";
import { brandsEndpoint } from "./dataset/brands.ts";
import { compareEndpoint } from "./dataset/compare.ts";
import { trustScoresEndpoint } from "./dataset/trust-scores.ts";
import { discoveryEndpoint } from "./discovery.ts";
import type { Endpoint } from "./endpoint.ts";

export const ENDPOINTS: readonly Endpoint[] = [
  discoveryEndpoint("dataset", () => ENDPOINTS),
  brandsEndpoint,
  brandCardEndpoint,
  trustHistoryEndpoint,
  trustScoresEndpoint,
  compareEndpoint,
];
