/**
 * The site producers the build runs, in order: landing page, docs, methodology, llms.txt, downloads and their page.
 * @module
 */
import type { SiteProducer } from "../output-format/site-files.ts";
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
];
