/**
 * The rule of each Trust Score 2.0 component in words, with every number read from the scoring
 * code itself: exported constants where they exist, otherwise by evaluating the component function
 * on small probe inputs. If a rule changes in build/compute/trust-score.ts, this text follows.
 * @module
 */
import { addMonths } from "../compute/periods.ts";
import { marketPresenceComponent } from "../compute/market-presence.ts";
import { ALERT_COSTS, MIN_MONITORED_MONTHS, transparencyComponent } from "../compute/transparency.ts";
import {
  domainHealthComponent,
  LICENSE_TIER_POINTS,
  licensingComponent,
  paymentsComponent,
  reputationComponent,
  type TrustInputs,
} from "../compute/trust-score.ts";
import type { TrustComponent } from "../response-schemas/vocabularies.ts";

/** A number as the page shows it: at most 2 decimals, no float noise. */
const show = (value: number): string => String(Number(value.toFixed(2)));

/** The smallest integer in [from, to] for which `test` holds, or `to` when none does. */
function smallest(from: number, to: number, test: (value: number) => boolean): number {
  for (let value = from; value <= to; value += 1) if (test(value)) return value;
  return to;
}

type ProbeLicense = TrustInputs["licenses"][number];
const AS_OF = "2020-01-01";
const license = (status: ProbeLicense["status"]): ProbeLicense => ({
  regulator_code: "X",
  status,
  issued_at: "2000-01-01",
  expires_at: null,
  status_changed_at: status === "active" ? null : "2000-01-01",
});

function licensingRule(): string {
  const tiers = Object.entries(LICENSE_TIER_POINTS).sort((a, b) => Number(a[0]) - Number(b[0]));
  const weakest = Number(tiers[tiers.length - 1]?.[0] ?? 3);
  const points = (active: number, suspended = 0) =>
    licensingComponent(
      [...Array(active).fill(license("active")), ...Array(suspended).fill(license("suspended"))],
      () => weakest,
      AS_OF,
    );
  const base = points(1);
  return `Points for the strictest regulator tier among the brand's active licenses (${tiers.map(([tier, value]) => `tier ${tier}: ${value}`).join(", ")}), +${show(points(2) - base)} for each further active license up to +${show(points(50) - base)}, −${show(base - points(1, 1))} for each suspended or revoked license; 0 without an active license; kept within 0–100.`;
}

function reputationRule(): string {
  const reputation = (rating: number, reviews: number, resolved: number) =>
    reputationComponent({
      review_rating: rating,
      review_count: reviews,
      complaints_total: 1,
      complaints_resolved: resolved,
    })!; // every input known: a number
  const ratingShare = reputation(5, 1_000_000, 0);
  const full = smallest(1, 100_000, (reviews) => reputation(5, reviews, 0) === ratingShare);
  return `${show(ratingShare)}% the review rating (out of 5, scaled to 100) and ${show(100 - ratingShare)}% the share of complaints resolved (100 without complaints); with fewer than ${full} reviews the result is pulled toward ${show(reputation(5, 0, 0))} in proportion to the missing reviews.`;
}

function marketPresenceRule(): string {
  const allPoints = marketPresenceComponent(Array(1000).fill(0));
  const markets = smallest(1, 1000, (count) => marketPresenceComponent(Array(count).fill(0)) === allPoints);
  const adiShare = (marketPresenceComponent([100]) - marketPresenceComponent([0])) / 100;
  return `Up to ${show(allPoints)} points for the number of markets where the brand has search demand that month (${markets} or more give all ${show(allPoints)}), plus ${show(adiShare)} × its highest adi among them, so a further market or more demand never lowers it; a market with a missing measurement keeps its latest measured adi; 0 with demand rows but no volume; unknown in a month without any demand row of the brand.`;
}

function domainHealthRule(): string {
  const health = (https: boolean, uptime: number, created: string) =>
    domainHealthComponent(
      {
        whois: { registrar: "x", created_at: created, expires_at: "2100-01-01", privacy: false },
        health: { https, status_code: 200, uptime_pct: uptime, response_ms: 100, checked_at: AS_OF },
      },
      AS_OF,
    )!;
  const https = health(true, 0, AS_OF);
  const uptimeMax = health(false, 100, AS_OF);
  const uptimeFloor = smallest(0, 100, (uptime) => health(false, uptime + 1, AS_OF) > 0);
  const ageMax = health(false, 0, "1900-01-01");
  // A domain registered `years` average years (365.25 days each, rounded up to whole days) before the date.
  const registered = (years: number) =>
    new Date(Date.parse(AS_OF) - Math.ceil(years * 365.25) * 86_400_000).toISOString().slice(0, 10);
  const years = smallest(1, 200, (age) => health(false, 0, registered(age)) === ageMax);
  return `HTTPS gives ${show(https)} points; uptime above ${uptimeFloor}% gives up to ${show(uptimeMax)} (100% gives all), linearly; the primary domain's age gives up to ${show(ageMax)} (${years} years or more give all); 0 without a primary domain.`;
}

function transparencyRule(): string {
  const period = "2020-06";
  const watch = { since: "2000-01-01", pages: ["terms", "withdrawal", "responsible_gambling"] as const };
  const cost = (change_type: "modified" | "removed" | "new", page_type: keyof typeof ALERT_COSTS, month = period) =>
    100 -
    (transparencyComponent(
      [{ page_type, change_type, detected_at: `${month}-15T00:00:00Z` }],
      { ...watch, pages: [...watch.pages] },
      period,
    ) ?? 0);
  const window = smallest(1, 120, (months) => cost("modified", "terms", addMonths(period, -months)) === 0);
  const pages = watch.pages.length;
  return `Needs the brand's monitoring record (which pages are watched, since when): unknown without one, or with fewer than ${MIN_MONITORED_MONTHS} watched months in the window. 100 minus the costs of the alerts on watched pages in the ${window} months up to the period (${show(cost("modified", "terms"))} per modified, ${show(cost("removed", "terms"))} per removed and ${show(cost("new", "terms"))} per new terms or withdrawal page; ${show(cost("removed", "responsible_gambling"))} per removed responsible-gambling page, ${show(cost("new", "responsible_gambling"))} for publishing or updating one), scaled to a full watch: × ${pages * window} ÷ (pages watched × months watched in the window); kept within 0–100.`;
}

function paymentsRule(): string {
  const never = 1_000;
  const methodsMax = paymentsComponent(1000, never);
  const methods = smallest(1, 1000, (count) => paymentsComponent(count, never) === methodsMax);
  // Walk the whole days: each run of equal points ends at the day its threshold names.
  const steps: string[] = [];
  for (let days = 0; days <= 60; days += 1) {
    const points = paymentsComponent(0, days);
    if (points > 0 && paymentsComponent(0, days + 1) !== points)
      steps.push(`${show(points)} within ${days} day${days === 1 ? "" : "s"}`);
  }
  return `Up to ${show(methodsMax)} points for the number of payment methods (${methods} or more give all ${show(methodsMax)}), plus ${steps.join(", ") || "nothing"} for withdrawals (0 when slower).`;
}

/** The rule of each component, in words, numbers read from the code. */
export function trustComponentRules(): Record<TrustComponent, string> {
  return {
    licensing: licensingRule(),
    reputation: reputationRule(),
    market_presence: marketPresenceRule(),
    domain_health: domainHealthRule(),
    transparency: transparencyRule(),
    payments: paymentsRule(),
  };
}
