/**
 * RFC 8288 `Link` header of a paginated list: first, last, and prev/next where they exist.
 * URLs are root-relative, so the header is the same whichever host serves the file.
 * @module
 */
import type { Pagination } from "./endpoint.ts";
import { encodeQuery } from "./canonical-query.ts";

/** Builds the Link header from the canonical pairs of the query (its `page` pair is replaced). */
export function linkHeader(publicPath: string, pairs: readonly [string, string][], pagination: Pagination): string {
  const others = pairs.filter(([name]) => name !== "page");
  const urlFor = (page: number): string => {
    const withPage: [string, string][] = page === 1 ? others : [...others, ["page", String(page)]];
    withPage.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    const query = encodeQuery(withPage);
    return query === "" ? publicPath : `${publicPath}?${query}`;
  };
  const last = Math.max(1, pagination.pages);
  const links = [`<${urlFor(1)}>; rel="first"`];
  if (pagination.page > 1) links.push(`<${urlFor(Math.min(pagination.page - 1, last))}>; rel="prev"`);
  if (pagination.page < last) links.push(`<${urlFor(pagination.page + 1)}>; rel="next"`);
  links.push(`<${urlFor(last)}>; rel="last"`);
  return links.join(", ");
}
