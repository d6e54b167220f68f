/**
 * Derives brand records: active license count, monthly Trust Score history, current score and description.
 * @module
 */
import type { SeedSet } from "../load/load-seeds.ts";
import type { Domain, License } from "../load/schemas.ts";
import { describeBrand } from "./brand-description.ts";
import { compareStrings } from "./compare.ts";
import type { BrandRecord } from "./dataset.ts";
import type { IndexValue } from "./demand-index.ts";
import { groupBy } from "./group-by.ts";
import { computeTrustHistory } from "./trust-history.ts";
import { brandTimelines } from "./trust-observations.ts";
import { licenseStatusOn, type TrustDataPresence } from "./trust-score.ts";

/** Builds every brand record, sorted by slug; `snapshotDate` is the meta snapshot's date. */
export function computeBrands(
  seeds: SeedSet,
  index: readonly IndexValue[],
  periods: readonly string[],
  snapshotDate: string,
): BrandRecord[] {
  const licensesByBrand = groupBy(seeds.licenses, (license) => license.brand);
  const domainsByBrand = groupBy(seeds.domains, (domain) => domain.brand);
  const alertsByBrand = groupBy(seeds.tcAlerts, (alert) => alert.brand);
  const indexByBrand = groupBy(index, (value) => value.brand);
  const monitoringByBrand = new Map(seeds.monitoring.map((record) => [record.brand, record]));
  const timelinesOf = brandTimelines(seeds, snapshotDate);
  const tiers = new Map(seeds.regulators.map((regulator) => [regulator.code, regulator.tier]));
  const regulatorTier = (code: string): number => tiers.get(code) ?? 3;
  const present: TrustDataPresence = { licenses: seeds.licenses.length > 0, domains: seeds.domains.length > 0 };

  return [...seeds.brands]
    .sort((a, b) => compareStrings(a.slug, b.slug))
    .map((brand) => {
      const licenses: License[] = licensesByBrand.get(brand.slug) ?? [];
      const primaryDomain: Domain | undefined = (domainsByBrand.get(brand.slug) ?? []).find((domain) => domain.primary);
      const { history, current: trust } = computeTrustHistory(
        {
          timelines: timelinesOf(brand, primaryDomain),
          licenses,
          regulatorTier,
          primaryDomain,
          alerts: alertsByBrand.get(brand.slug) ?? [],
          monitoring: monitoringByBrand.get(brand.slug),
          demand: indexByBrand.get(brand.slug) ?? [],
          present,
        },
        periods,
        snapshotDate,
      );
      const active = licenses.filter((license) => licenseStatusOn(license, snapshotDate) === "active");
      const marketsWithDemand = [
        ...new Set(
          (indexByBrand.get(brand.slug) ?? []).filter((value) => (value.volume ?? 0) > 0).map((value) => value.country),
        ),
      ];
      return {
        ...brand,
        licenses_count: present.licenses ? active.length : null,
        trust,
        trust_history: history,
        description: describeBrand({
          brand,
          marketsWithDemand,
          activeRegulators: [...new Set(active.map((license) => license.regulator_code))].sort(compareStrings),
          licensesKnown: present.licenses,
          trust,
        }),
      };
    });
}
