/**
 * Licenses from the sample regulator registers. About a fifth of brands hold none (the grey
 * market the dataset is meant to expose); the rest hold licenses from the regulators of their
 * markets and from offshore hubs. Status dates obey the register rules the loader checks:
 * status_changed_at is null exactly while a license is active. A license names the verticals it
 * covers (those of the brand its regulator licenses) or, like many register exports, none (#27);
 * no brand gets a license from a state monopoly's regulator or for verticals its regulator does not license.
 * @module
 */
import type { License, Regulator } from "../load/schemas.ts";
import type { BrandPlan } from "./brands.ts";
import { addDays, addYears, dayOf, isoOf, LAST_DAY, randomDate, SNAPSHOT_DATE } from "./dates.ts";
import { type Rng, WeightedTable } from "./prng.ts";
import { compareText } from "./words.ts";
import { MONOPOLY_REGULATORS, OFFSHORE_REGULATORS } from "./regulators.ts";

/** Licenses at scale 1 (at least); the count is multiplied by the scale. */
export const LICENSES_PER_SCALE = 2150;

const FIRST_ISSUE = "2012-01-01";
const LAST_ISSUE = "2026-10-31";

/** Years a license runs before renewal; null where the sample regulator issues open-ended licenses. */
function termYears(code: string): number | null {
  if (code === "UKGC" || code === "AGCC" || code === "GSC") return null;
  if (code === "MGA" || code === "KSA") return 10;
  if (code === "CGA" || code === "AOFA" || code === "KGC") return 3;
  return 5;
}

function licenseNumber(code: string, issued: string, seq: number): string {
  const year = issued.slice(0, 4);
  const n = String(seq).padStart(5, "0");
  // Registers format their numbers differently; three styles make the column look like real register exports.
  switch (code.length % 3) {
    case 0:
      return `${code}/B2C/${n}/${year}`;
    case 1:
      return `${code}-${n}-${year.slice(2)}`;
    default:
      return `${year}-${code}-${n}`;
  }
}

type Status = License["status"];

/** Builds license records for one brand and regulator, numbering them per regulator. */
class LicenseFactory {
  private readonly sequence = new Map<string, number>();
  readonly records: License[] = [];

  constructor(
    private readonly rng: Rng,
    private readonly regulators: ReadonlyMap<string, Regulator>,
  ) {}

  private next(code: string): number {
    const n = (this.sequence.get(code) ?? 1000 + this.rng.int(0, 8000)) + this.rng.int(1, 40);
    this.sequence.set(code, n);
    return n;
  }

  /** Adds one license; `renewal` adds an expired predecessor that ended the day the new one was issued. */
  issue(plan: BrandPlan, code: string, status: Status, renewal: boolean): void {
    const rng = this.rng;
    const founded = `${Math.max(2012, plan.brand.founded_year ?? 2012)}-01-01`;
    const earliest = founded > FIRST_ISSUE ? founded : FIRST_ISSUE;
    // A license cannot have run its full term if the brand is too young: it was suspended instead.
    if (status === "expired" && earliest > isoOf(dayOf(SNAPSHOT_DATE) - (termYears(code) ?? 3) * 366))
      status = "suspended";
    const term = termYears(code) ?? (status === "expired" ? 3 : null);
    let issued: string;
    let expires: string | null;
    let changed: string | null = null;
    if (status === "expired") {
      const span = term ?? 3;
      const latest = isoOf(dayOf(SNAPSHOT_DATE) - span * 366);
      issued = randomDate(rng, earliest, latest);
      expires = addYears(issued, span);
      changed = expires;
    } else {
      issued = randomDate(rng, earliest, LAST_ISSUE);
      expires = null;
      if (term !== null) {
        // Renewed licenses keep their number: the expiry shown is the next one after the snapshot.
        const periods = Math.max(
          1,
          Math.ceil((Number(SNAPSHOT_DATE.slice(0, 4)) + 1 - Number(issued.slice(0, 4))) / term),
        );
        expires = addYears(issued, periods * term);
        if (expires <= SNAPSHOT_DATE) expires = addYears(expires, term);
      }
      if (status !== "active") {
        const from = addDays(issued, 30) < LAST_DAY ? addDays(issued, 30) : issued;
        changed = randomDate(rng, from, LAST_DAY);
      }
    }
    if (renewal && status === "active" && term !== null && issued > "2015-01-01") {
      const before = addYears(issued, -term);
      if (before >= earliest) this.push(plan, code, "expired", before, issued, issued);
    }
    this.push(plan, code, status, issued, expires, changed);
  }

  private push(
    plan: BrandPlan,
    code: string,
    status: Status,
    issued: string,
    expires: string | null,
    changed: string | null,
  ): void {
    const licensed = this.regulators.get(code)?.verticals;
    const covered = plan.brand.verticals.filter((vertical) => licensed?.includes(vertical) ?? true);
    this.records.push({
      id: "",
      brand: plan.brand.slug,
      regulator_code: code,
      license_number: licenseNumber(code, issued, this.next(code)),
      status,
      issued_at: issued,
      expires_at: expires,
      status_changed_at: changed,
      // About a third of registers' rows name no vertical: the license then covers what its regulator licenses.
      verticals: this.rng.chance(0.35) ? null : covered,
    });
  }
}

function pickStatus(rng: Rng, plan: BrandPlan): Status {
  const s = plan.brand.status;
  return rng.weighted<Status>([
    ["active", s === "closed" ? 5 : s === "dormant" ? 50 : 84],
    ["expired", s === "closed" ? 40 : 7],
    ["suspended", s === "dormant" ? 25 : 5],
    ["revoked", s === "closed" ? 40 : 5],
  ]);
}

/** Regulators a brand may hold licenses from: those of its markets, weighted up for strict ones, and offshore hubs. */
function candidateRegulators(
  plan: BrandPlan,
  regulators: readonly Regulator[],
): { codes: string[]; weights: number[] } {
  const markets = new Set(plan.brand.markets);
  const codes: string[] = [];
  const weights: number[] = [];
  for (const r of regulators) {
    // A monopoly licenses no private brand; a regulator licenses none of the brand's verticals (ANJ and a casino).
    if (MONOPOLY_REGULATORS.includes(r.code)) continue;
    if (r.verticals !== null && !plan.brand.verticals.some((vertical) => r.verticals!.includes(vertical))) continue;
    if (markets.has(r.jurisdiction)) {
      codes.push(r.code);
      weights.push(r.tier === 1 ? 4 : 2);
    } else if (OFFSHORE_REGULATORS.includes(r.code)) {
      codes.push(r.code);
      weights.push(r.code === "MGA" || r.code === "CGA" ? 2.5 : 0.6);
    }
  }
  return { codes, weights };
}

/** Licenses for ~80% of brands, topped up with renewals until the scaled minimum count is reached. */
export function generateLicenses(
  rng: Rng,
  plans: readonly BrandPlan[],
  regulators: readonly Regulator[],
  scale: number,
): License[] {
  const factory = new LicenseFactory(rng, new Map(regulators.map((regulator) => [regulator.code, regulator])));
  const licensed: BrandPlan[] = [];
  for (const plan of plans) {
    if (!rng.chance(plan.size > 40 ? 0.93 : 0.78)) continue;
    const { codes, weights } = candidateRegulators(plan, regulators);
    // A brand no regulator can license (a casino serving only monopoly markets) stays unlicensed.
    if (codes.length === 0) continue;
    licensed.push(plan);
    const count = Math.min(codes.length, 1 + Math.floor(Math.sqrt(plan.brand.markets.length) * rng.float(0.3, 1.2)));
    for (const code of rng.weightedSample(codes, weights, count)) {
      factory.issue(plan, code, pickStatus(rng, plan), rng.chance(0.1));
    }
  }
  // Top up with extra licenses (some with an expired predecessor) from bigger brands until the minimum is met.
  const target = Math.round(LICENSES_PER_SCALE * scale);
  const table = new WeightedTable(
    licensed,
    licensed.map((p) => Math.sqrt(p.size)),
  );
  while (factory.records.length < target && licensed.length > 0) {
    const plan = table.draw(rng);
    const { codes, weights } = candidateRegulators(plan, regulators);
    factory.issue(plan, codes[rng.weightedIndex(weights)]!, pickStatus(rng, plan), rng.chance(0.4));
  }
  // Group by brand (in brand order) and number the rows, so ids read in register order.
  const order = new Map(plans.map((p, i) => [p.brand.slug, i]));
  const sorted = factory.records
    .map((r, i) => ({ r, i }))
    .sort(
      (a, b) =>
        (order.get(a.r.brand) ?? 0) - (order.get(b.r.brand) ?? 0) ||
        compareText(a.r.issued_at, b.r.issued_at) ||
        a.i - b.i,
    )
    .map((x) => x.r);
  return sorted.map((r, i) => ({ ...r, id: `lic-${String(i + 1).padStart(5, "0")}` }));
}
