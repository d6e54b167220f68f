/**
 * The two services and their base paths.
 * @module
 */
import type { ServiceName } from "./endpoint.ts";

export const SERVICE_BASES: Record<ServiceName, string> = {
  dataset: "/api/dataset/v1",
  resumes: "/resume/api/v1",
};
