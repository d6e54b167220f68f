/**
 * `/licenses`: licenses from the public regulator registers, paginated, by id.
 * @module
 */
import type { LicenseRecord } from "../../compute/dataset.ts";
import { licenseSchema } from "../../load/schemas.ts";
import { listParam, pageParam, perPageParam } from "../common-params.ts";
import type { EngineContext, Endpoint } from "../endpoint.ts";
import { envelope, paginate } from "../envelope.ts";
import { anyOfFilter, applyFilters, filterSpecs, filterValueQueries, type FilterRow } from "../filter-rows.ts";
import { stableItemsOf } from "../stable-json.ts";
import { defaultPages, distinct } from "../key-space.ts";
import { brandFilter } from "./dataset-filters.ts";
import { licensesResponse } from "../../response-schemas/dataset-catalog.ts";

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
    verticals: license.verticals,
    // Added by #26 after the contract's fields, whose order stays.
    register_status: license.register_status,
  };
}

/** Each license's list item, made once: a license is listed by several filters' pages. */
const licenseListItem = stableItemsOf(licenseItem);

const byRegulator = anyOfFilter<LicenseRecord, EngineContext>(
  {
    name: "regulator_code",
    type: "open",
    normalise: "upper",
    multi: true,
    description: "Regulator codes, e.g. UKGC (see /regulators)",
  },
  (license) => license.regulator_code,
  { values: (context) => context.dataset.regulators.map((regulator) => regulator.code) },
);
const byJurisdiction = anyOfFilter<LicenseRecord, EngineContext>(
  {
    name: "jurisdiction",
    type: "open",
    normalise: "country",
    multi: true,
    description: "Jurisdiction of the regulator (ISO code; UK = GB)",
  },
  (license) => license.jurisdiction,
  {
    values: (context) =>
      distinct(context.dataset.licenses.map((license) => license.jurisdiction).filter((code) => code !== "")),
  },
);
const byStatus = anyOfFilter<LicenseRecord, EngineContext>(
  {
    name: "status",
    type: "closed",
    values: LICENSE_STATUSES,
    multi: true,
    description: "Effective status at the snapshot (an active license past its expiry date is expired)",
  },
  (license) => license.status,
  {
    values: () => LICENSE_STATUSES,
  },
);
const byBrand = brandFilter(
  "Brand slugs holding the license",
  (license: LicenseRecord) => license.brand,
  (context) => context.dataset.licenses,
);
const LICENSE_FILTERS: readonly FilterRow<LicenseRecord, EngineContext>[] = [
  byRegulator,
  byJurisdiction,
  byStatus,
  byBrand,
];

export const licensesEndpoint: Endpoint = {
  id: "dataset.licenses",
  service: "dataset",
  path: "/licenses",
  summary: "Licenses from public regulator registers, by id",
  format: "json",
  response: licensesResponse,
  params: [...filterSpecs(LICENSE_FILTERS), pageParam, perPageParam(100, 50)],
  run: (context, { params }) => {
    const brands = listParam(params, "brand");
    // One brand's licenses are already grouped (in id order): its files need no scan of every license.
    const candidates =
      brands.length === 1 ? (context.index.licensesByBrand.get(brands[0]!) ?? []) : context.dataset.licenses;
    const matching = applyFilters(candidates, LICENSE_FILTERS, params, context);
    const { items, pagination } = paginate(matching, Number(params.page ?? 1), Number(params.per_page ?? 50));
    return { kind: "json", body: envelope(context, "dataset", items.map(licenseListItem), {}, pagination), pagination };
  },
  keySpace: function* (context) {
    yield* defaultPages(context.dataset.licenses.length);
    yield* filterValueQueries([byStatus, byRegulator, byJurisdiction, byBrand], context);
  },
};
