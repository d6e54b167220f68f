/**
 * The downloads of the dated trust inputs (#27): with them, the brands, licenses, regulators, domains,
 * demand, index and T&C alert downloads, an analyst recomputes every month of a brand's Trust Score history.
 * @module
 */
import type { EngineContext } from "../query/endpoint.ts";
import type { KeyedTable } from "./table-keys.ts";

/** A DownloadTable (download-tables.ts, which lists these: its type is not imported back, to keep the import one-way). */
interface ObservationTable extends KeyedTable {
  name: string;
  service: "dataset";
  title: string;
  description: string;
  records: (context: EngineContext) => Record<string, unknown>[];
}

const BRAND = { fields: ["brand"], reference: { resource: "brands", fields: ["slug"] } };

export const TRUST_OBSERVATION_TABLES: readonly ObservationTable[] = [
  {
    name: "reputation-observations",
    service: "dataset",
    primaryKey: ["brand", "observed_at"],
    foreignKeys: [BRAND],
    title: "Reputation observations",
    description:
      "Dated readings of each brand's review rating, review count and complaints, by brand and date: the reputation a month of Trust Score history uses is the latest one up to its end (the brand record's is the snapshot's).",
    records: (context) => context.dataset.trustObservations.reputationObservations.map((row) => ({ ...row })),
  },
  {
    name: "payment-observations",
    service: "dataset",
    primaryKey: ["brand", "observed_at"],
    foreignKeys: [BRAND],
    title: "Payment observations",
    description: "Dated readings of each brand's payment methods and withdrawal time, by brand and date.",
    records: (context) => context.dataset.trustObservations.paymentObservations.map((row) => ({ ...row })),
  },
  {
    name: "domain-checks",
    service: "dataset",
    primaryKey: ["domain", "checked_at"],
    foreignKeys: [{ fields: ["domain"], reference: { resource: "domains", fields: ["domain"] } }],
    title: "Domain checks",
    description: "Dated checks of domains (HTTPS, status, uptime, response time), by domain and date.",
    records: (context) => context.dataset.trustObservations.domainChecks.map((row) => ({ ...row })),
  },
  {
    name: "monitoring",
    service: "dataset",
    primaryKey: ["brand"],
    foreignKeys: [BRAND],
    title: "Monitoring",
    description:
      "Which pages of each brand the T&C watcher reads and since when: the exposure transparency's alert costs are scaled by.",
    records: (context) => context.dataset.trustObservations.monitoring.map((row) => ({ ...row })),
  },
];
