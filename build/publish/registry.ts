/**
 * The site producers the build runs, in order: landing page, docs, methodology, llms.txt, downloads.
 * @module
 */
import type { SiteProducer } from "../emit/site-files.ts";
import { downloadsProducer } from "./downloads-producer.ts";

export const SITE_PRODUCERS: readonly SiteProducer[] = [
  downloadsProducer,
];
