/**
 * The addresses the pages link to, root-relative so they work on any host and port (the static
 * site, the Node host, a preview deploy).
 * @module
 */
import { SERVICE_BASES } from "../query/services.ts";
import { DOWNLOADS_DIR } from "./bulk-downloads.ts";
import { DATA_PACKAGE_PATH } from "./downloads-producer.ts";

/** The methodology page (canonical spelling, with its trailing slash); the discovery documents link it as `${base_url}/methodology/`. */
export const METHODOLOGY_PATH = "/methodology/";
/** The llms.txt guide; the discovery documents link it as `${base_url}/llms.txt`. */
export const LLMS_TXT_PATH = "/llms.txt";

/** Per service: its discovery document, docs page and OpenAPI document. */
export function serviceLinks(service: keyof typeof SERVICE_BASES) {
  const base = SERVICE_BASES[service];
  return { discovery: `${base}/`, docs: `${base}/docs`, openapi: `${base}/openapi.json` };
}

/** Every page-level link, in the order the navigation shows them. */
export const SITE_LINKS = {
  home: "/",
  methodology: METHODOLOGY_PATH,
  dataset: serviceLinks("dataset"),
  resumes: serviceLinks("resumes"),
  llmsTxt: LLMS_TXT_PATH,
  /** The page listing the downloads (downloads-page.ts). */
  downloads: `/${DOWNLOADS_DIR}/`,
  dataPackage: DATA_PACKAGE_PATH,
} as const;

/** The pages for people (issue 28), each at its canonical address with a trailing slash. */
export const PORTAL_LINKS = {
  markets: "/markets/",
  brands: "/brands/",
  resumes: "/resumes/",
  market: (code: string) => `/markets/${code.toLowerCase()}/`,
  brand: (slug: string) => `/brands/${slug}/`,
  /** A brand beside its closest rivals, from `/compare` (compare-page.ts). */
  compare: (slug: string) => `/brands/${slug}/compare/`,
} as const;
