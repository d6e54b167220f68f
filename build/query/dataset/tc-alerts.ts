/**
 * `/tc-alerts`: detected changes of brands' terms, withdrawal and responsible-gambling pages, newest first.
 * @module
 */
import { tcAlertSchema, type TcAlert } from "../../load/schemas.ts";
import { listParam, pageParam, perPageParam } from "../common-params.ts";
import type { EngineContext, Endpoint } from "../endpoint.ts";
import { envelope, paginate } from "../envelope.ts";
import { anyOfFilter, applyFilters, filterSpecs, filterValueQueries, type FilterRow } from "../filter-rows.ts";
import { stableItemsOf } from "../stable-json.ts";
import { defaultPages } from "../key-space.ts";
import { brandFilter } from "./dataset-filters.ts";
import { tcAlertsResponse } from "../../response-schemas/dataset-markets.ts";

export const PAGE_TYPES = tcAlertSchema.shape.page_type.options;
export const CHANGE_TYPES = tcAlertSchema.shape.change_type.options;

/** Each alert's list item, made once: an alert is listed by several filters' pages. */
const alertListItem = stableItemsOf((alert: TcAlert) => ({
  id: alert.id,
  brand: alert.brand,
  page_type: alert.page_type,
  change_type: alert.change_type,
  detected_at: alert.detected_at,
  url: alert.url,
  summary: alert.summary,
}));

const byBrand = brandFilter(
  "Brand slugs",
  (alert: TcAlert) => alert.brand,
  (context) => context.dataset.tcAlerts,
);
const byPageType = anyOfFilter<TcAlert, EngineContext>(
  { name: "page_type", type: "closed", values: PAGE_TYPES, multi: true, description: "Kind of page that changed" },
  (alert) => alert.page_type,
  {
    values: () => PAGE_TYPES,
  },
);
const byChangeType = anyOfFilter<TcAlert, EngineContext>(
  { name: "change_type", type: "closed", values: CHANGE_TYPES, multi: true, description: "Kind of change" },
  (alert) => alert.change_type,
  {
    values: () => CHANGE_TYPES,
  },
);
const TC_ALERT_FILTERS: readonly FilterRow<TcAlert, EngineContext>[] = [byBrand, byPageType, byChangeType];

export const tcAlertsEndpoint: Endpoint = {
  id: "dataset.tcAlerts",
  service: "dataset",
  path: "/tc-alerts",
  summary: "Detected changes of terms, withdrawal policy and responsible-gambling pages, newest first",
  format: "json",
  response: tcAlertsResponse,
  params: [...filterSpecs(TC_ALERT_FILTERS), pageParam, perPageParam(100, 50)],
  run: (context, { params }) => {
    const brands = listParam(params, "brand");
    // One brand's alerts are already grouped in list order: its pages need no scan of every alert.
    const candidates =
      brands.length === 1 ? (context.index.tcAlertsByBrand.get(brands[0]!) ?? []) : context.index.tcAlertsByDate;
    const matching = applyFilters(candidates, TC_ALERT_FILTERS, params, context);
    const { items, pagination } = paginate(matching, Number(params.page ?? 1), Number(params.per_page ?? 50));
    const data = items.map(alertListItem);
    return { kind: "json", body: envelope(context, "dataset", data, {}, pagination), pagination };
  },
  keySpace: function* (context) {
    yield* defaultPages(context.dataset.tcAlerts.length);
    yield* filterValueQueries([byPageType, byChangeType, byBrand], context);
  },
};
