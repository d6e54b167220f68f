/**
 * The text sections of the methodology page. Every weight, band and threshold is read from the
 * compute modules (or, for Trust Score rules, evaluated from them by trust-rules.ts); nothing is retyped.
 * @module
 */
import type { Dataset } from "../compute/dataset.ts";
import { MOMENTUM_FLAT_BAND } from "../compute/momentum.ts";
import { PROVIDER_RANK_WEIGHTS, RELEASE_WINDOW_MONTHS, type ProviderMeasure } from "../compute/provider-rank.ts";
import { TRUST_GRADES, TRUST_WEIGHTS, type TrustComponent } from "../compute/trust-score.ts";
import { escapeHtml, formatCount, formatPercent, renderTable } from "./html.ts";
import { trustComponentRules } from "./trust-rules.ts";

const COMPONENT_NAMES: Record<TrustComponent, string> = {
  licensing: "Licensing",
  reputation: "Reputation",
  market_presence: "Market presence",
  domain_health: "Domain health",
  transparency: "Transparency",
  payments: "Payments",
};

const PROVIDER_MEASURES: Record<ProviderMeasure, string> = {
  games_count: "games in the catalog",
  rtp_avg: "mean RTP of its games that publish one",
  release_activity: `games released in the ${RELEASE_WINDOW_MONTHS} months up to the snapshot`,
  casino_presence: "distinct brands whose casino lobbies show at least one of its games",
  regional_diversity: "distinct countries of those lobby sightings",
};

/** The grade bands as rows: grade, score range, brands in the snapshot. */
export function gradeBandRows(dataset: Dataset): string[][] {
  return TRUST_GRADES.map((band, index) => {
    const upper = index === 0 ? "100" : `below ${TRUST_GRADES[index - 1]!.min}`;
    const brands = dataset.brands.filter((brand) => brand.trust.grade === band.grade).length;
    return [band.grade, `${band.min} to ${upper}`, formatCount(brands)];
  });
}

/** §1: sod and adi (contract §2). */
export function indexSection(dataset: Dataset, chart: string): string {
  const { periods, counts } = dataset;
  return `<h2 id="index">Demand index: sod and adi</h2>
<p>For every brand <em>b</em>, country <em>c</em> and month <em>m</em> with a demand row, the monthly search volume of the brand's keywords gives two figures (4 decimals):</p>
<p class="formula">sod(b, c, m) = volume(b, c, m) ÷ Σ<sub>all tracked brands</sub> volume(·, c, m) × 100</p>
<p class="formula">adi(b, c, m) = volume(b, c, m) ÷ max<sub>all tracked brands</sub> volume(·, c, m) × 100</p>
<p><strong>sod</strong> (share of demand) is the brand's percentage of all tracked demand in the market that month; the sods of a market-month add up to 100. <strong>adi</strong> puts the market leader at 100 and the others in proportion. A market-month without any volume gives 0 to every brand. This snapshot holds ${formatCount(counts.index_values)} values in ${formatCount(counts.countries_with_demand_data)} countries over ${periods.length} months${periods.length > 0 ? ` (${escapeHtml(periods[0]!)} to ${escapeHtml(periods[periods.length - 1]!)})` : ""}.</p>
${chart}`;
}

/** §2: Trust Score 2.0 components, weights and grade bands. */
export function trustSection(dataset: Dataset, chart: string): string {
  const rules = trustComponentRules();
  const rows = (Object.keys(TRUST_WEIGHTS) as TrustComponent[]).map((name) => [`${COMPONENT_NAMES[name]} <code>${name}</code>`, formatPercent(TRUST_WEIGHTS[name]), escapeHtml(rules[name])]);
  return `<h2 id="trust-score">Trust Score 2.0</h2>
<p>Each brand is scored 0–100 at the end of every month (so <code>/brands/{slug}/trust-history</code> shows how its trust moved) from six components, each 0–100 and rounded to 1 decimal. The score is the weighted sum of the rounded components, rounded to 1 decimal, so anyone can re-add the published numbers:</p>
<p class="formula">score = ${(Object.keys(TRUST_WEIGHTS) as TrustComponent[]).map((name) => `${TRUST_WEIGHTS[name]} × ${name}`).join(" + ")}</p>
${renderTable("Trust Score 2.0 components: weight and rule", ["Component", "Weight", "Rule"], rows, [1])}
<h3>Grade bands</h3>
<p>The grade is the first band whose minimum the score reaches.</p>
${renderTable("Grade bands: score range and brands in each now", ["Grade", "Score", "Brands now"], gradeBandRows(dataset), [2])}
${chart}`;
}

/** §3: provider and game ranks. */
export function ranksSection(dataset: Dataset): string {
  const weights = (Object.keys(PROVIDER_RANK_WEIGHTS) as ProviderMeasure[]).map((name) => [`<code>${name}</code>`, escapeHtml(PROVIDER_MEASURES[name]), formatPercent(PROVIDER_RANK_WEIGHTS[name])]);
  const top = dataset.providerRanks.slice(0, 5).map((entry) => [String(entry.rank), escapeHtml(entry.name), entry.rank_score.toFixed(1)]);
  return `<h2 id="provider-rank">Provider rank</h2>
<p>An activity index of each game studio. Each of five measures is normalised against the largest provider's value (value ÷ maximum × 100, 1 decimal; 0 when the maximum is 0 or the value is missing), and <code>rank_score</code> is their weighted sum (1 decimal). <code>rank</code> orders rank_score descending, then slug.</p>
${renderTable("Provider rank measures and weights", ["Measure", "What it counts", "Weight"], weights, [2])}
${renderTable("Top five providers now", ["Rank", "Provider", "rank_score"], top, [0, 2])}
<h2 id="game-rank">GameRank</h2>
<p>How prominently casino lobbies show a game. <code>presence</code> is the number of distinct brands whose lobbies show it (a brand seen in several countries counts once); <code>avg_position</code> is the mean lobby position over every sighting (1 = first tile, 4 decimals). Games are ranked by presence descending, then avg_position ascending (the published, rounded value), then slug; games never seen in a lobby have no rank. This snapshot ranks ${formatCount(dataset.gameRanks.length)} of ${formatCount(dataset.games.length)} games.</p>`;
}

/** §4: trending and momentum. */
export function trendsSection(dataset: Dataset): string {
  const { trending, momentum } = dataset;
  const months = trending.previous_period === null ? "the dataset's last two months" : `the dataset's last two months (${escapeHtml(trending.previous_period)} → ${escapeHtml(trending.current_period ?? "")})`;
  return `<h2 id="trending">Trending and momentum</h2>
<p>Both compare ${months}, the same two months for every market, so every entry compares like with like. A brand × country pair with a row in only one of them counts 0 in the other.</p>
<p class="formula">growth_pct = (current − previous) ÷ previous × 100</p>
<p><strong>Trending</strong> gives each brand's growth per country and across all countries (its volumes summed; <code>country: null</code>), growth descending. A start from zero has no percentage (<code>null</code>, listed last).</p>
<p><strong>Momentum</strong> gives the same change per brand and country as <code>wow_pct</code> with a direction: <code>flat</code> when |wow_pct| is below ${MOMENTUM_FLAT_BAND}% (month-to-month noise, not momentum), otherwise <code>up</code> or <code>down</code> (exactly ±${MOMENTUM_FLAT_BAND}% is up or down); a start from zero is <code>up</code>. Now: ${["up", "flat", "down"].map((direction) => `${formatCount(momentum.entries.filter((entry) => entry.direction === direction).length)} ${direction}`).join(", ")}.</p>`;
}

/** §5: calibration against ground truth, with its figures per market. */
export function calibrationSection(dataset: Dataset, chart: string): string {
  const rows = dataset.calibration.map((entry) => [
    escapeHtml(entry.country),
    escapeHtml(entry.regulator_code),
    escapeHtml(entry.currency),
    String(entry.months),
    entry.correlation === null ? "—" : entry.correlation.toFixed(4),
    escapeHtml(entry.latest_period ?? "—"),
    entry.latest_ggr === null ? "—" : formatCount(entry.latest_ggr),
  ]);
  return `<h2 id="calibration">Calibration against ground truth</h2>
<p>Where a regulator publishes gross gaming revenue (GGR), the tracked demand is checked against it. For each market (country and regulator), the calibrated months are those with both GGR and tracked demand (total volume above 0); a month missing on either side is left out. The correlation is Pearson's <em>r</em> between the monthly tracked demand total and GGR over those months (none below 3 months or for a constant series).</p>
<p class="formula">revenue_estimate(b) = sod(b, latest calibrated month) × GGR(latest calibrated month) ÷ 100</p>
<p>The estimates split the latest calibrated month's GGR by share of demand; they are published with <code>/ground-truth</code>.</p>
${renderTable("Calibration per market: months calibrated, correlation r and latest GGR", ["Country", "Regulator", "Currency", "Months", "r", "Latest month", "Latest GGR"], rows, [3, 4, 6])}
${chart}`;
}
