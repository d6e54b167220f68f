/**
 * Which brands a regulator's GGR may be split among (#27): those holding a license from that regulator,
 * active at some time in the month, that covers the vertical the GGR is of, and that offer the vertical.
 * @module
 */
import { VERTICALS, type Vertical } from "../load/verticals.ts";
import type { Brand, GroundTruth, License, Regulator } from "../load/schemas.ts";
import { licenseStatusOn } from "./trust-score.ts";

/** The license fields the licensed-only split reads. */
export type LicenseTerms = Pick<
  License,
  "brand" | "regulator_code" | "status" | "issued_at" | "expires_at" | "status_changed_at" | "verticals"
>;

/** The verticals a regulator licenses: those it lists, or all of them when it lists none. */
export function regulatorVerticals(regulator: Pick<Regulator, "verticals"> | undefined): Vertical[] {
  return regulator?.verticals ?? [...VERTICALS];
}

/**
 * The verticals a license covers: those it lists that its regulator licenses, or, when it lists none,
 * everything its regulator licenses (docs/seed-format-design.md §2).
 */
export function licenseVerticals(
  license: Pick<License, "verticals">,
  regulator: Pick<Regulator, "verticals"> | undefined,
): Vertical[] {
  const licensed = regulatorVerticals(regulator);
  return license.verticals === null ? licensed : license.verticals.filter((vertical) => licensed.includes(vertical));
}

/** The last day of a month `YYYY-MM`, as `YYYY-MM-DD`. */
function lastDayOf(month: string): string {
  const days = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();
  return `${month}-${String(days).padStart(2, "0")}`;
}

/**
 * Whether a license was active on some day of a month. A license is active over one unbroken span, from
 * its issue date to its expiry or status change, so it is enough to look at the month's first day, or at
 * the issue date when the license was issued within the month.
 */
export function activeInMonth(license: LicenseTerms, month: string): boolean {
  const first = `${month}-01`;
  if (license.issued_at > lastDayOf(month)) return false;
  return licenseStatusOn(license, license.issued_at > first ? license.issued_at : first) === "active";
}

/** A market the licensed-only split works in: a regulator and the vertical of its GGR. */
export interface LicensedMarket {
  regulator_code: string;
  vertical: GroundTruth["vertical"];
}

/**
 * Answers, per month, which brands may share a market's GGR: an active license from its regulator
 * covering its vertical (for `total`, any vertical), held by a brand that offers that vertical.
 */
export function licensedBrandsOf(
  market: LicensedMarket,
  licenses: readonly LicenseTerms[],
  regulators: readonly Pick<Regulator, "code" | "verticals">[],
  brands: readonly Pick<Brand, "slug" | "verticals">[],
): (month: string) => Set<string> {
  const regulator = regulators.find((entry) => entry.code === market.regulator_code);
  const offered = new Map(brands.map((brand) => [brand.slug, brand.verticals as readonly string[]]));
  const covering = licenses.filter((license) => {
    if (license.regulator_code !== market.regulator_code) return false;
    const covered = licenseVerticals(license, regulator);
    const brandVerticals = offered.get(license.brand) ?? [];
    return market.vertical === "total"
      ? covered.some((vertical) => brandVerticals.includes(vertical))
      : covered.includes(market.vertical) && brandVerticals.includes(market.vertical);
  });
  return (month) =>
    new Set(covering.filter((license) => activeInMonth(license, month)).map((license) => license.brand));
}
