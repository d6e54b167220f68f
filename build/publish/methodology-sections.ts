/**
 * The text sections of the methodology page. Every weight, band and threshold is read from the
 * compute, query and search modules (or, for Trust Score rules, evaluated from them by trust-rules.ts);
 * nothing is retyped.
 * @module
 */
import type { Dataset } from "../compute/dataset.ts";
import { PROVIDER_RANK_WEIGHTS, RELEASE_WINDOW_MONTHS } from "../compute/provider-rank.ts";
import { PROVISIONAL_BELOW_WEIGHT, TRUST_GRADES, TRUST_WEIGHTS } from "../compute/trust-score.ts";
import type { ProviderMeasure, TrustComponent } from "../response-schemas/vocabularies.ts";
import { CONTACT_QUALITIES, SENIORITIES } from "../query/resumes/resume-filters.ts";
import { SCORE_DECIMALS } from "../query/resumes/resume-records.ts";
import { RESUME_PAGE_MAX, RESUME_PAGE_SIZE } from "../query/resumes/resume-selection.ts";
import { EXPERIENCE_DECIMALS, TOP_SKILLS } from "../query/resumes/resume-stats.ts";
import { EXTRA_FOLDS, foldSearchText, MAX_TOKEN_LENGTH } from "../search/fold-search-text.ts";
import { RESUME_SEARCH_SETTINGS } from "../search/resume-search-index.ts";
import type { SearchSettings } from "../search/search-index.ts";
import { PREFIX_FLOOR, prefixFactor } from "../search/search-query.ts";
import { escapeHtml, formatCount, formatPercent, renderTable } from "./html.ts";
import { demandRulesSection, momentumRules } from "./methodology-demand.ts";
import { SITE_LINKS } from "./site-links.ts";
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

/** What each searched field of a resume holds, by its name in `RESUME_SEARCH_SETTINGS`. */
const SEARCH_FIELDS: Readonly<Record<string, string>> = {
  title: "the resume's title",
  skills: "its listed skills",
  text: "its full text",
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
<p class="formula">sod(b, c, m) = volume(b, c, m) ÷ Σ<sub>all measured brands</sub> volume(·, c, m) × 100</p>
<p class="formula">adi(b, c, m) = volume(b, c, m) ÷ max<sub>all measured brands</sub> volume(·, c, m) × 100</p>
<p><strong>sod</strong> (share of demand) is the brand's percentage of all tracked demand in the market that month; the sods of a market-month add up to 100. <strong>adi</strong> puts the market leader at 100 and the others in proportion. A market-month without any volume gives 0 to every brand. This snapshot holds ${formatCount(counts.index_values)} values in ${formatCount(counts.countries_with_demand_data)} countries over ${periods.length} months${periods.length > 0 ? ` (${escapeHtml(periods[0]!)} to ${escapeHtml(periods[periods.length - 1]!)})` : ""}.</p>
${chart}
${demandRulesSection(dataset)}`;
}

/** §2: Trust Score 2.0 components, weights and grade bands. */
export function trustSection(dataset: Dataset, chart: string): string {
  const rules = trustComponentRules();
  const known = (name: TrustComponent) =>
    dataset.brands.filter((brand) => brand.trust.components[name] !== null).length;
  const rows = (Object.keys(TRUST_WEIGHTS) as TrustComponent[]).map((name) => [
    `${COMPONENT_NAMES[name]} <code>${name}</code>`,
    formatPercent(TRUST_WEIGHTS[name]),
    escapeHtml(rules[name]),
    `${formatCount(known(name))} of ${formatCount(dataset.brands.length)}`,
  ]);
  const provisional = dataset.brands.filter((brand) => brand.trust.provisional && brand.trust.score !== null).length;
  const unscored = dataset.brands.filter((brand) => brand.trust.score === null).length;
  return `<h2 id="trust-score">Trust Score 2.0</h2>
<p>Each brand is scored 0–100 at the end of every month from the inputs known then (see <a href="#trust-as-of">below</a>; so <code>/brands/{slug}/trust-history</code> shows how its trust moved) from six components, each 0–100 and rounded to 1 decimal. With every component known, the score is the weighted sum of the rounded components, rounded to 1 decimal, so anyone can re-add the published numbers:</p>
<p class="formula">score = ${(Object.keys(TRUST_WEIGHTS) as TrustComponent[]).map((name) => `${TRUST_WEIGHTS[name]} × ${name}`).join(" + ")}</p>
${renderTable("Trust Score 2.0 components: weight, rule and brands whose inputs are known now", ["Component", "Weight", "Rule", "Brands known"], rows, [1, 3])}
<h3>Unknown is not zero</h3>
<p>A component whose inputs the data set does not have is unknown (<code>null</code>), never 0. The score is then the weighted mean of the known components, their weights re-spread in proportion (each known weight ÷ the sum of the known weights), and each score lists the components it rests on (<code>coverage</code>). A grade resting on less than ${formatPercent(PROVISIONAL_BELOW_WEIGHT)} of the weight is marked provisional (<code>provisional: true</code>); with no known component, score and grade are <code>null</code>. Known absence is not unknown: in a data set that has licenses, a brand without one scores 0 for licensing, and likewise a brand without a primary domain where the data set has domains; market presence is unknown for a brand without demand data and transparency for one without a monitoring record, and a component is unknown for every brand where the data set supplies none of its inputs at all. Now: ${formatCount(provisional)} provisional grade${provisional === 1 ? "" : "s"}, ${formatCount(unscored)} brand${unscored === 1 ? "" : "s"} without a score.</p>
<h3>Grade bands</h3>
<p>The grade is the first band whose minimum the score reaches.</p>
${renderTable("Grade bands: score range and brands in each now", ["Grade", "Score", "Brands now"], gradeBandRows(dataset), [2])}
${chart}`;
}

/** The first providers in rank order; a provider without a rank_score has no rank (#26) and says so. */
function topProvidersTable(ranks: Dataset["providerRanks"]): string {
  if (ranks.length === 0) return "<p>The data set has no game providers, so none is ranked.</p>";
  const top = ranks.slice(0, 5);
  const rows = top.map((entry) => [
    entry.rank === null ? "unknown" : String(entry.rank),
    escapeHtml(entry.name),
    entry.rank_score?.toFixed(1) ?? "unknown",
  ]);
  const caption =
    top.length === ranks.length
      ? `Every provider now (${top.length})`
      : top.every((entry) => entry.rank !== null)
        ? `The ${top.length} highest-ranked providers now`
        : `The first ${top.length} providers in rank order now (unranked ones after the ranked)`;
  return renderTable(caption, ["Rank", "Provider", "rank_score"], rows, [0, 2]);
}

/** §3: provider and game ranks. */
export function ranksSection(dataset: Dataset): string {
  const ranks = dataset.providerRanks;
  const weights = (Object.keys(PROVIDER_RANK_WEIGHTS) as ProviderMeasure[]).map((name) => [
    `<code>${name}</code>`,
    escapeHtml(PROVIDER_MEASURES[name]),
    formatPercent(PROVIDER_RANK_WEIGHTS[name]),
    `${formatCount(ranks.filter((entry) => entry.components[name] !== null).length)} of ${formatCount(ranks.length)}`,
  ]);
  const partial = ranks.filter((entry) => entry.rank_score !== null && entry.coverage.length < weights.length).length;
  const unscored = ranks.filter((entry) => entry.rank_score === null).length;
  return `<h2 id="provider-rank">Provider rank</h2>
<p>An activity index of each game studio. Each of five measures is normalised against the largest provider's value (value ÷ maximum × 100, 1 decimal; 0 when the maximum is 0); with every measure known, <code>rank_score</code> is their weighted sum (1 decimal). <code>rank</code> numbers the providers with a rank_score 1, 2, 3… in rank_score descending order, then slug.</p>
<p>Unknown is not zero, as for the Trust Score: a measure whose inputs the data set does not have is <code>null</code>, never 0 (the mean RTP of a provider none of whose games publishes one; the game counts where the data set has no games at all; casino presence and regional diversity where it has no lobby sightings at all). <code>rank_score</code> is then the weighted mean of the known measures, their weights re-spread in proportion (each known weight ÷ the sum of the known weights), and each rank lists the measures it rests on (<code>coverage</code>); with no known measure, rank_score and <code>rank</code> are <code>null</code> (unknown, not the last place), and the provider is listed after the ranked ones, by slug. Known absence is not unknown: where the data set has lobby sightings, a provider none of whose games is seen counts 0. Now: ${formatCount(partial)} provider${partial === 1 ? "" : "s"} ranked on part of the measures, ${formatCount(unscored)} without a rank_score.</p>
${renderTable("Provider rank measures, weights and providers whose inputs are known now", ["Measure", "What it counts", "Weight", "Providers known"], weights, [2, 3])}
${topProvidersTable(ranks)}
<h2 id="game-rank">GameRank</h2>
<p>How prominently casino lobbies show a game. <code>presence</code> is the number of distinct brands whose lobbies show it (a brand seen in several countries counts once); <code>avg_position</code> is the mean lobby position over every sighting (1 = first tile, 4 decimals). Games are ranked by presence descending, then avg_position ascending (the published, rounded value), then slug; games never seen in a lobby have no rank. This snapshot ranks ${formatCount(dataset.gameRanks.length)} of ${formatCount(dataset.games.length)} games.</p>`;
}

/** §4: trending and momentum. */
export function trendsSection(dataset: Dataset): string {
  const { trending } = dataset;
  const months =
    trending.previous_period === null
      ? "the dataset's last two months"
      : `the dataset's last two months (${escapeHtml(trending.previous_period)} → ${escapeHtml(trending.current_period ?? "")})`;
  return `<h2 id="trending">Trending and momentum</h2>
<p>Both compare ${months}, the same two months for every market, so every entry compares like with like. Only a brand × country pair measured in both months has a change (see below).</p>
<p class="formula">growth_pct = (current − previous) ÷ previous × 100</p>
<p><strong>Trending</strong> gives each brand's growth per country and across all countries (its volumes summed; <code>country: null</code>), growth descending. A start from zero has no percentage (<code>null</code>, listed last).</p>
${momentumRules(dataset)}`;
}

/** §5: calibration against ground truth, with its figures per market. */
export function calibrationSection(dataset: Dataset, chart: string): string {
  const rows = dataset.calibration.map((entry) => [
    escapeHtml(entry.country),
    escapeHtml(`${entry.regulator_code} · ${entry.vertical}`),
    escapeHtml(entry.currency),
    String(entry.months),
    entry.correlation === null ? "—" : entry.correlation.toFixed(4),
    escapeHtml(entry.latest_period ?? "—"),
    entry.latest_ggr === null ? "—" : formatCount(entry.latest_ggr),
  ]);
  return `<h2 id="calibration">Calibration against ground truth</h2>
<p>Where a regulator publishes gross gaming revenue (GGR), the tracked demand is checked against it. For each market (country, regulator and vertical), the calibrated periods (months, quarters, half-years or years, as the regulator publishes) are those with GGR and tracked demand in every month (total volume above 0); a period missing on either side is left out. The correlation is Pearson's <em>r</em> between the period's tracked demand total and GGR over those periods (none below 3 periods or for a constant series).</p>
<p>Revenue estimates per brand, split among licensed brands only, are the next section's; they are published with <code>/ground-truth</code>.</p>
${renderTable("Calibration per market: reporting periods calibrated, correlation r and latest GGR", ["Country", "Regulator", "Currency", "Periods", "r", "Latest period", "Latest GGR"], rows, [3, 4, 6])}
${chart}`;
}

/** A word, its folded form, as code (the folding is run, not retyped). */
function folded(word: string): string {
  return `<code>${escapeHtml(word)}</code> → <code>${escapeHtml(foldSearchText(word))}</code>`;
}

/** A prefix match and the weight `prefixFactor` gives it. */
function prefixExample(word: string, term: string): string {
  return `<code>${escapeHtml(word)}</code> → <code>${escapeHtml(term)}</code> counts ${prefixFactor(word.length, term.length).toFixed(2)}`;
}

/**
 * §6: how the resume directory's `q` matches and scores, how its lists sort, and what `/stats` counts.
 * The settings are a parameter so that a test can show the text follows them.
 */
export function resumeDirectorySection(settings: SearchSettings = RESUME_SEARCH_SETTINGS): string {
  const { k1, b } = settings;
  const fields = settings.fields.map((field) => [
    `<code>${escapeHtml(field.name)}</code>`,
    escapeHtml(SEARCH_FIELDS[field.name] ?? "—"),
    String(field.weight),
  ]);
  const folds = Object.entries(EXTRA_FOLDS)
    .map(([letter, base]) => `${escapeHtml(letter)} → ${escapeHtml(base)}`)
    .join(", ");
  const values = (list: readonly string[]) => list.map((value) => `<code>${escapeHtml(value)}</code>`).join(", ");
  return `<h2 id="resume-directory">Resume directory: search and statistics</h2>
<p>How <code>/resumes</code> and <code>/resumes/export</code> of the <a href="${SITE_LINKS.resumes.docs}">resume directory</a> match, score and order resumes for <code>q</code> (both take the same parameters and select the same page), and how <code>/stats</code> counts them.</p>
<h3>What q matches</h3>
<p><code>q</code> and every resume are folded the same way: Unicode compatibility decomposition (NFKD), lower case, then accents and other combining marks removed, so ${folded("José")} and ${folded("Пётр")}; <code>й</code> stays a letter of its own. Letters with no decomposition fold as a reader takes them: ${folds}. Scripts are not transliterated: a word in Latin letters does not find its Cyrillic spelling. A word is a run of letters and digits of any script; anything else only separates words, so there are no phrases or operators. Words longer than ${MAX_TOKEN_LENGTH} characters are not indexed, so a query word that long finds nothing.</p>
<p>Every word of <code>q</code> must match (a repeated word counts once), and a <code>q</code> without any letter or digit matches nothing. Words match whole, except the last, which also matches as the start of a longer word, so <code>q=media buy</code> finds a media buyer. A longer word found that way counts less than the word itself:</p>
<p class="formula">prefix factor = ${PREFIX_FLOOR} × (1 + word length ÷ term length)</p>
<p>so ${prefixExample("keit", "keitaro")} and ${prefixExample("a", "affiliate")}; the word itself counts in full. Each searched field has a weight:</p>
${renderTable("Searched fields of a resume and their weights", ["Field", "What it holds", "Weight"], fields, [2])}
<h3>Relevance score</h3>
<p>With <code>q</code>, each item carries <code>score</code>, its BM25F relevance, rounded to ${SCORE_DECIMALS} decimals. For a word <em>t</em> in a resume <em>d</em>, the count in each field is normalised by the field's length and weighted, and the fields are summed before a single saturation, so a word found in several fields is not counted as several words:</p>
<p class="formula">tf(t, d) = Σ<sub>fields f</sub> weight<sub>f</sub> × count(t, d, f) ÷ (1 − b + b × length(d, f) ÷ average length(f))</p>
<p class="formula">impact(t, d) = idf(t) × tf(t, d) × (k<sub>1</sub> + 1) ÷ (tf(t, d) + k<sub>1</sub>)</p>
<p class="formula">idf(t) = ln(1 + (N − n(t) + 0.5) ÷ (n(t) + 0.5))</p>
<p>with k<sub>1</sub> = ${k1} and <em>b</em> = ${b}. Lengths count folded words; <em>N</em> is the number of resumes and <em>n</em>(t) the number that contain <em>t</em> in any field, both over the whole directory, so filters narrow a list without changing any score. A resume's score is the sum, over the words of <code>q</code>, of the largest impact × prefix factor among the terms the word matched in it. Impacts are computed at build time and stored in single precision.</p>
<h3>Order</h3>
<p><code>sort=date</code> (<code>updated_at</code>, compared as an instant) is the default, with <code>q</code> too: a search narrows the list, newest first. <code>experience</code> sorts by <code>experience_years</code>, and <code>relevance</code> by the score as shown, rounded, so resumes showing the same score are ordered by the tie-break. <code>relevance</code> needs <code>q</code>: without it the list sorts by date, and <code>meta.sort</code> says <code>date</code>. Every sort runs descending unless <code>order=asc</code>; ties are broken by <code>id</code> ascending, in either direction. Filters keep this order, and the page is cut from it (<code>page</code>; <code>per_page</code>, default ${RESUME_PAGE_SIZE}, at most ${RESUME_PAGE_MAX}).</p>
<h3>Statistics</h3>
<p><code>/stats</code> takes no parameters and counts the whole directory. Values are ordered by code unit (as JavaScript's <code>&lt;</code> compares strings: capitals before lower case).</p>
<ul>
<li><code>total</code>: the resumes; <code>with_contacts</code>: those with at least one contact.</li>
<li><code>by_role</code>, <code>by_vertical</code>, <code>by_traffic</code>, <code>by_source</code>: resumes per value, most first, then by value; a value no resume has is not listed. A resume listing several verticals or traffic types counts once under each, so those counts can add up to more than the total.</li>
<li><code>by_seniority</code>, <code>by_contact_quality</code>: every value, zeros included, in the order of the lists (${values(SENIORITIES)}; ${values(CONTACT_QUALITIES)}).</li>
<li><code>top_skills</code>: the ${TOP_SKILLS} skills most resumes list. Skills are compared ignoring case, as the <code>skill</code> filter does, and a resume counts once per skill; each is shown in its most frequent spelling (a tie goes to the first by code unit). Most resumes first, then by the shown name.</li>
<li><code>updated_at</code>: the earliest (<code>min</code>) and latest (<code>max</code>) <code>updated_at</code>, compared as instants and shown as written in the data.</li>
<li><code>experience_years</code>: the median (the middle value, or the mean of the two middle ones for an even count) and the mean, each rounded to ${EXPERIENCE_DECIMALS} decimals, half away from zero.</li>
</ul>
<p>Figures that need at least one resume (the <code>updated_at</code> range, the median and the mean) are <code>null</code> when there is none.</p>`;
}
