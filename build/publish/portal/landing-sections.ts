/**
 * The parts of the landing page for people (issue 28), each from the computed dataset and the engine's
 * answers: what the data covers, key numbers, the ways in, a featured chart, a quick start with a real
 * call and its real answer, and a few sample rows.
 * @module
 */
import { changeCaption } from "../change-caption.ts";
import type { EngineContext } from "../../query/endpoint.ts";
import { SERVICE_BASES } from "../../query/services.ts";
import { counted } from "../counted.ts";
import { escapeHtml, formatCount, renderTable } from "../html.ts";
import { largestMarket } from "../methodology-charts.ts";
import { PORTAL_LINKS, SITE_LINKS } from "../site-links.ts";
import { engineAnswer } from "./engine-answer.ts";
import { lineChartFigure } from "./line-chart.ts";
import { marketData, sharedAnswers } from "./market-data.ts";

/** The quick start's call: small enough to show its whole answer. */
const QUICK_START = { endpoint: "dataset.trending", path: "/trending", pairs: [["limit", "3"]] as [string, string][] };
export const QUICK_START_PATH = `${SERVICE_BASES.dataset}${QUICK_START.path}?${new URLSearchParams(QUICK_START.pairs).toString()}`;

export const LANDING_STYLE = `
.numbers{display:grid;grid-template-columns:repeat(auto-fit,minmax(9rem,1fr));gap:.8rem;margin:1.2rem 0;padding:0;list-style:none;max-width:60rem}
.numbers li{border:1px solid var(--line);border-radius:8px;padding:.6rem .8rem;background:var(--soft)}
.numbers strong{display:block;font-size:1.5rem;line-height:1.2}
.buttons{display:flex;flex-wrap:wrap;gap:.6rem;margin:1rem 0 1.5rem;padding:0;list-style:none}
.buttons a{display:inline-block;padding:.5rem 1rem;border:1px solid var(--accent);border-radius:6px;text-decoration:none;font-weight:600}
.buttons li:first-child a{background:var(--accent);color:#fff}
`.trim();

/** One sentence of what both datasets cover, from actual counts. */
export function coverageSentence(context: EngineContext): string {
  const { counts } = context.dataset;
  return `Open data on online casino and betting brands — their licenses, Trust Scores, games and studios, and search demand in ${formatCount(counts.countries_with_demand_data)} markets — and a directory of ${formatCount(context.dataset.resumes.length)} resumes of affiliate and iGaming professionals.`;
}

export function keyNumbers(context: EngineContext): string {
  const { counts, periods } = context.dataset;
  const items: [number, string][] = [
    [counts.brands, "casino and betting brands"],
    [counts.licenses, "licenses from regulators"],
    [counts.games, `games from ${formatCount(counts.providers)} studios`],
    [counts.countries_with_demand_data, `markets with search demand, ${periods.length} months`],
    [context.dataset.resumes.length, "resumes"],
  ];
  return `<ul class="numbers" aria-label="Key numbers">${items.map(([count, label]) => `<li><strong>${formatCount(count)}</strong> ${escapeHtml(label)}</li>`).join("")}</ul>`;
}

export function entryButtons(): string {
  const links: [string, string][] = [
    [PORTAL_LINKS.markets, "Markets"],
    [PORTAL_LINKS.brands, "Brands"],
    [PORTAL_LINKS.resumes, "Resume search"],
    [SITE_LINKS.dataset.docs, "API docs"],
    [SITE_LINKS.methodology, "Methodology"],
    [SITE_LINKS.downloads, "Downloads"],
  ];
  return `<ul class="buttons">${links.map(([href, label]) => `<li><a href="${href}">${label}</a></li>`).join("")}</ul>`;
}

export function datasetCards(context: EngineContext): string {
  const { counts, periods, meta } = context.dataset;
  const span = periods.length === 0 ? "" : ` from ${escapeHtml(periods[0]!)} to ${escapeHtml(periods.at(-1)!)}`;
  return `<h2 id="datasets">What the data covers</h2>
<div class="cards">
<section class="card" aria-labelledby="about-dataset"><h3 id="about-dataset">${escapeHtml(meta.dataset.name)}</h3>
<p>${formatCount(counts.brands)} online casino and betting brands with their ${formatCount(counts.domains)} domains and ${formatCount(counts.licenses)} licenses, a Trust Score from six signals, ${formatCount(counts.games)} casino games from ${formatCount(counts.providers)} studios ranked by lobby presence, and each brand's share of search in ${formatCount(counts.countries_with_demand_data)} markets, monthly${span}.</p>
<p><a href="${PORTAL_LINKS.markets}">Markets</a> · <a href="${PORTAL_LINKS.brands}">Brands</a> · <a href="${SITE_LINKS.dataset.docs}">API reference</a></p></section>
<section class="card" aria-labelledby="about-resumes"><h3 id="about-resumes">${escapeHtml(meta.resumes.name)}</h3>
<p>${formatCount(context.dataset.resumes.length)} resumes of affiliate marketers and iGaming professionals: role, verticals, traffic sources, seniority, skills and experience, searchable in full text, with contacts where the person agreed to publish them.</p>
<p><a href="${PORTAL_LINKS.resumes}">Resume search</a> · <a href="${SITE_LINKS.resumes.docs}">API reference</a></p></section>
</div>`;
}

export function featuredChart(context: EngineContext): string {
  const code = largestMarket(context.dataset);
  const country = context.dataset.countries.find((candidate) => candidate.code === code);
  if (country === undefined) return "";
  const data = marketData(context, country, sharedAnswers(context));
  if (data.chart.length === 0) return "";
  return `<h2 id="featured">Share of search in ${escapeHtml(country.name)}</h2>
${lineChartFigure({ id: "featured", caption: `${data.chart.length === data.shares.length ? `The ${counted(data.chart.length, "brand")} tracked` : `The ${data.chart.length} brands with the largest share of search`} in ${country.name}, the market with the most searches, monthly from ${data.periods[0]} to ${data.latest}: each brand's search volume as a percentage of all ${formatCount(data.shares.length)} brands tracked there.`, xTitle: "Month", yTitle: "Share of search (%)", xLabels: data.periods, series: data.chart.map((brand) => ({ name: brand.name, values: brand.values })) })}
<p><a href="${PORTAL_LINKS.market(country.code)}">${escapeHtml(country.name)}: every brand, trending and regulators</a> · <a href="${PORTAL_LINKS.markets}">all markets</a></p>`;
}

export function quickStart(context: EngineContext): string {
  const answer = engineAnswer<{ growth_pct: number | null }[]>(context, QUICK_START.endpoint, {}, QUICK_START.pairs);
  const shown =
    answer.data.length === 0
      ? "The brands whose searches changed most between the last two months (none yet: the data set has fewer than two months)"
      : `${changeCaption(answer.data.map((entry) => entry.growth_pct))} in searches between the last two months`;
  return `<h2 id="quick-start">Quick start</h2>
<p>No key, no sign-up: every answer is JSON with its source, license and attribution in <code>meta</code>. ${shown}:</p>
<pre><code>curl -s '${escapeHtml(context.dataset.site.base_url + QUICK_START_PATH)}'</code></pre>
<p>Its answer (formatted):</p>
<pre><code>${escapeHtml(JSON.stringify(answer, null, 2))}</code></pre>`;
}

export function sampleRows(context: EngineContext): string {
  const brands = engineAnswer<
    { rank: number | null; slug: string; name: string; score: number | null; grade: string | null }[]
  >(context, "dataset.trustScores", {}, [["per_page", "5"]]).data;
  const resumes = engineAnswer<
    { id: number; title: string; role: string; seniority: string; experience_years: number }[]
  >(context, "resumes.list", {}, [["per_page", "3"]]).data;
  const brandRows = brands.map((brand) => [
    brand.rank === null ? "—" : String(brand.rank),
    `<a href="${PORTAL_LINKS.brand(brand.slug)}">${escapeHtml(brand.name)}</a>`,
    brand.score === null ? "—" : brand.score.toFixed(1),
    escapeHtml(brand.grade ?? "—"),
  ]);
  const resumeRows = resumes.map((resume) => [
    `<a href="${PORTAL_LINKS.resumes}?id=${resume.id}">${escapeHtml(resume.title)}</a>`,
    escapeHtml(resume.role),
    escapeHtml(resume.seniority),
    String(resume.experience_years),
  ]);
  return `<h2 id="samples">Sample rows</h2>
${renderTable(`${brandRows.length === context.dataset.brands.length ? `Every brand (${brandRows.length}) by Trust Score` : `The ${counted(brandRows.length, "brand")} with the highest Trust Score`} (<code>${SERVICE_BASES.dataset}/trust-scores?per_page=5</code>)`, ["Rank", "Brand", "Trust Score", "Grade"], brandRows, [0, 2])}
${renderTable(`${resumeRows.length === context.dataset.resumes.length ? `Every resume (${resumeRows.length}), most recently updated first` : `The ${counted(resumeRows.length, "most recently updated resume")}`} (<code>${SERVICE_BASES.resumes}/resumes?per_page=3</code>)`, ["Title", "Role", "Seniority", "Years"], resumeRows, [3])}`;
}
