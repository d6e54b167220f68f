/**
 * The resume directory's endpoints, in documentation order (the discovery endpoint is added by the registry).
 * `/resumes/export` is a static segment, so it wins over `/resumes/{id}` whatever the order here.
 * @module
 */
import type { Endpoint } from "../endpoint.ts";
import { resumeCardEndpoint } from "./resume-card.ts";
import { resumeStatsEndpoint } from "./resume-stats.ts";
import { resumeExportEndpoint, resumesEndpoint } from "./resumes.ts";

export const RESUME_ENDPOINTS: readonly Endpoint[] = [
  resumesEndpoint,
  resumeCardEndpoint,
  resumeExportEndpoint,
  resumeStatsEndpoint,
];
