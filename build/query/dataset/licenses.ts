/**
 * `/licenses`: licenses from the public regulator registers, paginated, by id.
 * @module
 */
import type { LicenseRecord } from "../../compute/dataset.ts";
import { licenseSchema } from "../../load/schemas.ts";
import { listParam, pageParam, perPageParam } from "../common-params.ts";
import type { Endpoint } from "../endpoint.ts";
import { envelope, paginate } from "../envelope.ts";
import { stableItemsOf } from "../stable-json.ts";
import { defaultPages, distinct, PRIORITY, singleValues } from "./key-space.ts";
import { licensesResponse } from "../schemas/dataset-catalog.ts";

export const LICENSE_STATUSES = licenseSchema.shape.status.options;

/** The list item of a license (contract §2 field names, then the register's dates). */
export function licenseItem(license: LicenseRecord) {
  return {
    id: license.id,
    brand: license.brand,
    regulator_code: license.regulator_code,
    jurisdiction: license.jurisdiction,
    license_number: license.license_number,
    status: license.status,
    issued_at: license.issued_at,
    expires_at: license.expires_at,
    status_changed_at: license.status_changed_at,
  };
}

/** Each license's list item, made once: a license is listed by several filters' pages. */
const licenseListItem = stableItemsOf(licenseItem);

export const licensesEndpoint: Endpoint = {
  id: "dataset.licenses",
  service: "dataset",
  path: "/licenses",
  summary: "Licenses from public regulator registers, by id",
  format: "json",
  response: licensesResponse,
  params: [
    { name: "regulator_code", type: "open", normalise: "upper", multi: true, description: "Regulator codes, e.g. UKGC (see /regulators)" },
    { name: "jurisdiction", type: "open", normalise: "country", multi: true, description: "Jurisdiction of the regulator (ISO code; UK = GB)" },
    { name: "status", type: "closed", values: LICENSE_STATUSES, multi: true, description: "Status in the register" },
    { name: "brand", type: "open", normalise: "lower", multi: true, description: "Brand slugs holding the license" },
    pageParam,
    perPageParam(100, 50),
  ],
  run: (context, { params }) => {
    const regulators = listParam(params, "regulator_code");
    const jurisdictions = listParam(params, "jurisdiction");
    const statuses = listParam(params, "status");
    const brands = listParam(params, "brand");
    // One brand's licenses are already grouped (in id order): its files need no scan of every license.
    const candidates = brands.length === 1 ? (context.index.licensesByBrand.get(brands[0]!) ?? []) : context.dataset.licenses;
    const matching = candidates.filter(
      (license) =>
        (regulators.length === 0 || regulators.includes(license.regulator_code)) &&
        (jurisdictions.length === 0 || jurisdictions.includes(license.jurisdiction)) &&
        (statuses.length === 0 || statuses.includes(license.status)) &&
        (brands.length === 0 || brands.includes(license.brand)),
    );
    const { items, pagination } = paginate(matching, Number(params.page ?? 1), Number(params.per_page ?? 50));
    return { kind: "json", body: envelope(context, "dataset", items.map(licenseListItem), {}, pagination), pagination };
  },
  keySpace: function* (context) {
    const { licenses, regulators } = context.dataset;
    yield* defaultPages(licenses.length);
    yield* singleValues("status", LICENSE_STATUSES);
    yield* singleValues("regulator_code", regulators.map((regulator) => regulator.code));
    yield* singleValues("jurisdiction", distinct(licenses.map((license) => license.jurisdiction).filter((code) => code !== "")));
    yield* singleValues("brand", distinct(licenses.map((license) => license.brand)), PRIORITY.perBrand);
  },
};
