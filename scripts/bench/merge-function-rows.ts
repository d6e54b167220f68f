/**
 * `npm run bench:function -- --save`: the Netlify function's figures put into the saved results of the
 * latest full run (results/latest.json) without running the rest of the bench again (issue 32). The
 * function's rows of the table are replaced, scale by scale, and each measuring run (date, load average)
 * is kept beside them, so docs/performance.md says the rows were measured apart.
 * @module
 */
import { functionRows, type FunctionRun, type ScaleFunctionFigures } from "./function-report.ts";
import type { BenchResults } from "./report.ts";

const FUNCTION_ROW = /^Netlify function, scale \d+:/;

/**
 * `results` with `measured` in place of the figures of the same scales (others kept), the table's function
 * rows made again from them (last, where the full run puts them), and `run` recorded for those scales.
 */
export function mergeFunctionRows(
  results: BenchResults,
  measured: readonly ScaleFunctionFigures[],
  run: FunctionRun,
): BenchResults {
  const scales = new Set(measured.map(({ scale }) => scale));
  const functions = [...(results.functions ?? []).filter(({ scale }) => !scales.has(scale)), ...measured].sort(
    (a, b) => a.scale - b.scale,
  );
  const functionRuns = [
    ...(results.functionRuns ?? [])
      .map((earlier) => ({ ...earlier, scales: earlier.scales.filter((scale) => !scales.has(scale)) }))
      .filter((earlier) => earlier.scales.length > 0),
    run,
  ];
  return {
    ...results,
    functions,
    functionRuns,
    rows: [...results.rows.filter((row) => !FUNCTION_ROW.test(row.measure)), ...functionRows(functions)],
  };
}
