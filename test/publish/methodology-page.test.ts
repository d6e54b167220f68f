import { beforeAll, describe, expect, it } from "vitest";
import type { EngineContext } from "../../build/query/endpoint.ts";
import { PROVIDER_RANK_WEIGHTS } from "../../build/compute/provider-rank.ts";
import { TRUST_GRADES, TRUST_WEIGHTS } from "../../build/compute/trust-score.ts";
import { escapeHtml, formatPercent } from "../../build/publish/html.ts";
import { calibrationPoints, demandShareSeries, largestMarket, trustDistributionTable } from "../../build/publish/methodology-charts.ts";
import { methodologyCharts, methodologyPage, methodologyPageProducer } from "../../build/publish/methodology-page.ts";
import { gradeBandRows } from "../../build/publish/methodology-sections.ts";
import { minContext } from "../fixtures/min-context.ts";

describe("methodologyPage", () => {
  // Rendering starts the chart renderer (about a second): once for the file, once more for determinism.
  let context: EngineContext;
  let html: string;
  beforeAll(async () => {
    context = await minContext();
    html = await methodologyPage(context);
  });

  it("inlines one SVG chart per chart the data allows, and renders the same bytes twice", async () => {
    const charts = methodologyCharts(context.dataset);
    expect(charts.map((chart) => chart.id)).toContain("chart-trust-distribution");
    for (const chart of charts) expect(html).toMatch(new RegExp(`<figure id="${chart.id}" class="chart"><div class="scroll" role="img" aria-label="[^"]+"><svg `));
    expect(html.match(/<svg /g)).toHaveLength(charts.length);
    expect(await methodologyPage(context)).toBe(html);
  });

  it("states the sod and adi formulas, every Trust Score weight, the grade bands and the provider weights from the code", () => {
    expect(html).toContain("sod(b, c, m) = volume(b, c, m) ÷ Σ");
    expect(html).toContain("adi(b, c, m) = volume(b, c, m) ÷ max");
    for (const [name, weight] of Object.entries(TRUST_WEIGHTS)) expect(html).toContain(`<code>${name}</code></td><td class="num">${formatPercent(weight)}</td>`);
    for (const [name, weight] of Object.entries(PROVIDER_RANK_WEIGHTS)) expect(html).toMatch(new RegExp(`<code>${name}</code></td><td>[^<]+</td><td class="num">${formatPercent(weight)}</td>`));
    for (const band of TRUST_GRADES) expect(html).toContain(`<td>${band.grade}</td><td>${band.min} to `);
  });

  it("lists the calibration figures of every market", () => {
    expect(context.dataset.calibration.length).toBeGreaterThan(0);
    for (const entry of context.dataset.calibration) expect(html).toContain(`<td>${entry.country}</td><td>${entry.regulator_code}</td><td>${entry.currency}</td><td class="num">${entry.months}</td>`);
  });

  // An SVG chart alone says nothing to a screen reader but its short label: each is followed by its figures.
  it("follows each chart with its figures as a captioned table, folded", () => {
    const charts = methodologyCharts(context.dataset);
    for (const chart of charts) {
      const after = html.slice(html.indexOf(`<figure id="${chart.id}"`));
      const details = after.slice(after.indexOf("</figure>\n") + "</figure>\n".length);
      expect(details.startsWith(`<details class="chart-data"><summary>The chart's figures as a table</summary><div class="scroll"><table><caption>${escapeHtml(chart.table.caption)}</caption>`), chart.id).toBe(true);
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

  it("has no script and no external asset", () => {
    expect(html).not.toMatch(/<script|<link[^>]+stylesheet|<img|\ssrc=/);
  });

  it("is produced at /methodology, its body finished once the charts are rendered", async () => {
    const [file] = methodologyPageProducer(context);
    expect(file).toMatchObject({ urlPath: "/methodology", file: "methodology/index.html", contentType: "text/html; charset=utf-8" });
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
    for (const row of table.rows) expect(row.slice(1, -1).reduce((sum, cell) => sum + Number(cell), 0)).toBe(Number(row.at(-1)));
    const brand = context.dataset.brands[0]!;
    const band = Math.min(19, Math.floor(brand.trust.score / 5));
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
    if (calibration !== undefined) expect(calibration.table.rows.length).toBe(calibrationPoints(context.dataset).length);
  });
});
