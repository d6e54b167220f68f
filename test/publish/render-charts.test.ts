import { describe, expect, it } from "vitest";
import { renderChartsToSvg } from "../../build/publish/render-charts.ts";

const bars = {
  data: { values: [{ kind: "a", count: 1 }, { kind: "b", count: 3 }] },
  mark: "bar",
  encoding: { x: { field: "kind", type: "nominal" }, y: { field: "count", type: "quantitative" } },
};

describe("renderChartsToSvg", () => {
  it("renders each Vega-Lite spec to an SVG document with its marks, the same bytes every time", async () => {
    const first = await renderChartsToSvg([bars, { ...bars, mark: "point" }]);
    expect(first).toHaveLength(2);
    expect(first[0]).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(first[0]!.match(/class="mark-rect role-mark/g)).toHaveLength(1);
    expect(first[0]!.match(/<path /g)!.length).toBeGreaterThanOrEqual(2);
    expect(first[1]).toContain('class="mark-symbol role-mark');
    expect(await renderChartsToSvg([bars, { ...bars, mark: "point" }])).toEqual(first);
  });

  it("gives nothing for no spec without starting the renderer", async () => {
    expect(await renderChartsToSvg([])).toEqual([]);
  });

  it("reports a spec Vega-Lite cannot compile as an internal error", async () => {
    await expect(renderChartsToSvg([{ mark: "no-such-mark" }])).rejects.toThrow(/Internal error: the chart renderer failed/);
  });
});
