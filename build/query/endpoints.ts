/**
 * The registry of every endpoint of both services: each service's discovery document and
 * OpenAPI description first, then its endpoints in documentation order.
 * @module
 */
import { DATASET_ENDPOINTS } from "./dataset/registry.ts";
import { discoveryEndpoint } from "./discovery.ts";
import type { Endpoint } from "./endpoint.ts";
import { openapiEndpoint } from "./openapi.ts";
import { RESUME_ENDPOINTS } from "./resumes/registry.ts";

export const ENDPOINTS: readonly Endpoint[] = [
  discoveryEndpoint("dataset", () => ENDPOINTS),
  openapiEndpoint("dataset", () => ENDPOINTS),
  ...DATASET_ENDPOINTS,
  discoveryEndpoint("resumes", () => ENDPOINTS),
  openapiEndpoint("resumes", () => ENDPOINTS),
  ...RESUME_ENDPOINTS,
];
