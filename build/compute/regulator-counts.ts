/**
 * The regulator directory's counts, taken from the licenses of the registers.
 * @module
 */
import type { License, Regulator } from "../load/schemas.ts";
import type { Vertical } from "../load/verticals.ts";
import { regulatorVerticals } from "./licensed-brands.ts";

export interface RegulatorRecord extends Regulator {
  /** Licenses of the regulator in the data, whatever their status. */
  licenses_count: number;
  /** Distinct brands holding those licenses. */
  brands_count: number;
  /** The verticals it licenses: all of them unless the seed lists some. */
  verticals: Vertical[];
}

/** Counts each regulator's licenses and distinct brands, keeping the input order. */
export function computeRegulatorCounts(
  regulators: readonly Regulator[],
  licenses: readonly Pick<License, "brand" | "regulator_code">[],
): RegulatorRecord[] {
  const counts = new Map<string, { licenses: number; brands: Set<string> }>();
  for (const license of licenses) {
    const count = counts.get(license.regulator_code) ?? { licenses: 0, brands: new Set<string>() };
    count.licenses += 1;
    count.brands.add(license.brand);
    counts.set(license.regulator_code, count);
  }
  return regulators.map((regulator) => ({
    ...regulator,
    licenses_count: counts.get(regulator.code)?.licenses ?? 0,
    brands_count: counts.get(regulator.code)?.brands.size ?? 0,
    verticals: regulatorVerticals(regulator),
  }));
}
