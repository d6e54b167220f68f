/**
 * `/tc-alerts`: detected changes of brands' terms, withdrawal and responsible-gambling pages, newest first.
 * @module
 */
import { tcAlertSchema, type TcAlert } from "../../load/schemas.ts";
import { listParam, pageParam, perPageParam } from "../common-params.ts";
import type { Endpoint } from "../endpoint.ts";
import { envelope, paginate } from "../envelope.ts";
import { stableItemsOf } from "../stable-json.ts";
import { defaultPages, distinct, PRIORITY, singleValues } from "./key-space.ts";
import { tcAlertsResponse } from "../schemas/dataset-markets.ts";

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

export const tcAlertsEndpoint: Endpoint = {
  id: "dataset.tcAlerts",
  service: "dataset",
  path: "/tc-alerts",
  summary: "Detected changes of terms, withdrawal policy and responsible-gambling pages, newest first",
  format: "json",
  response: tcAlertsResponse,
  params: [
    { name: "brand", type: "open", normalise: "lower", multi: true, description: "Brand slugs" },
    { name: "page_type", type: "closed", values: PAGE_TYPES, multi: true, description: "Kind of page that changed" },
    { name: "change_type", type: "closed", values: CHANGE_TYPES, multi: true, description: "Kind of change" },
    pageParam,
    perPageParam(100, 50),
  ],
  run: (context, { params }) => {
    const brands = listParam(params, "brand");
    const pageTypes = listParam(params, "page_type");
    const changeTypes = listParam(params, "change_type");
    // One brand's alerts are already grouped in list order: its pages need no scan of every alert.
    const candidates = brands.length === 1 ? (context.index.tcAlertsByBrand.get(brands[0]!) ?? []) : context.index.tcAlertsByDate;
    const matching = candidates.filter(
      (alert) => (brands.length === 0 || brands.includes(alert.brand)) && (pageTypes.length === 0 || pageTypes.includes(alert.page_type)) && (changeTypes.length === 0 || changeTypes.includes(alert.change_type)),
    );
    const { items, pagination } = paginate(matching, Number(params.page ?? 1), Number(params.per_page ?? 50));
    const data = items.map(alertListItem);
    return { kind: "json", body: envelope(context, "dataset", data, {}, pagination), pagination };
  },
  keySpace: function* (context) {
    yield* defaultPages(context.dataset.tcAlerts.length);
    yield* singleValues("page_type", PAGE_TYPES);
    yield* singleValues("change_type", CHANGE_TYPES);
    yield* singleValues("brand", distinct(context.dataset.tcAlerts.map((alert) => alert.brand)), PRIORITY.perBrand);
  },
};
