/**
 * The regulator directory's counts, taken from the licenses of the registers.
 * @module
 */
import type { z } from "zod";
import type { License, Regulator } from "../load/schemas.ts";
import { regulatorVerticals } from "./licensed-brands.ts";

import type { regulatorItem } from "../response-schemas/dataset-catalog.ts";

/** A regulator with its licenses in the data (whatever their status) and the distinct brands holding them. */
export type RegulatorRecord = z.infer<typeof regulatorItem>;

/**
 * Counts each regulator's licenses and distinct brands, keeping the input order; both are null (unknown, not 0) when
 * the data set has no license data at all (#26).
 */
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
    licenses_count: licenses.length === 0 ? null : (counts.get(regulator.code)?.licenses ?? 0),
    brands_count: licenses.length === 0 ? null : (counts.get(regulator.code)?.brands.size ?? 0),
    verticals: regulatorVerticals(regulator),
  }));
}
