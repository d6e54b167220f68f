/**
 * `/ground-truth`: regulator-published GGR, with the calibration of the demand index against it.
 * @module
 */
import { demandTotals, periodDemandTotal } from "../../compute/calibration.ts";
import type { Endpoint } from "../endpoint.ts";
import { envelope } from "../envelope.ts";
import { groundTruthResponse } from "../../response-schemas/dataset-markets.ts";

export const groundTruthEndpoint: Endpoint = {
  id: "dataset.groundTruth",
  service: "dataset",
  path: "/ground-truth",
  summary:
    "Regulator-published gross gaming revenue (GGR) per market and month, with the index's calibration against it",
  format: "json",
  response: groundTruthResponse,
  params: [],
  run: (context) => {
    const totals = demandTotals(context.dataset.index);
    const data = context.dataset.groundTruth.map((row) => ({
      country: row.country,
      regulator_code: row.regulator_code,
      period: row.period,
      vertical: row.vertical,
      ggr: row.ggr,
      currency: row.currency,
      // The tracked demand the calibration compares GGR with, summed over the period's months; null unless each has demand data.
      demand_total: periodDemandTotal(totals, row.country, row.period),
    }));
    return { kind: "json", body: envelope(context, "dataset", data, { calibration: context.dataset.calibration }) };
  },
};
