/**
 * The Trust Score's inputs as known on a date (#27): dated observations from the seeds, and the undated
 * values of brand and domain records, which are the values at the snapshot and count from it on.
 * @module
 */
import type { SeedSet } from "../load/load-seeds.ts";
import type { Brand, Domain } from "../load/schemas.ts";
import { compareStrings } from "./compare.ts";
import { groupBy } from "./group-by.ts";

/** A value and the date it was observed. */
export interface Dated<T> {
  date: string;
  value: T;
}

/** A brand's payment terms as one observation sees them. */
export type PaymentTerms = Pick<Brand, "payment_methods" | "withdrawal_days">;
type Reputation = NonNullable<Brand["reputation"]>;
type Health = NonNullable<Domain["health"]>;

/** Every dated input of one brand, each timeline ascending by date. */
export interface BrandTimelines {
  reputation: Dated<Reputation>[];
  payments: Dated<PaymentTerms>[];
  /** Checks of the primary domain. */
  health: Dated<Health>[];
}

/**
 * The latest observation dated on or before `date` (a timeline ascending by date; on one date, the last
 * listed wins), or undefined when there is none: that input is unknown on that date.
 */
export function latestUpTo<T>(timeline: readonly Dated<T>[], date: string): T | undefined {
  return latestEntryUpTo(timeline, date)?.value;
}

/** latestUpTo with the observation's date (the methodology page's worked example shows it). */
export function latestEntryUpTo<T>(timeline: readonly Dated<T>[], date: string): Dated<T> | undefined {
  let found: Dated<T> | undefined;
  for (const entry of timeline) {
    if (entry.date > date) break;
    found = entry;
  }
  return found;
}

/** Sorts by date, keeping the given order within a date (the record's undated value goes last: it is the snapshot's). */
const byDate = <T>(entries: Dated<T>[]): Dated<T>[] => entries.sort((a, b) => compareStrings(a.date, b.date));

/** Builds each brand's timelines from the seeds; `snapshotDate` dates the undated values. */
export function brandTimelines(
  seeds: Pick<SeedSet, "reputationObservations" | "paymentObservations" | "domainChecks">,
  snapshotDate: string,
): (brand: Brand, primary?: Domain) => BrandTimelines {
  const reputations = groupBy(seeds.reputationObservations, (observation) => observation.brand);
  const payments = groupBy(seeds.paymentObservations, (observation) => observation.brand);
  const checks = groupBy(seeds.domainChecks, (check) => check.domain);
  return (brand, primary) => {
    const reputation: Dated<Reputation>[] = (reputations.get(brand.slug) ?? []).map(
      ({ brand: _brand, observed_at, ...value }) => ({ date: observed_at, value }),
    );
    if (brand.reputation !== null) reputation.push({ date: snapshotDate, value: brand.reputation });
    const terms: Dated<PaymentTerms>[] = (payments.get(brand.slug) ?? []).map(
      ({ observed_at, payment_methods, withdrawal_days }) => ({
        date: observed_at,
        value: { payment_methods, withdrawal_days },
      }),
    );
    if (brand.payment_methods !== null || brand.withdrawal_days !== null)
      terms.push({
        date: snapshotDate,
        value: { payment_methods: brand.payment_methods, withdrawal_days: brand.withdrawal_days },
      });
    const health: Dated<Health>[] = (primary === undefined ? [] : (checks.get(primary.domain) ?? [])).map(
      ({ domain: _domain, ...value }) => ({ date: value.checked_at, value }),
    );
    if (primary?.health) health.push({ date: primary.health.checked_at ?? snapshotDate, value: primary.health });
    return { reputation: byDate(reputation), payments: byDate(terms), health: byDate(health) };
  };
}
