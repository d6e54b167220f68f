/**
 * The methodology page's section on Trust Score history (#27): the as-of-month rule, monotonic market
 * presence and monitoring-normalised transparency, with a worked example from the data.
 * @module
 */
import type { BrandRecord, Dataset, TrustHistoryEntry } from "../compute/dataset.ts";
import { periodEndDate } from "../compute/periods.ts";
import { MIN_MONITORED_MONTHS, TRANSPARENCY_WINDOW_MONTHS } from "../compute/transparency.ts";
import { brandTimelines, latestEntryUpTo, type Dated } from "../compute/trust-observations.ts";
import { escapeHtml, renderTable } from "./html.ts";

/** Months of the example shown: the last ones of the history, then the current score. */
const EXAMPLE_MONTHS = 3;

/** The first brand (by slug) whose history rests on every kind of dated input: the example. */
export function exampleBrand(dataset: Dataset): BrandRecord | undefined {
  const { reputationObservations, paymentObservations, monitoring } = dataset.trustObservations;
  const has = (rows: readonly { brand: string }[]) => new Set(rows.map((row) => row.brand));
  const [reputation, payments, watched] = [has(reputationObservations), has(paymentObservations), has(monitoring)];
  const withDemand = new Set(dataset.index.map((value) => value.brand));
  return dataset.brands.find(
    (brand) =>
      reputation.has(brand.slug) && payments.has(brand.slug) && watched.has(brand.slug) && withDemand.has(brand.slug),
  );
}

const shown = (value: number | null) => (value === null ? "unknown" : value.toFixed(1));
const reading = <T>(value: number | null, entry: Dated<T> | undefined, snapshotDate: string) =>
  entry === undefined
    ? shown(value)
    : `${shown(value)} (${entry.date === snapshotDate ? "the record, at the snapshot" : `reading of ${entry.date}`})`;

function exampleRows(dataset: Dataset, brand: BrandRecord): string[][] {
  const snapshotDate = dataset.meta.snapshot_at.slice(0, 10);
  const primary = dataset.domains.find((domain) => domain.brand === brand.slug && domain.primary);
  const timelines = brandTimelines(dataset.trustObservations, snapshotDate)(brand, primary);
  const watch = dataset.trustObservations.monitoring.find((record) => record.brand === brand.slug);
  const entries: TrustHistoryEntry[] = [...brand.trust_history.slice(-EXAMPLE_MONTHS), brand.trust];
  return entries.map((entry, index) => {
    const current = index === entries.length - 1;
    const end = periodEndDate(entry.period);
    const asOf = current || end > snapshotDate ? snapshotDate : end;
    const { components: c } = entry;
    return [
      escapeHtml(current ? `${entry.period} (now)` : entry.period),
      asOf,
      escapeHtml(reading(c.reputation, latestEntryUpTo(timelines.reputation, asOf), snapshotDate)),
      escapeHtml(reading(c.payments, latestEntryUpTo(timelines.payments, asOf), snapshotDate)),
      escapeHtml(reading(c.domain_health, latestEntryUpTo(timelines.health, asOf), snapshotDate)),
      escapeHtml(
        `${shown(c.transparency)}${watch === undefined ? "" : ` (${watch.pages.length} page${watch.pages.length === 1 ? "" : "s"} watched since ${watch.since})`}`,
      ),
      shown(c.market_presence),
      shown(c.licensing),
      entry.score === null ? "—" : entry.score.toFixed(1),
    ];
  });
}

/** The section, placed after the Trust Score's components. */
export function trustHistorySection(dataset: Dataset): string {
  const brand = exampleBrand(dataset);
  const example =
    brand === undefined
      ? "<p>This data set has no brand with every kind of dated input, so there is no worked example.</p>"
      : `<p>Worked example: ${escapeHtml(brand.name)} (<code>${escapeHtml(brand.slug)}</code>), its last ${EXAMPLE_MONTHS} months and its current score. Each cell is the published component and the observation it rests on.</p>
${renderTable(
  `Trust Score of ${escapeHtml(brand.name)} as of each month: components and the dated inputs behind them`,
  [
    "Month",
    "As of",
    "Reputation",
    "Payments",
    "Domain health",
    "Transparency",
    "Market presence",
    "Licensing",
    "Score",
  ],
  exampleRows(dataset, brand),
  [6, 7, 8],
)}`;
  return `<h2 id="trust-as-of">Trust Score as of each month</h2>
<p>A month of <code>/brands/{slug}/trust-history</code> uses only what was known by the month's last day (or by the snapshot, for the month that holds it): for reputation, payments and domain health the latest dated observation up to that day (the downloads <code>reputation-observations</code>, <code>payment-observations</code> and <code>domain-checks</code>), and licenses by their issue, change and expiry dates. Without an observation by then, that component is unknown that month. The values on a brand or domain record that carry no date (its reputation, payment terms, a health check without <code>checked_at</code>, a non-active license status without its change date) are the values at the snapshot: they count from the snapshot on, never backwards. The current score (<code>/brands</code>, <code>/trust-scores</code>, the brand card) is computed as of the snapshot itself, its period the snapshot's month; market presence then uses the latest month of demand data.</p>
<p><strong>Market presence</strong> adds a reach part (markets with demand) and half the brand's highest adi: a further market, or more demand of the brand, never lowers it. A month where the brand has no demand row is unknown, not 0; a market with a missing measurement keeps its latest measured adi.</p>
<p><strong>Transparency</strong> rests on the brand's monitoring record (download <code>monitoring</code>: which pages are watched, since when). Alert costs in the ${TRANSPARENCY_WINDOW_MONTHS} months up to the month count only on watched pages from <code>since</code>, and are scaled to a full watch, so a brand watched on every page all year and one watched on one page for a few months are marked on the same rate of changes. With fewer than ${MIN_MONITORED_MONTHS} watched months, or no record, transparency is unknown. Publishing or updating a responsible-gambling page costs nothing.</p>
${example}
<p>Every month of every brand's history can be recomputed from the bulk downloads alone: <code>brands</code>, <code>licenses</code>, <code>regulators</code>, <code>domains</code>, <code>demand</code>, <code>index</code>, <code>tc-alerts</code> and the four downloads of dated inputs, with the snapshot date of <code>datapackage.json</code> (<code>created</code>); a test of this project does so.</p>`;
}
