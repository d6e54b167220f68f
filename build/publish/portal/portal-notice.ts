/**
 * The one-line notice of a synthetic sample on the pages for people (the landing page carries the full
 * one): short, so that it is said once per page and not repeated through it.
 * @module
 */
import type { EngineContext } from "../../query/endpoint.ts";
import { SITE_LINKS } from "../site-links.ts";

export function portalNotice(context: EngineContext): string {
  return context.dataset.meta.synthetic
    ? `<p class="notice">Synthetic sample: every brand, figure and person here is fictional (<a href="${SITE_LINKS.home}#synthetic">why</a>).</p>`
    : "";
}
