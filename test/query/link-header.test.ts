import { describe, expect, it } from "vitest";
import { linkHeader } from "../../build/query/link-header.ts";

const BRANDS = "/api/dataset/v1/brands";
const pagination = (page: number, pages: number, per_page = 50) => ({ page, per_page, total: pages * per_page, pages });

describe("linkHeader", () => {
  it.each<[string, [string, string][], ReturnType<typeof pagination>, string]>([
    ["a single page", [], pagination(1, 1), `<${BRANDS}>; rel="first", <${BRANDS}>; rel="last"`],
    [
      "no match at all (0 pages): last is page 1",
      [],
      { page: 1, per_page: 50, total: 0, pages: 0 },
      `<${BRANDS}>; rel="first", <${BRANDS}>; rel="last"`,
    ],
    [
      "the first of 3 pages",
      [],
      pagination(1, 3),
      `<${BRANDS}>; rel="first", <${BRANDS}?page=2>; rel="next", <${BRANDS}?page=3>; rel="last"`,
    ],
    [
      "the middle page",
      [["page", "2"]],
      pagination(2, 3),
      `<${BRANDS}>; rel="first", <${BRANDS}>; rel="prev", <${BRANDS}?page=3>; rel="next", <${BRANDS}?page=3>; rel="last"`,
    ],
    [
      "the last page",
      [["page", "3"]],
      pagination(3, 3),
      `<${BRANDS}>; rel="first", <${BRANDS}?page=2>; rel="prev", <${BRANDS}?page=3>; rel="last"`,
    ],
    [
      "a page past the end: prev is the last page, no next",
      [["page", "9"]],
      pagination(9, 3),
      `<${BRANDS}>; rel="first", <${BRANDS}?page=3>; rel="prev", <${BRANDS}?page=3>; rel="last"`,
    ],
    [
      "other parameters kept, page placed in name order",
      [
        ["country", "GB"],
        ["page", "2"],
        ["per_page", "10"],
        ["status", "active,closed"],
      ],
      pagination(2, 4, 10),
      `<${BRANDS}?country=GB&per_page=10&status=active,closed>; rel="first", <${BRANDS}?country=GB&per_page=10&status=active,closed>; rel="prev", <${BRANDS}?country=GB&page=3&per_page=10&status=active,closed>; rel="next", <${BRANDS}?country=GB&page=4&per_page=10&status=active,closed>; rel="last"`,
    ],
    [
      "text percent-encoded",
      [["q", "a b&c"]],
      pagination(1, 2),
      `<${BRANDS}?q=a%20b%26c>; rel="first", <${BRANDS}?page=2&q=a%20b%26c>; rel="next", <${BRANDS}?page=2&q=a%20b%26c>; rel="last"`,
    ],
  ])("%s", (_case, pairs, page, expected) => {
    expect(linkHeader(BRANDS, pairs, page)).toBe(expected);
  });
});
