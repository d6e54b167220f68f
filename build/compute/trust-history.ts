/**
 * One brand's Trust Score in every month and at the snapshot, each from the inputs known by then (#27):
 * a month is scored as of its last day (or the snapshot, when that comes first), with the latest dated
 * observation of each input up to that day; the current score as of the snapshot itself.
 * @module
 */
import type { Domain, License, Monitoring, TcAlert } from "../load/schemas.ts";
import type { TrustHistoryEntry } from "./dataset.ts";
import { presenceAdisByPeriod, type PresenceRow } from "./market-presence.ts";
import { periodEndDate } from "./periods.ts";
import { latestUpTo, type BrandTimelines } from "./trust-observations.ts";
import { computeTrustScore, type TrustDataPresence } from "./trust-score.ts";

/** What one brand's history is computed from. */
export interface BrandTrustInputs {
  timelines: BrandTimelines;
  licenses: readonly License[];
  regulatorTier: (code: string) => number;
  primaryDomain: Domain | undefined;
  alerts: readonly TcAlert[];
  monitoring: Monitoring | undefined;
  demand: readonly PresenceRow[];
  present: TrustDataPresence;
}

/** The history over `periods` (ascending) and the current score, as of `snapshotDate`. */
export function computeTrustHistory(
  inputs: BrandTrustInputs,
  periods: readonly string[],
  snapshotDate: string,
): { history: TrustHistoryEntry[]; current: TrustHistoryEntry } {
  const adis = presenceAdisByPeriod(inputs.demand, periods);
  const scoreAsOf = (period: string, asOf: string, marketAdis: readonly number[] | null): TrustHistoryEntry => {
    const { timelines, primaryDomain } = inputs;
    const payments = latestUpTo(timelines.payments, asOf);
    return {
      period,
      ...computeTrustScore({
        period,
        asOf,
        undatedFrom: snapshotDate,
        brand: {
          reputation: latestUpTo(timelines.reputation, asOf) ?? null,
          payment_methods: payments?.payment_methods ?? null,
          withdrawal_days: payments?.withdrawal_days ?? null,
        },
        licenses: inputs.licenses,
        regulatorTier: inputs.regulatorTier,
        primaryDomain:
          primaryDomain === undefined
            ? undefined
            : { whois: primaryDomain.whois, health: latestUpTo(timelines.health, asOf) ?? null },
        alerts: inputs.alerts,
        monitoring: inputs.monitoring,
        marketAdis,
        present: inputs.present,
      }),
    };
  };
  const history = periods.map((period, index) => {
    const end = periodEndDate(period);
    return scoreAsOf(period, end < snapshotDate ? end : snapshotDate, adis[index] ?? null);
  });
  // Demand is monthly: at the snapshot, the latest month of data is what is known of it.
  const current = scoreAsOf(snapshotDate.slice(0, 7), snapshotDate, adis[adis.length - 1] ?? null);
  return { history, current };
}
