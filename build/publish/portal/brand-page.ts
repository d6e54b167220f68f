/**
 * The page of one brand, `/brands/<slug>/`, from the API's own answers (its card, trust history and
 * T&C alerts): Trust Score with its components (unknown ones said so), trust history and demand charts,
 * licenses, domains, payment methods, the alert timeline and links to compare it with its closest rivals.
 * @module
 */
import type { EngineContext } from "../../query/endpoint.ts";
import { SERVICE_BASES } from "../../query/services.ts";
import { escapeHtml, formatCount, renderTable } from "../html.ts";
import { counted } from "../counted.ts";
import { renderPage } from "../page-layout.ts";
import { PORTAL_LINKS, SITE_LINKS } from "../site-links.ts";
import { engineAnswer } from "./engine-answer.ts";
import { CHART_STYLE, lineChartFigure } from "./line-chart.ts";
import { portalNotice } from "./portal-notice.ts";
import { compareApiPath } from "./compare-page.ts";
import { rivalsOf } from "./rivals.ts";

/** Markets drawn in a brand's demand chart (the rest are in its table). */
export const DEMAND_CHART_MARKETS = 6;

type Components = Record<string, number | null>;
interface Card {
  slug: string;
  name: string;
  status: string;
  description: string;
  founded_year: number | null;
  verticals: string[];
  markets: string[];
  licenses_count: number | null;
  trust: {
    period: string;
    score: number | null;
    grade: string | null;
    rank: number | null;
    components: Components;
    weights: Record<string, number>;
  };
  // Signals a publisher's data may lack are null: unknown, and said so (issue 26).
  payment_methods: string[] | null;
  withdrawal_days: number | null;
  domains: {
    domain: string;
    primary: boolean;
    health: { https: boolean | null; uptime_pct: number | null } | null;
    whois: { registrar: string | null } | null;
  }[];
  licenses: {
    regulator_code: string;
    jurisdiction: string;
    license_number: string;
    status: string;
    register_status: string;
    issued_at: string;
    expires_at: string | null;
  }[];
  demand: { country: string; series: { period: string; volume: number; sod: number | null }[] }[];
}
interface HistoryEntry {
  period: string;
  score: number | null;
  grade: string | null;
}
interface Alert {
  detected_at: string;
  page_type: string;
  change_type: string;
  summary: string;
}

const words = (key: string): string => escapeHtml(key.replace(/_/g, " "));
const fixed = (value: number | null | undefined, decimals = 1): string =>
  value === null || value === undefined ? "unknown" : value.toFixed(decimals);

function trustSection(card: Card): string {
  const entries = Object.entries(card.trust.weights);
  const unknown = entries
    .filter(([name]) => typeof card.trust.components[name] !== "number")
    .map(([name]) => words(name));
  const rows = entries.map(([name, weight]) => [
    words(name),
    `${Math.round(weight * 100)}%`,
    fixed(card.trust.components[name]),
  ]);
  const score =
    card.trust.score === null
      ? "unknown (no component is known)"
      : `<strong>${fixed(card.trust.score)}</strong> of 100, grade <strong>${escapeHtml(card.trust.grade ?? "")}</strong>${card.trust.rank === null ? "" : `, rank ${formatCount(card.trust.rank)}`}`;
  return `<h2 id="trust">Trust Score</h2>
<p>${score} (${escapeHtml(card.trust.period)}). ${unknown.length === 0 ? "Every component is known." : `Unknown, so left out of the score with its weight re-spread: ${unknown.join(", ")}.`} Weights and grade bands: <a href="${SITE_LINKS.methodology}#trust">methodology</a>.</p>
${renderTable("Trust Score components, each 0 to 100", ["Component", "Weight", "Value"], rows, [1, 2])}`;
}

function historyChart(card: Card, history: readonly HistoryEntry[]): string {
  if (history.length < 2) return "";
  const first = history[0]!.period;
  const last = history.at(-1)!.period;
  return lineChartFigure({
    id: "trust-history",
    caption: `Trust Score of ${card.name} at the end of each month, ${first} to ${last} (${history.length} months), each month using only the inputs known by then.`,
    xTitle: "Month",
    yTitle: "Trust Score (0-100)",
    xLabels: history.map((entry) => entry.period),
    series: [{ name: "Trust Score", values: history.map((entry) => entry.score) }],
    yMax: 100,
    decimals: 1,
  });
}

function demandSection(context: EngineContext, card: Card): string {
  if (card.demand.length === 0)
    return `<h2 id="demand">Demand per market</h2><p>No search demand is tracked for ${escapeHtml(card.name)}.</p>`;
  const periods = [...new Set(card.demand.flatMap((market) => market.series.map((point) => point.period)))].sort();
  const latestVolume = (market: Card["demand"][number]) => market.series.at(-1)?.volume ?? 0;
  const markets = [...card.demand].sort(
    (a, b) => latestVolume(b) - latestVolume(a) || (a.country < b.country ? -1 : 1),
  );
  const drawn = markets.slice(0, DEMAND_CHART_MARKETS);
  const nameOf = (code: string) => context.dataset.countries.find((country) => country.code === code)?.name ?? code;
  const chart = lineChartFigure({
    id: "demand",
    caption: `Share of search of ${card.name} in ${drawn.length === markets.length ? `its ${markets.length === 1 ? "market" : counted(markets.length, "market")}` : `the ${drawn.length} of its ${markets.length} markets with the most searches`}, monthly from ${periods[0]} to ${periods.at(-1)}.`,
    xTitle: "Month",
    yTitle: "Share of search (%)",
    xLabels: periods,
    series: drawn.map((market) => {
      const byPeriod = new Map(market.series.map((point) => [point.period, point.sod]));
      return { name: nameOf(market.country), values: periods.map((period) => byPeriod.get(period) ?? null) };
    }),
  });
  const rows = markets.map((market) => {
    const last = market.series.at(-1);
    return [
      `<a href="${PORTAL_LINKS.market(market.country)}">${escapeHtml(nameOf(market.country))}</a>`,
      escapeHtml(last?.period ?? "—"),
      formatCount(last?.volume ?? 0),
      fixed(last?.sod, 2),
    ];
  });
  return `<h2 id="demand">Demand per market</h2>
${chart}
${renderTable(`Latest month of every market where ${escapeHtml(card.name)} is tracked`, ["Market", "Month", "Search volume", "sod (%)"], rows, [2, 3])}`;
}

function licensesSection(card: Card): string {
  if (card.licenses_count === null)
    return `<h2 id="licenses">Licenses</h2><p>The dataset has no license data, so the licenses of ${escapeHtml(card.name)} are unknown.</p>`;
  if (card.licenses.length === 0)
    return `<h2 id="licenses">Licenses</h2><p>No license of ${escapeHtml(card.name)} is in the dataset.</p>`;
  const rows = card.licenses.map((license) => [
    escapeHtml(license.regulator_code),
    escapeHtml(license.jurisdiction === "" ? "unknown" : license.jurisdiction),
    escapeHtml(license.license_number),
    // The effective status; the register's when it says otherwise (an "active" license past its expiry, #26).
    escapeHtml(
      license.status === license.register_status
        ? license.status
        : `${license.status} (register: ${license.register_status})`,
    ),
    escapeHtml(license.issued_at),
    escapeHtml(license.expires_at ?? "no expiry"),
  ]);
  return `<h2 id="licenses">Licenses</h2>
${renderTable(`${counted(card.licenses.length, "license")}, ${card.licenses_count} active at the snapshot`, ["Regulator", "Jurisdiction", "Number", "Status", "Issued", "Expires"], rows)}`;
}

function domainsSection(card: Card): string {
  const rows = card.domains.map((domain) => [
    escapeHtml(domain.domain),
    domain.primary ? "primary" : "",
    domain.health?.https == null ? "unknown" : domain.health.https ? "yes" : "no",
    domain.health?.uptime_pct == null ? "unknown" : `${domain.health.uptime_pct}%`,
    escapeHtml(domain.whois?.registrar ?? "unknown"),
  ]);
  return `<h2 id="domains">Domains and payments</h2>
${rows.length === 0 ? "<p>No domain is in the dataset.</p>" : renderTable(counted(rows.length, "domain"), ["Domain", "Role", "HTTPS", "Uptime", "Registrar"], rows, [3])}
<p>Payment methods: ${paymentMethods(card.payment_methods)}. Withdrawal time: ${card.withdrawal_days === null ? "unknown" : counted(card.withdrawal_days, "day")}.</p>`;
}

function paymentMethods(methods: readonly string[] | null): string {
  if (methods === null) return "unknown";
  return methods.length === 0 ? "none" : methods.map(words).join(", ");
}

function alertsSection(alerts: readonly Alert[], total: number, monitored: boolean): string {
  // Without monitoring, no alert is no evidence: "no change detected" would read as a clean record.
  if (alerts.length === 0 && !monitored)
    return `<h2 id="alerts">Terms and conditions alerts</h2><p>No change to the brand's terms, withdrawal or responsible-gambling pages is recorded, and whether they changed is unknown: the data set does not record that they are monitored (transparency is unknown).</p>`;
  if (alerts.length === 0)
    return `<h2 id="alerts">Terms and conditions alerts</h2><p>No change to the brand's terms, withdrawal or responsible-gambling pages was detected.</p>`;
  const items = alerts.map(
    (alert) =>
      `<li><time datetime="${escapeHtml(alert.detected_at)}">${escapeHtml(alert.detected_at.slice(0, 10))}</time>: ${words(alert.page_type)} page ${escapeHtml(alert.change_type)}. ${escapeHtml(alert.summary)}</li>`,
  );
  return `<h2 id="alerts">Terms and conditions alerts</h2>
<p>${counted(total, "change")} detected, newest first${alerts.length < total ? ` (the ${alerts.length} latest)` : ""}.</p>
<ol class="timeline">${items.join("")}</ol>`;
}

/** Alerts shown per brand (the API pages through all of them). */
const ALERTS_SHOWN = 100;

/** The page's HTML. */
export function brandPage(context: EngineContext, slug: string): string {
  const card = engineAnswer<Card>(context, "dataset.brand", { slug }).data;
  const history = engineAnswer<HistoryEntry[]>(context, "dataset.brandTrustHistory", { slug }).data;
  const alerts = engineAnswer<Alert[]>(context, "dataset.tcAlerts", {}, [
    ["brand", slug],
    ["per_page", String(ALERTS_SHOWN)],
  ]);
  const rivals = rivalsOf(context, slug);
  const compare =
    rivals.length === 0
      ? ""
      : `<h2 id="compare">Compare</h2>
<p>Closest rivals by share of search in its main market: ${rivals.map((rival) => `<a href="${PORTAL_LINKS.brand(rival.slug)}">${escapeHtml(rival.name)}</a>`).join(", ")}. <a href="${PORTAL_LINKS.compare(slug)}">Compare ${rivals.length + 1} brands side by side</a> (the same figures as the API's answer: <a href="${compareApiPath([slug, ...rivals.map((rival) => rival.slug)])}">JSON</a>).</p>`;
  const body = `<p><a href="${PORTAL_LINKS.brands}">All brands</a></p>
<h1>${escapeHtml(card.name)}</h1>
<p class="lead">${escapeHtml(card.description)}</p>
<p>Status ${escapeHtml(card.status)} · founded ${card.founded_year ?? "in an unknown year"} · ${card.verticals.map(words).join(", ")} · markets: ${card.markets.length === 0 ? "none listed" : card.markets.map((code) => `<a href="${PORTAL_LINKS.market(code)}">${code}</a>`).join(" ")}</p>
${portalNotice(context)}
${trustSection(card)}
${historyChart(card, history)}
${demandSection(context, card)}
${licensesSection(card)}
${domainsSection(card)}
${alertsSection(alerts.data, Number(alerts.meta.total ?? alerts.data.length), card.trust.components.transparency !== null)}
${compare}
<h2 id="api">In the API</h2>
<p><code>${SERVICE_BASES.dataset}/brands/${escapeHtml(slug)}</code> · <code>${SERVICE_BASES.dataset}/brands/${escapeHtml(slug)}/trust-history</code></p>`;
  return renderPage(context, {
    path: PORTAL_LINKS.brand(slug),
    title: `${card.name} · ${context.dataset.meta.dataset.name}`,
    description: `${card.name}: Trust Score, demand per market, licenses and alerts.`,
    body,
    style: CHART_STYLE,
  });
}
