/**
 * The pages for people (issue 28) made from the sample: one per market and per brand, figures and
 * captions from the data, the same bytes on every run; and the SVG line chart's arithmetic.
 */
import { describe, expect, it } from "vitest";
import { brandsProducer } from "../../build/publish/portal/brands-producer.ts";
import { lineChartSvg, niceMax, tickIndices } from "../../build/publish/portal/line-chart.ts";
import { marketData, sharedAnswers } from "../../build/publish/portal/market-data.ts";
import { marketsProducer } from "../../build/publish/portal/markets-producer.ts";
import { neighbours } from "../../build/publish/portal/rivals.ts";
import { resumeSearchProducer } from "../../build/publish/portal/resume-search-page.ts";
import { sampleContext } from "../helpers/sample-host.ts";

describe("line chart arithmetic", () => {
  it.each([
    [0, 1],
    [7.3, 10],
    [13.2, 20],
    [21, 25],
    [0.42, 0.5],
    [100, 100],
  ])("niceMax(%f) = %f", (max, expected) => {
    expect(niceMax(max)).toBe(expected);
  });

  it.each([
    [1, [0]],
    [4, [0, 1, 2, 3]],
    [24, [0, 8, 15, 23]],
  ])("tickIndices(%i) = %j", (count, expected) => {
    expect(tickIndices(count)).toEqual(expected);
  });

  it("draws values on a 1000-unit plot, 0 at the bottom, breaking the line at a missing value", () => {
    const svg = lineChartSvg({
      id: "t",
      caption: "c",
      xTitle: "Month",
      yTitle: "Share (%)",
      xLabels: ["a", "b", "c", "d", "e"],
      series: [{ name: "s", values: [0, 5, null, 10, 2.5] }],
      yMax: 10,
    });
    // x: 0, 250, (gap), 750, 1000; y: 1000 - value / 10 × 1000
    expect(svg).toContain('<path d="M0 1000 L250 500 M750 0 L1000 750" stroke="#0072b2"/>');
    expect(svg).toContain(">Share (%)</text>");
    expect(svg).toContain('role="img" aria-labelledby="t-caption"');
  });
});

describe("neighbours", () => {
  it("takes the nearest items on both sides, above first", () => {
    expect(neighbours(["a", "b", "c", "d", "e", "f"], 1, 4)).toEqual(["a", "c", "d", "e"]);
    expect(neighbours(["a", "b"], 0, 4)).toEqual(["b"]);
  });
});

describe("the market, brand and resume search pages of the sample", () => {
  it("makes /markets/, one page per country, /brands/ and one page per brand, each the same bytes twice", async () => {
    const { context } = await sampleContext();
    const markets = marketsProducer(context);
    const brands = brandsProducer(context);
    expect(markets.map((file) => file.urlPath)).toEqual([
      "/markets/",
      ...context.dataset.countries.map((country) => `/markets/${country.code.toLowerCase()}/`),
    ]);
    expect(brands).toHaveLength(context.dataset.brands.length + 1);
    expect(brands[1]!.file).toBe(`brands/${context.dataset.brands[0]!.slug}/index.html`);
    expect(marketsProducer(context).map((file) => file.body)).toEqual(markets.map((file) => file.body));
    expect(brandsProducer(context)[5]!.body).toBe(brands[5]!.body);
  });

  it("says so on a market without demand data, and captions a market's chart with its real counts", async () => {
    const { context } = await sampleContext();
    const shared = sharedAnswers(context);
    const pages = new Map(marketsProducer(context).map((file) => [file.urlPath, String(file.body)]));
    const without = context.dataset.countries.find((country) => country.coverage.periods === 0);
    if (without !== undefined)
      expect(pages.get(`/markets/${without.code.toLowerCase()}/`)).toContain(`No demand data for ${without.name} yet`);
    const gb = marketData(context, context.dataset.countries.find((country) => country.code === "GB")!, shared);
    const html = pages.get("/markets/gb/")!;
    expect(html).toContain(`of all ${gb.shares.length} brands tracked in the market that month`);
    expect(html).toContain(
      `Share of search (sod) of the ${gb.chart.length} brands with the largest share in ${gb.latest}`,
    );
    // Every brand tracked in the latest month is in the table, linked to its page.
    for (const share of gb.shares) expect(html).toContain(`<a href="/brands/${share.slug}/">`);
  });

  it("names a brand's unknown Trust Score components, or says every one is known", async () => {
    const { context } = await sampleContext();
    const brand = context.dataset.brands[0]!;
    const html = String(brandsProducer(context)[1]!.body);
    const unknown = Object.entries(brand.trust.components).filter(([, value]) => typeof value !== "number");
    expect(html).toContain(unknown.length === 0 ? "Every component is known." : "Unknown, so left out of the score");
    expect(html).toContain(`<code>/api/dataset/v1/brands/${brand.slug}</code>`);
  });

  it("fills the resume search's filters from /stats, and ships its script", async () => {
    const { context } = await sampleContext();
    const [page, script] = resumeSearchProducer(context);
    const roles = new Set(context.dataset.resumes.map((resume) => resume.role));
    for (const role of roles) expect(String(page!.body)).toContain(`<option value="${role}">`);
    expect(String(page!.body)).toContain(
      '<form id="resume-search" class="search" action="/resume/api/v1/resumes" method="get"',
    );
    // The contact rule in force and how to ask for removal (issue 31), on the page that shows resumes.
    expect(String(page!.body)).toMatch(
      /<p id="contact-rule"><strong>Contacts\.<\/strong> .*To have your contacts or your resume removed, write to /,
    );
    expect(script!.urlPath).toBe("/assets/portal/resume-search.js");
    expect(String(script!.body)).toContain("MAX_PER_MINUTE = 60");
  });
});
