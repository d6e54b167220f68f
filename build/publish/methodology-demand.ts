/**
 * The methodology page's rules of the demand side added by #27: outages (missing, not zero), sod within a
 * vertical, and the momentum's noise band, each with a worked example taken from the data.
 * @module
 */
import { compareStrings } from "../compute/compare.ts";
import type { Dataset } from "../compute/dataset.ts";
import type { IndexValue } from "../compute/demand-index.ts";
import { ALL_VERTICALS } from "../compute/market-demand.ts";
import { pastChanges } from "../compute/momentum.ts";
import { BAND_SIGMAS, MAD_TO_SIGMA, MIN_PAST_CHANGES, noiseBand } from "../compute/noise-band.ts";
import { median, round4 } from "../compute/numbers.ts";
import { pairSeries } from "../compute/period-volumes.ts";
import { escapeHtml, formatCount, renderTable } from "./html.ts";

const volumeText = (volume: number | null): string =>
  volume === null ? "<code>null</code> (outage)" : formatCount(volume);
const share = (value: number | null): string => (value === null ? "<code>null</code>" : value.toFixed(4));

/** The worked example of a group of values: each brand's volume, sod and adi, and the measured sum and maximum. */
function exampleTable(caption: string, values: readonly IndexValue[]): string {
  const measured = values.flatMap((value) => (value.volume === null ? [] : [value.volume]));
  const rows = values.map((value) => [
    escapeHtml(value.brand),
    volumeText(value.volume),
    share(value.sod),
    share(value.adi),
  ]);
  rows.push([
    "<em>measured brands</em>",
    `Σ ${formatCount(measured.reduce((sum, volume) => sum + volume, 0))}, max ${formatCount(Math.max(0, ...measured))}`,
    "",
    "",
  ]);
  return renderTable(caption, ["Brand", "Volume", "sod", "adi"], rows, [1, 2, 3]);
}

/** The smallest group (at least 3 values, one an outage) of the latest month that has one: a readable example. */
function outageExample(dataset: Dataset): { country: string; period: string; values: IndexValue[] } | undefined {
  const groups = new Map<string, IndexValue[]>();
  for (const value of dataset.index) {
    const key = `${value.period}|${value.country}`;
    groups.set(key, [...(groups.get(key) ?? []), value]);
  }
  const candidates = [...groups.entries()]
    .filter(([, values]) => values.length >= 3 && values.some((value) => value.volume === null))
    .sort(
      (a, b) =>
        compareStrings(b[0].slice(0, 7), a[0].slice(0, 7)) || a[1].length - b[1].length || compareStrings(a[0], b[0]),
    );
  const found = candidates[0];
  return found && { period: found[0].slice(0, 7), country: found[0].slice(8), values: found[1] };
}

/** The smallest market-month-vertical of the latest month with at least 2 brands. */
function verticalExample(dataset: Dataset) {
  const groups = new Map<string, IndexValue[]>();
  for (const value of dataset.verticalIndex) {
    const key = `${value.period}|${value.country}|${value.vertical}`;
    groups.set(key, [...(groups.get(key) ?? []), value]);
  }
  const found = [...groups.entries()]
    .filter(([, values]) => values.length >= 2 && values.length <= 6)
    .sort(
      (a, b) =>
        compareStrings(b[0].slice(0, 7), a[0].slice(0, 7)) || a[1].length - b[1].length || compareStrings(a[0], b[0]),
    )[0];
  if (found === undefined) return undefined;
  const [period, country, vertical] = found[0].split("|") as [string, string, string];
  return { period, country, vertical, values: found[1] };
}

/** §1b: outages and verticals, after the demand index. */
export function demandRulesSection(dataset: Dataset): string {
  const outages = dataset.index.filter((value) => value.volume === null).length;
  const zeros = dataset.index.filter((value) => value.volume === 0).length;
  const outage = outageExample(dataset);
  const vertical = verticalExample(dataset);
  const verticals = [...new Set(dataset.verticalIndex.map((value) => value.vertical))].sort(compareStrings);
  return `<h3 id="outages">Outages are missing, not zero</h3>
<p>Three cases are kept apart everywhere. A demand row with a volume (0 included) is a <strong>measurement</strong>. A row whose volume is <code>null</code> (<code>NA</code> in a CSV seed) is an <strong>outage</strong>: the brand was tracked there that month but not measured; its sod and adi are <code>null</code>, never 0, and the other brands' shares are computed over the brands measured (the outage counts in neither the sum nor the maximum). <strong>No row</strong> means the brand was not tracked there that month: it enters or leaves the market. <code>/market-demand</code> gives each market-month's measured total with the number of brands measured and missing, so that a move in a share can be told apart from a change in coverage. This snapshot has ${formatCount(outages)} outages and ${formatCount(zeros)} measured zeros among ${formatCount(dataset.index.length)} brand-months.</p>
${
  outage === undefined
    ? ""
    : `<p>Worked example: ${escapeHtml(outage.country)} in ${escapeHtml(outage.period)}. The brand with the outage has no share; the others' sods are their volume ÷ the measured sum × 100 and still add up to 100.</p>
${exampleTable(`${outage.country}, ${outage.period}: sod and adi over the measured brands`, outage.values)}`
}
<h3 id="verticals">Within a vertical</h3>
<p>Share of search is meaningful within a category: a lottery brand does not compete with a sportsbook for the same searches. A demand row may name its vertical (${verticals.length > 0 ? verticals.map((name) => `<code>${escapeHtml(name)}</code>`).join(", ") : "casino, sportsbook, poker, lottery"}; <code>betting</code> is read as <code>sportsbook</code>). Then sod and adi are also computed within each vertical, over the brands measured in it (<code>/index?vertical=…</code>, the <code>demand-verticals</code> download), by the same formulas. The all-verticals figure stays as before: a brand's all-verticals volume is its row without a vertical where it has one, otherwise the sum of its vertical rows that month, and an outage in any of them makes it an outage. In <code>/market-demand</code> the all-verticals rows have the vertical <code>${ALL_VERTICALS}</code>, as ground truth names a whole market.</p>
${
  vertical === undefined
    ? ""
    : `<p>Worked example: ${escapeHtml(vertical.vertical)} in ${escapeHtml(vertical.country)}, ${escapeHtml(vertical.period)}.</p>
${exampleTable(`${vertical.country}, ${vertical.period}, ${vertical.vertical}: sod and adi within the vertical`, vertical.values)}`
}`;
}

/** The noise band's worked example: one market's past changes, their median and MAD, and its band. */
function bandExample(dataset: Dataset): string {
  const { momentum } = dataset;
  const changes = pastChanges(pairSeries(dataset.index), dataset.periods);
  const [country, own] = [...changes.entries()]
    .filter(([, list]) => list.length >= MIN_PAST_CHANGES)
    .sort((a, b) => b[1].length - a[1].length || compareStrings(a[0], b[0]))[0] ?? ["", []];
  if (own.length === 0) return "";
  const center = median(own);
  const mad = median(own.map((change) => Math.abs(change - center)));
  const entry = momentum.entries.find((candidate) => candidate.country === country && candidate.wow_pct !== null);
  const verdict =
    entry === undefined
      ? ""
      : ` ${escapeHtml(entry.brand)} there went from ${formatCount(entry.previous)} to ${formatCount(entry.volume)}: wow_pct ${entry.wow_pct!.toFixed(4)}%, ${entry.direction}.`;
  return `<p>Worked example: ${escapeHtml(country)} has ${formatCount(own.length)} past changes; their median is ${round4(center).toFixed(4)}% and the median absolute deviation from it ${round4(mad).toFixed(4)} points, so the band is ${BAND_SIGMAS} × ${MAD_TO_SIGMA} × ${round4(mad).toFixed(4)} = ${noiseBand(own).toFixed(4)}%.${verdict}</p>`;
}

/** The momentum rules of §4: the noise band, the 3-month and year-over-year changes, and the pairs left out. */
export function momentumRules(dataset: Dataset): string {
  const { momentum } = dataset;
  const count = (direction: string) => momentum.entries.filter((entry) => entry.direction === direction).length;
  const reasons = ["outage", "not_tracked"].map(
    (reason) =>
      `${formatCount(momentum.excluded.filter((pair) => pair.reason === reason).length)} ${reason.replace("_", " ")}`,
  );
  return `<p><strong>Momentum</strong> gives the same change per brand and country as <code>wow_pct</code>, with a direction judged against the market's own noise. The <strong>flat band</strong> of a market is ${BAND_SIGMAS}σ̂ of its past changes: every brand's month-over-month percent change there between two consecutive months before the current one (both measured, the earlier above 0), with σ̂ = ${MAD_TO_SIGMA} × the median absolute deviation from their median (a robust standard deviation: a launch ramp or an odd month does not widen it as it widens a plain σ). A market with fewer than ${MIN_PAST_CHANGES} past changes takes the band of all markets' changes pooled (${momentum.flat_band.toFixed(4)}% now, <code>meta.flat_band</code>). <code>up</code> when wow_pct ≥ the band, <code>down</code> when wow_pct ≤ −band, <code>flat</code> between; a start from a measured zero is <code>up</code>. Each entry carries its market's <code>flat_band</code>. Now: ${formatCount(count("up"))} up, ${formatCount(count("flat"))} flat, ${formatCount(count("down"))} down.</p>
${bandExample(dataset)}
<p>Month over month, a seasonal market moves with its season; two more changes put that in view: <code>change_3m_pct</code> against the month 3 months before the current one and <code>yoy_pct</code> against the same month a year before, each <code>null</code> unless that month was measured and above 0.</p>
<p>A pair with an outage or no row in either of the two months has no change: it is left out of trending and momentum (never −100%), and <code>meta.excluded</code> names it with its reason and month. Now: ${reasons.join(", ")}.</p>`;
}
