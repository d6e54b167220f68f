/**
 * Terms-and-conditions alerts: detected changes of brands' terms, withdrawal and
 * responsible-gambling pages over the 24 sample months, with a one-line English summary.
 * Bigger brands change their pages more often (and are watched more closely).
 * @module
 */
import type { Domain, TcAlert } from "../load/schemas.ts";
import type { BrandPlan } from "./brands.ts";
import { dayOf, isoDateTimeOf, LAST_DAY } from "./dates.ts";
import { type Rng, WeightedTable } from "./prng.ts";
import { compareText } from "./words.ts";

/** Alerts at scale 1 (multiplied by the scale). */
export const ALERTS_PER_SCALE = 3000;

type PageType = TcAlert["page_type"];
type ChangeType = TcAlert["change_type"];

const PATHS: Record<PageType, string> = {
  terms: "terms",
  withdrawal: "withdrawals",
  responsible_gambling: "responsible-gambling",
};
const METHODS = ["Skrill", "Neteller", "PayPal", "bank transfer", "Trustly", "Bitcoin", "Apple Pay", "Paysafecard"];
const COUNTRIES = [
  "France",
  "Spain",
  "Italy",
  "the Netherlands",
  "Germany",
  "Ontario",
  "Australia",
  "Denmark",
  "Portugal",
];

/** Summary templates: each takes a draw function for numbers and returns one sentence. */
type Template = (rng: Rng) => string;

const pair = (rng: Rng, lo: number, hi: number, step: number): [number, number] => {
  const a = rng.int(lo / step, hi / step) * step;
  let b = rng.int(lo / step, hi / step) * step;
  if (b === a) b = a + step;
  return [a, b];
};

const TEMPLATES: Record<PageType, Record<ChangeType, readonly Template[]>> = {
  terms: {
    modified: [
      (r) => {
        const [a, b] = pair(r, 20, 60, 5);
        return `Wagering requirement on the welcome bonus changed from ${a}x to ${b}x.`;
      },
      (r) => {
        const [a, b] = pair(r, 2, 10, 1);
        return `Maximum bet while a bonus is active changed from €${a} to €${b}.`;
      },
      (r) => {
        const [a, b] = pair(r, 7, 60, 1);
        return `Bonus validity changed from ${a} to ${b} days.`;
      },
      (r) =>
        `Inactive account fee of €${r.int(3, 10)} per month introduced after ${r.pick([6, 12, 18])} months of inactivity.`,
      (r) => `Restricted countries list updated: ${r.pick(COUNTRIES)} added.`,
      (r) => {
        const [a, b] = pair(r, 50, 500, 50);
        return `Cap on free-spin winnings changed from €${a} to €${b}.`;
      },
      () => "Identity verification now required before the first deposit.",
      () => "Clause on bonus abuse and irregular play rewritten with broader wording.",
      (r) => `Minimum age wording updated for ${r.pick(COUNTRIES)}.`,
    ],
    new: [
      () => "Terms and conditions page published.",
      () => "New section on account verification added.",
      (r) =>
        `New bonus terms added for the ${r.pick(["spring", "summer", "autumn", "winter", "weekend", "cashback"])} promotion.`,
      () => "New section on VIP programme eligibility added.",
    ],
    removed: [
      () => "Terms page no longer reachable (HTTP 404).",
      (r) =>
        `Section on ${r.pick(["loyalty points", "bonus cashback", "tournaments", "refer-a-friend rewards"])} removed from the terms.`,
    ],
  },
  withdrawal: {
    modified: [
      (r) => {
        const [a, b] = pair(r, 1000, 10000, 500);
        return `Daily withdrawal limit changed from €${a} to €${b}.`;
      },
      (r) => {
        const [a, b] = pair(r, 12, 120, 12);
        return `Pending period for withdrawals changed from ${a} to ${b} hours.`;
      },
      (r) => {
        const [a, b] = pair(r, 10, 50, 5);
        return `Minimum withdrawal changed from €${a} to €${b}.`;
      },
      (r) => `${r.pick(METHODS)} removed as a withdrawal method.`,
      (r) => `Monthly withdrawal cap of €${r.int(5, 50) * 1000} introduced for non-VIP players.`,
      () => "Withdrawals now require the same method as the deposit where possible.",
    ],
    new: [() => "Withdrawal policy page published.", (r) => `${r.pick(METHODS)} added as a withdrawal method.`],
    removed: [() => "Withdrawal policy page removed.", () => "Section on withdrawal fees removed."],
  },
  responsible_gambling: {
    modified: [
      () => "Deposit limit tools now offer daily, weekly and monthly limits.",
      (r) => `Self-exclusion periods extended to include ${r.pick([6, 12, 24, 60])} months.`,
      (r) => {
        const [a, b] = pair(r, 15, 90, 15);
        return `Reality-check reminder interval changed from ${a} to ${b} minutes.`;
      },
      () => "Links to support organisations updated.",
      (r) => {
        const [a, b] = pair(r, 1, 42, 1);
        return `Cool-off period options changed from ${a} to ${b} days.`;
      },
    ],
    new: [() => "Responsible gambling page published.", () => "New section on loss limits added."],
    removed: [() => "Responsible gambling page removed.", () => "Section on reality checks removed."],
  },
};

/** The alerts, ordered by detection time and numbered tca-000001… in that order. */
export function generateTcAlerts(
  rng: Rng,
  plans: readonly BrandPlan[],
  domains: readonly Domain[],
  scale: number,
): TcAlert[] {
  const primary = new Map(domains.filter((d) => d.primary).map((d) => [d.brand, d.domain]));
  const table = new WeightedTable(
    plans,
    plans.map((p) => Math.pow(p.size, 0.6)),
  );
  const first = dayOf("2024-11-01");
  const last = dayOf(LAST_DAY);
  const drafts: Omit<TcAlert, "id">[] = [];
  for (let i = 0; i < Math.round(ALERTS_PER_SCALE * scale); i++) {
    const plan = table.draw(rng);
    const page_type = rng.weighted<PageType>([
      ["terms", 60],
      ["withdrawal", 25],
      ["responsible_gambling", 15],
    ]);
    const change_type = rng.weighted<ChangeType>([
      ["modified", 82],
      ["new", 11],
      ["removed", 7],
    ]);
    const host = primary.get(plan.brand.slug) ?? `${plan.brand.slug}.example`;
    drafts.push({
      brand: plan.brand.slug,
      page_type,
      change_type,
      detected_at: isoDateTimeOf(rng.int(first, last), rng.int(0, 86_399)),
      url: `https://${host}/${PATHS[page_type]}`,
      summary: rng.pick(TEMPLATES[page_type][change_type])(rng),
    });
  }
  drafts.sort((a, b) => compareText(a.detected_at, b.detected_at) || compareText(a.brand, b.brand));
  return drafts.map((d, i) => ({ id: `tca-${String(i + 1).padStart(6, "0")}`, ...d }));
}
