/**
 * The site producers the build runs, in order: landing page, docs, methodology, llms.txt, downloads and their page;
 * then the pages for people (PORTAL_PRODUCERS).
 * @module
 */
import type { SiteFile, SiteProducer } from "../output-format/site-files.ts";
import type { EngineContext } from "../query/endpoint.ts";
import { brandsProducer } from "./portal/brands-producer.ts";
import { compareProducer } from "./portal/compare-page.ts";
import { marketsProducer } from "./portal/markets-producer.ts";
import { resumeSearchProducer } from "./portal/resume-search-page.ts";
import { dataDictionaryProducer } from "./data-dictionary-page.ts";
import { docsPagesProducer } from "./docs-pages.ts";
import { downloadsPageProducer } from "./downloads-page.ts";
import { downloadsProducer } from "./downloads-producer.ts";
import { landingPageProducer } from "./landing-page.ts";
import { llmsTxtProducer } from "./llms-txt.ts";
import { methodologyPageProducer } from "./methodology-page.ts";
import { releasesProducer } from "./releases.ts";

export const SITE_PRODUCERS: readonly SiteProducer[] = [
  landingPageProducer,
  docsPagesProducer,
  methodologyPageProducer,
  llmsTxtProducer,
  downloadsProducer,
  releasesProducer,
  downloadsPageProducer,
  dataDictionaryProducer,
];

/** The pages for people (issue 28): markets, brands, comparisons and the resume search; the build times them as a stage of their own. */
export const PORTAL_PRODUCERS: readonly SiteProducer[] = [
  marketsProducer,
  brandsProducer,
  compareProducer,
  resumeSearchProducer,
];

/** Every page of PORTAL_PRODUCERS, made now. */
export function portalPages(context: EngineContext): SiteFile[] {
  return PORTAL_PRODUCERS.flatMap((producer) => producer(context));
}
