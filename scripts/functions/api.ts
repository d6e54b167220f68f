/**
 * The Netlify Function: every API URL that no static file answers (see netlify.toml and the generated
 * dist/_redirects). It loads the engine's compact data once per instance and computes the answer.
 * @module
 */
import { ENDPOINTS } from "../../build/query/endpoints.ts";
import { findEngineDist, loadFunctionDeps } from "../../build/serve/netlify-function-deps.ts";
import { createWebHandler } from "../../build/serve/web-adapter.ts";

/** The part of Netlify's function context this function reads. */
interface NetlifyContext {
  ip?: string;
}

const handler = createWebHandler(loadFunctionDeps(() => findEngineDist(import.meta.url), ENDPOINTS));

export default async (request: Request, context: NetlifyContext): Promise<Response> =>
  handler(request, { clientAddress: context.ip });

/** The rate limit of the contract (120 a minute per client), enforced by Netlify in front of the function. */
export const config = {
  rateLimit: { windowLimit: 120, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
