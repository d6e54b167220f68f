/**
 * Issue 28: the HTML comparison of a brand with its closest rivals, `/brands/<slug>/compare/`, shows the
 * API's `/compare` answer for the same brands: every cell is read back from the page and checked against
 * the JSON the host answers; unknown values read "unknown", never 0; the brand page links both.
 */
import { describe, expect, it } from "vitest";
import { brandsProducer } from "../../build/publish/portal/brands-producer.ts";
import {
  compareApiPath,
  compareProducer,
  compareSlugs,
  figure,
  type CompareItem,
  UNKNOWN,
} from "../../build/publish/portal/compare-page.ts";
import { TRUST_COMPONENTS } from "../../build/response-schemas/vocabularies.ts";
import { sampleContext, useSampleHost } from "../helpers/sample-host.ts";

const host = useSampleHost();

const text = (html: string): string =>
  html
    .replace(/<[^>]*>/g, "")
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");

/** Each table of a page as rows of cell texts, header row first. */
function tables(html: string): string[][][] {
  return [...html.matchAll(/<table>([\s\S]*?)<\/table>/g)].map(([, table]) =>
    [...table!.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map(([, row]) =>
      [...row!.matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map(([, cell]) => text(cell!)),
    ),
  );
}

/** The row of a table whose first cell is `label`, without that cell. */
function row(table: string[][], label: string): string[] {
  const found = table.find((cells) => cells[0] === label);
  if (found === undefined) throw new Error(`no row ${label}`);
  return found.slice(1);
}

async function apiAnswer(slugs: readonly string[]): Promise<CompareItem[]> {
  const response = await host.get(compareApiPath(slugs));
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: CompareItem[] }).data;
}

describe("the comparison pages", () => {
  it("makes one page per brand at /brands/<slug>/compare/, the same bytes twice", async () => {
    const { context } = await sampleContext();
    const pages = compareProducer(context);
    expect(pages.map((page) => page.urlPath)).toEqual(
      context.dataset.brands.map((brand) => `/brands/${brand.slug}/compare/`),
    );
    expect(pages[0]!.file).toBe(`brands/${context.dataset.brands[0]!.slug}/compare/index.html`);
    expect(compareProducer(context)[7]!.body).toBe(pages[7]!.body);
  });

  it("shows, cell for cell, what the API's /compare answers for the brand and its rivals", async () => {
    const { context } = await sampleContext();
    const pages = new Map(compareProducer(context).map((page) => [page.urlPath, String(page.body)]));
    // A brand whose comparison holds unknown values (null in the API) and the first brand.
    const slugs = context.dataset.brands.map((brand) => brand.slug);
    const withUnknown = slugs.find((slug) => {
      const brands = compareSlugs(context, slug).map((one) => context.dataset.brands.find((b) => b.slug === one)!);
      return brands.some((brand) => Object.values(brand.trust.components).includes(null));
    });
    expect(withUnknown, "the sample has a brand with an unknown Trust Score component").toBeDefined();
    let unknownCells = 0;
    for (const slug of new Set([slugs[0]!, withUnknown!])) {
      const compared = compareSlugs(context, slug);
      expect(compared).toHaveLength(5);
      const api = await apiAnswer(compared);
      const html = pages.get(`/brands/${slug}/compare/`)!;
      expect(html).toContain(`href="${compareApiPath(compared).replace(/&/g, "&amp;")}"`);
      const [trust, presence] = tables(html) as [string[][], string[][]];
      expect(trust[0]!.slice(1)).toEqual(api.map((brand) => brand.name));
      expect(row(trust, "Trust Score")).toEqual(api.map((brand) => figure(brand.trust.score)));
      for (const component of TRUST_COMPONENTS) {
        const cells = row(trust, component.replace(/_/g, " "));
        expect(cells, component).toEqual(api.map((brand) => figure(brand.trust.components[component])));
        unknownCells += cells.filter((cell) => cell === UNKNOWN).length;
      }
      expect(row(trust, "Grade")).toEqual(
        api.map((brand) =>
          brand.trust.grade === null
            ? UNKNOWN
            : `${brand.trust.grade}${brand.trust.provisional ? " (provisional)" : ""}`,
        ),
      );
      expect(row(presence, "Active licenses")).toEqual(api.map((brand) => figure(brand.licenses?.active ?? null)));
      expect(row(presence, "Review rating (0-5)")).toEqual(api.map((brand) => figure(brand.review_rating)));
      expect(row(presence, "Payment methods")).toEqual(
        api.map((brand) =>
          brand.payment_methods === null
            ? UNKNOWN
            : brand.payment_methods.map((m) => m.replace(/_/g, " ")).join(", ") || "none",
        ),
      );
      expect(row(presence, "Markets")).toEqual(
        api.map((brand) => (brand.markets.length === 0 ? "none listed" : brand.markets.join(" "))),
      );
    }
    expect(unknownCells).toBeGreaterThan(0);
  });

  it("writes an unknown value as unknown and a number as the API does", () => {
    expect([figure(null), figure(undefined), figure(0), figure(72.4)]).toEqual([UNKNOWN, UNKNOWN, "0", "72.4"]);
  });

  it("is linked from the brand page, beside the API's answer", async () => {
    const { context } = await sampleContext();
    const slug = context.dataset.brands[0]!.slug;
    const page = String(brandsProducer(context).find((file) => file.urlPath === `/brands/${slug}/`)!.body);
    expect(page).toContain(`<a href="/brands/${slug}/compare/">Compare 5 brands side by side</a>`);
    expect(page).toContain(`<a href="${compareApiPath(compareSlugs(context, slug))}">JSON</a>`);
  });
});
