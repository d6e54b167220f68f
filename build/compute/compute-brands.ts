/**
 * Derives brand records: active license count, monthly Trust Score history and description.
 * @module
 */
import type { SeedSet } from "../load/load-seeds.ts";
import type { Domain, License, TcAlert } from "../load/schemas.ts";
import { describeBrand } from "./brand-description.ts";
import { compareStrings } from "./compare.ts";
import type { BrandRecord, TrustHistoryEntry } from "./dataset.ts";
import type { IndexValue } from "./demand-index.ts";
import { groupBy } from "./group-by.ts";
import { computeTrustScore, licenseStatusOn, type TrustDataPresence } from "./trust-score.ts";

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
  const indexByBrandPeriod = groupBy(index, (value) => `${value.brand}|${value.period}`);
  const tiers = new Map(seeds.regulators.map((regulator) => [regulator.code, regulator.tier]));
  const regulatorTier = (code: string): number => tiers.get(code) ?? 3;
  const present: TrustDataPresence = {
    licenses: seeds.licenses.length > 0,
    domains: seeds.domains.length > 0,
    demand: seeds.demand.length > 0,
    alerts: seeds.tcAlerts.length > 0,
  };

  return [...seeds.brands]
    .sort((a, b) => compareStrings(a.slug, b.slug))
    .map((brand) => {
      const licenses: License[] = licensesByBrand.get(brand.slug) ?? [];
      const primaryDomain: Domain | undefined = (domainsByBrand.get(brand.slug) ?? []).find((domain) => domain.primary);
      const alerts: TcAlert[] = alertsByBrand.get(brand.slug) ?? [];
      const history: TrustHistoryEntry[] = periods.map((period) => {
        const marketAdis = (indexByBrandPeriod.get(`${brand.slug}|${period}`) ?? [])
          .filter((value) => (value.volume ?? 0) > 0)
          .map((value) => value.adi ?? 0);
        return {
          period,
          ...computeTrustScore({ period, brand, licenses, regulatorTier, primaryDomain, alerts, marketAdis, present }),
        };
      });
      const trust = history[history.length - 1] ?? {
        period: snapshotDate.slice(0, 7),
        ...computeTrustScore({
          period: snapshotDate.slice(0, 7),
          brand,
          licenses,
          regulatorTier,
          primaryDomain,
          alerts,
          marketAdis: [],
          present,
        }),
      };
      const active = licenses.filter((license) => licenseStatusOn(license, snapshotDate) === "active");
      const marketsWithDemand = [
        ...new Set(
          (indexByBrand.get(brand.slug) ?? []).filter((value) => (value.volume ?? 0) > 0).map((value) => value.country),
        ),
      ];
      return {
        ...brand,
        licenses_count: active.length,
        trust,
        trust_history: history,
        description: describeBrand({
          brand,
          marketsWithDemand,
          activeRegulators: [...new Set(active.map((license) => license.regulator_code))].sort(compareStrings),
          trust,
        }),
      };
    });
}
