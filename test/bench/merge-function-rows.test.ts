/**
 * `npm run bench:function -- --save` (scripts/bench/merge-function-rows.ts): the function rows of the
 * saved full run replaced scale by scale, the other rows kept, and each measuring run named under the table.
 */
import { describe, expect, it } from "vitest";
import type { FunctionFigures } from "../../scripts/bench/function-figures.ts";
import { functionRows, functionRunLines } from "../../scripts/bench/function-report.ts";
import { mergeFunctionRows } from "../../scripts/bench/merge-function-rows.ts";
import { latestRunMarkdown, type BenchResults } from "../../scripts/bench/report.ts";

const MiB = 2 ** 20;
const figures = (coldStartMs: number): FunctionFigures => ({
  unzippedBytes: 100 * MiB,
  zippedBytes: 20 * MiB,
  coldStartMs,
  coldStartCpuMs: coldStartMs / 2,
  rssAfterBytes: 300 * MiB,
  peakRssBytes: 400 * MiB,
  largest: { path: "/api/dataset/v1/index?country=IN", bytes: 3_748_259 },
  answers: [],
});
const otherRow = {
  measure: "a page of brands",
  ours: "1",
  reference: "2",
  ratio: "0.50×",
  target: "≥ 0.5×",
  holds: true,
};
const saved: BenchResults = {
  date: "2026-11-27T10:00:00.000Z",
  quick: false,
  machine: { cpu: "cpu", cpus: 2, memoryGiB: 8, os: "linux", node: "v20", pinned: false, loadAverage: { before: 1 } },
  notes: [],
  http: [],
  fallback: [],
  rows: [otherRow],
};
const run = (scales: number[], before: number) => ({
  scales,
  date: "2026-11-28T12:30:00.000Z",
  loadAverage: { before, after: before + 1 },
});

describe("mergeFunctionRows", () => {
  it("adds the function rows after the others when the saved run has none", () => {
    const merged = mergeFunctionRows(saved, [{ scale: 1, figures: figures(500) }], run([1], 2));
    expect(merged.rows[0]).toEqual(otherRow);
    expect(merged.rows.slice(1)).toEqual(functionRows([{ scale: 1, figures: figures(500) }]));
    expect(merged.functionRuns).toEqual([run([1], 2)]);
  });

  it("replaces the re-measured scales only, keeping the others in scale order", () => {
    const first = mergeFunctionRows(
      saved,
      [
        { scale: 1, figures: figures(500) },
        { scale: 4, figures: figures(900) },
      ],
      run([1, 4], 2),
    );
    const second = mergeFunctionRows(first, [{ scale: 4, figures: figures(700) }], run([4], 5));
    expect(second.functions?.map(({ scale, figures }) => [scale, figures.coldStartMs])).toEqual([
      [1, 500],
      [4, 700],
    ]);
    expect(second.rows).toHaveLength(1 + 8);
    expect(second.rows.filter((row) => row.measure.startsWith("Netlify function, scale 4: cold start"))).toHaveLength(
      1,
    );
    expect(second.functionRuns).toEqual([run([1], 2), run([4], 5)]);
  });
});

describe("functionRunLines", () => {
  it("names each run's scales, date and load average under the table", () => {
    expect(functionRunLines([run([1, 4], 2)])).toEqual([
      "Netlify function rows of scale 1, 4: measured apart by `npm run bench:function`, 2026-11-28 12:30 UTC, load average 2.00 → 3.00.",
    ]);
    // The machine, where the run recorded it.
    expect(
      functionRunLines([{ ...run([16], 2), machine: "Intel(R) Xeon(R) Processor, 2 CPUs, Node v20.20.2" }]),
    ).toEqual([
      "Netlify function rows of scale 16: measured apart by `npm run bench:function`, 2026-11-28 12:30 UTC, Intel(R) Xeon(R) Processor, 2 CPUs, Node v20.20.2, load average 2.00 → 3.00.",
    ]);
    const markdown = latestRunMarkdown(
      mergeFunctionRows(saved, [{ scale: 16, figures: figures(1500) }], run([16], 2)),
      "latest.json",
    );
    expect(
      markdown.endsWith(
        "\n\nNetlify function rows of scale 16: measured apart by `npm run bench:function`, 2026-11-28 12:30 UTC, load average 2.00 → 3.00.",
      ),
    ).toBe(true);
  });
});
