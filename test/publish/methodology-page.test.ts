import { beforeAll, describe, expect, it } from "vitest";
import type { EngineContext } from "../../build/query/endpoint.ts";
import { PROVIDER_RANK_WEIGHTS } from "../../build/compute/provider-rank.ts";
import { TRUST_GRADES, TRUST_WEIGHTS } from "../../build/compute/trust-score.ts";
import { escapeHtml, formatPercent } from "../../build/publish/html.ts";
import {
  calibrationPoints,
  demandShareSeries,
  largestMarket,
  trustDistributionTable,
} from "../../build/publish/methodology-charts.ts";
import { methodologyCharts, methodologyPage, methodologyPageProducer } from "../../build/publish/methodology-page.ts";
import { renderChartsToSvg } from "../../build/publish/render-charts.ts";
import { gradeBandRows, resumeDirectorySection } from "../../build/publish/methodology-sections.ts";
import { SCORE_DECIMALS } from "../../build/query/resumes/resume-records.ts";
import { RESUME_PAGE_MAX, RESUME_PAGE_SIZE } from "../../build/query/resumes/resume-selection.ts";
import { EXPERIENCE_DECIMALS, TOP_SKILLS } from "../../build/query/resumes/resume-stats.ts";
import { CONTACT_QUALITIES, SENIORITIES } from "../../build/query/resumes/resume-filters.ts";
import { MAX_TOKEN_LENGTH } from "../../build/search/fold-search-text.ts";
import { RESUME_SEARCH_SETTINGS } from "../../build/search/resume-search-index.ts";
import { PREFIX_FLOOR, prefixFactor } from "../../build/search/search-query.ts";
import { minContext } from "../fixtures/min-context.ts";

describe("methodologyPage", () => {
  // Rendering starts the chart renderer (about a second) unless this process drew these charts already; the
  // determinism check starts one anew.
  let context: EngineContext;
  let html: string;
  beforeAll(async () => {
    context = await minContext();
    html = await methodologyPage(context);
  });

  it("inlines one SVG chart per chart the data allows, and renders the same bytes twice", async () => {
    const charts = methodologyCharts(context.dataset);
    expect(charts.map((chart) => chart.id)).toContain("chart-trust-distribution");
    for (const chart of charts)
      expect(html).toMatch(
        new RegExp(`<figure id="${chart.id}" class="chart"><div class="scroll" role="img" aria-label="[^"]+"><svg `),
      );
    expect(html.match(/<svg /g)).toHaveLength(charts.length);
    expect(await methodologyPage(context)).toBe(html);
    // That second page took its charts from the process's cache (renderChartsOnce): a renderer started anew
    // draws the very bytes the page holds.
    for (const svg of await renderChartsToSvg(charts.map((chart) => chart.spec))) expect(html).toContain(svg);
  });

  it("states the sod and adi formulas, every Trust Score weight, the grade bands and the provider weights from the code", () => {
    expect(html).toContain("sod(b, c, m) = volume(b, c, m) ÷ Σ");
    expect(html).toContain("adi(b, c, m) = volume(b, c, m) ÷ max");
    for (const [name, weight] of Object.entries(TRUST_WEIGHTS))
      expect(html).toContain(`<code>${name}</code></td><td class="num">${formatPercent(weight)}</td>`);
    for (const [name, weight] of Object.entries(PROVIDER_RANK_WEIGHTS))
      expect(html).toMatch(
        new RegExp(`<code>${name}</code></td><td>[^<]+</td><td class="num">${formatPercent(weight)}</td>`),
      );
    for (const band of TRUST_GRADES) expect(html).toContain(`<td>${band.grade}</td><td>${band.min} to `);
  });

  it("states the unknown-is-not-zero rule and, per component, how many brands have its inputs (#26)", () => {
    expect(html).toContain("<h3>Unknown is not zero</h3>");
    expect(html).toContain("less than 50% of the weight is marked provisional");
    const total = context.dataset.brands.length;
    for (const name of Object.keys(TRUST_WEIGHTS)) {
      const known = context.dataset.brands.filter(
        (brand) => brand.trust.components[name as keyof typeof TRUST_WEIGHTS] !== null,
      ).length;
      expect(html).toMatch(
        new RegExp(
          `<code>${name}</code></td><td class="num">[^<]+</td><td>[^<]+</td><td class="num">${known} of ${total}</td>`,
        ),
      );
    }
  });

  it("lists the calibration figures of every market", () => {
    expect(context.dataset.calibration.length).toBeGreaterThan(0);
    for (const entry of context.dataset.calibration)
      expect(html).toContain(
        `<td>${entry.country}</td><td>${entry.regulator_code} · ${entry.vertical}</td><td>${entry.currency}</td><td class="num">${entry.months}</td>`,
      );
  });

  it("explains the revenue estimates and lists every market's model, errors and whether it publishes estimates (#27)", () => {
    expect(html).toContain('<h2 id="revenue-estimates">Revenue estimates among licensed brands</h2>');
    expect(html).toContain("the 2 months before it");
    expect(html).toContain("the hold-out error is above 25%");
    for (const entry of context.dataset.calibration)
      expect(html).toContain(
        `<td>${entry.country} · ${entry.regulator_code} · ${entry.vertical}</td><td>${entry.model.fit_periods} + ${entry.model.hold_out_periods}</td>`,
      );
  });

  // An SVG chart alone says nothing to a screen reader but its short label: each is followed by its figures.
  it("follows each chart with its figures as a captioned table, folded", () => {
    const charts = methodologyCharts(context.dataset);
    for (const chart of charts) {
      const after = html.slice(html.indexOf(`<figure id="${chart.id}"`));
      const details = after.slice(after.indexOf("</figure>\n") + "</figure>\n".length);
      expect(
        details.startsWith(
          `<details class="chart-data"><summary>The chart's figures as a table</summary><div class="scroll" tabindex="0" role="region" aria-label="`,
        ),
        chart.id,
      ).toBe(true);
      expect(details, chart.id).toContain(`"><table><caption>${escapeHtml(chart.table.caption)}</caption>`);
      expect(chart.table.rows.length, chart.id).toBeGreaterThan(0);
      for (const row of chart.table.rows) expect(row, chart.id).toHaveLength(chart.table.head.length);
    }
  });

  it("captions every table and scopes every column header", () => {
    const tables = html.match(/<table>.*?<\/table>/gs) ?? [];
    expect(tables.length).toBeGreaterThanOrEqual(5 + methodologyCharts(context.dataset).length);
    for (const table of tables) {
      expect(table).toMatch(/^<table><caption>[^<]+<\/caption><thead>/);
      expect(table.match(/<th[ >]/g)?.length).toBe(table.match(/<th scope="col"/g)?.length);
    }
  });

  it("links the resume directory's section from the contents line, and says so in the description", () => {
    expect(html).toMatch(/<p>Contents: [^\n]*<a href="#resume-directory">[^<]+<\/a><\/p>/);
    expect(html).toContain('<h2 id="resume-directory">Resume directory: search and statistics</h2>');
    expect(html).toMatch(/<meta name="description" content="[^"]*resume directory&#39;s search[^"]*statistics[^"]*">/);
  });

  it("states the resume index's field weights, k1 and b, and the other numbers, from the code", () => {
    const { fields, k1, b } = RESUME_SEARCH_SETTINGS;
    for (const field of fields)
      expect(html).toMatch(
        new RegExp(`<td><code>${field.name}</code></td><td>[^<]+</td><td class="num">${field.weight}</td>`),
      );
    expect(html).toContain(`k<sub>1</sub> = ${k1} and <em>b</em> = ${b}`);
    // The values today, so that a change to the settings shows up here as well as on the page.
    expect([fields.map((field) => `${field.name} ${field.weight}`), k1, b]).toEqual([
      ["title 3", "skills 2", "text 1"],
      1.2,
      0.75,
    ]);
    expect(html).toContain(`${PREFIX_FLOOR} × (1 + word length ÷ term length)`);
    expect(html).toContain(`<code>keit</code> → <code>keitaro</code> counts ${prefixFactor(4, 7).toFixed(2)}`);
    expect(html).toContain(`longer than ${MAX_TOKEN_LENGTH} characters`);
    expect(html).toContain(`rounded to ${SCORE_DECIMALS} decimals`);
    expect(html).toContain(`per_page</code>, default ${RESUME_PAGE_SIZE}, at most ${RESUME_PAGE_MAX}`);
    expect(html).toContain(`the ${TOP_SKILLS} skills`);
    expect(html).toContain(`each rounded to ${EXPERIENCE_DECIMALS} decimals`);
    expect(html).toContain(SENIORITIES.map((value) => `<code>${value}</code>`).join(", "));
    expect(html).toContain(CONTACT_QUALITIES.map((value) => `<code>${value}</code>`).join(", "));
  });

  it("renders the section from the settings it is given, so other weights, k1 or b change the text", () => {
    const settings = {
      fields: [
        { name: "title", weight: 5 },
        { name: "skills", weight: 2.5 },
        { name: "text", weight: 0.5 },
      ],
      k1: 1.6,
      b: 0.3,
    };
    const section = resumeDirectorySection(settings);
    expect(section).toContain(
      `<td><code>title</code></td><td>${escapeHtml("the resume's title")}</td><td class="num">5</td>`,
    );
    expect(section).toContain('<td class="num">2.5</td>');
    expect(section).toContain('<td class="num">0.5</td>');
    expect(section).toContain("k<sub>1</sub> = 1.6 and <em>b</em> = 0.3");
    expect(section).not.toContain(`k<sub>1</sub> = ${RESUME_SEARCH_SETTINGS.k1}`);
    expect(resumeDirectorySection()).toBe(
      html.slice(html.indexOf('<h2 id="resume-directory">'), html.indexOf("</main>")).trimEnd(),
    );
  });

  it("closes every element it opens in the resume directory's section", () => {
    const section = resumeDirectorySection();
    for (const tag of [
      "p",
      "h2",
      "h3",
      "code",
      "em",
      "sub",
      "table",
      "tr",
      "td",
      "th",
      "div",
      "strong",
      "a",
      "ul",
      "li",
    ]) {
      const opened = section.match(new RegExp(`<${tag}[ >]`, "g"))?.length ?? 0;
      expect(section.match(new RegExp(`</${tag}>`, "g"))?.length ?? 0, tag).toBe(opened);
    }
    expect(section).not.toMatch(/&(?!(amp|lt|gt|quot|#39);)/);
  });

  it("has no script and no external asset", () => {
    expect(html).not.toMatch(/<script|<link[^>]+stylesheet|<img|\ssrc=/);
  });

  it("is produced at /methodology, its body finished once the charts are rendered", async () => {
    const [file] = methodologyPageProducer(context);
    expect(file).toMatchObject({
      urlPath: "/methodology/",
      file: "methodology/index.html",
      contentType: "text/html; charset=utf-8",
    });
    expect(file!.body).toBeInstanceOf(Promise);
    expect(await file!.body).toBe(html);
  });
});

describe("gradeBandRows", () => {
  it("gives each band its range and the number of brands in it", async () => {
    const context = await minContext();
    const rows = gradeBandRows(context.dataset);
    expect(rows.map((row) => row.slice(0, 2))).toEqual([
      ["A", "80 to 100"],
      ["B", "65 to below 80"],
      ["C", "50 to below 65"],
      ["D", "35 to below 50"],
      ["E", "0 to below 35"],
    ]);
    expect(rows.reduce((sum, row) => sum + Number(row[2]), 0)).toBe(context.dataset.brands.length);
  });
});

describe("trustDistributionTable", () => {
  it("counts every brand once, in the band and grade the chart draws it in (a score of 100 in the last band)", async () => {
    const context = await minContext();
    const table = trustDistributionTable(context.dataset);
    expect(table.head).toEqual(["Score", ...TRUST_GRADES.map((band) => `Grade ${band.grade}`), "Brands"]);
    expect(table.rows[0]![0]).toBe("0 to below 5");
    expect(table.rows.at(-1)![0]).toBe("95 to 100");
    expect(table.rows.reduce((sum, row) => sum + Number(row.at(-1)), 0)).toBe(context.dataset.brands.length);
    for (const row of table.rows)
      expect(row.slice(1, -1).reduce((sum, cell) => sum + Number(cell), 0)).toBe(Number(row.at(-1)));
    const brand = context.dataset.brands[0]!;
    const band = Math.min(19, Math.floor(brand.trust.score! / 5));
    const column = TRUST_GRADES.findIndex((grade) => grade.grade === brand.trust.grade) + 1;
    expect(Number(table.rows[band]![column])).toBeGreaterThan(0);
  });
});

describe("methodologyCharts", () => {
  it("reads the largest market's rows once for the demand chart's spec, table and caption", async () => {
    const { dataset } = await minContext();
    let filters = 0;
    // The index, counting the passes that pick one market's rows out of it.
    const index = Object.assign([...dataset.index], {
      filter(...args: Parameters<typeof dataset.index.filter>) {
        filters += 1;
        return dataset.index.filter(...args);
      },
    });
    const charts = methodologyCharts({ ...dataset, index });
    expect(charts.map((chart) => chart.id)).toContain("chart-demand-share");
    expect(filters).toBe(1);
  });
});

describe("the demand and calibration tables", () => {
  it("hold every point their charts draw", async () => {
    const context = await minContext();
    const charts = methodologyCharts(context.dataset);
    const demand = charts.find((chart) => chart.id === "chart-demand-share");
    if (demand !== undefined) {
      const { rows } = demandShareSeries(context.dataset, largestMarket(context.dataset)!);
      const cells = demand.table.rows.flatMap((row) => row.slice(1)).filter((cell) => cell !== "—");
      expect(cells.length).toBe(rows.length);
    }
    const calibration = charts.find((chart) => chart.id === "chart-calibration");
    if (calibration !== undefined)
      expect(calibration.table.rows.length).toBe(calibrationPoints(context.dataset).length);
  });
});
