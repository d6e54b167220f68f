/**
 * Likely mistakes in valid seeds (#26): the build goes on, and its summary, `--check` and the build report
 * beside the output list them. A warning names records by file and line and brands, licenses or markets by
 * key, never a person (resumes are not looked at).
 * @module
 */
import { formatSeedProblem } from "../errors.ts";
import type { LocatedRecord } from "./validate-records.ts";

/** One warning: what kind (stable, for the build report), where when it is about one record, and what. */
export interface BuildWarning {
  code: string;
  /** The seed file of the record it is about, as problems name it (`seeds/licenses/licenses.csv`). */
  file?: string;
  record?: string;
  field?: string;
  message: string;
}

/** A warning as one line: located like a seed problem when it is about a record. */
export function formatWarning(warning: BuildWarning): string {
  return warning.file === undefined
    ? warning.message
    : formatSeedProblem({
        file: warning.file,
        record: warning.record,
        field: warning.field,
        message: warning.message,
      });
}

type Records = Partial<Record<string, LocatedRecord[]>>;

/** The warnings about the seed records; `snapshotDate` (YYYY-MM-DD, UTC) dates a license's expiry. */
export function findSeedWarnings(records: Records, snapshotDate: string): BuildWarning[] {
  return [
    ...activeAfterExpiry(records.licenses ?? [], snapshotDate),
    ...demandOutsideMarkets(records.brands ?? [], records.demand ?? []),
    ...brandsWithoutDomain(records.brands ?? [], records.domains ?? []),
    ...verticalsOutsideRegulator(records.licenses ?? [], records.regulators ?? []),
  ];
}

function locatedAt(record: LocatedRecord, field: string): Pick<BuildWarning, "file" | "record" | "field"> {
  return { file: record.file, record: record.location, field };
}

/** A register export that still says active on a license whose expiry date has passed: published as expired. */
function activeAfterExpiry(licenses: readonly LocatedRecord[], snapshotDate: string): BuildWarning[] {
  return licenses.flatMap((record) => {
    const { status, expires_at: expiresAt } = record.value as { status?: string; expires_at?: string | null };
    if (status !== "active" || expiresAt == null || expiresAt > snapshotDate) return [];
    return [
      {
        code: "license_active_after_expiry",
        ...locatedAt(record, "status"),
        message: `Marked active, but its expiry date ${expiresAt} is on or before the snapshot (${snapshotDate}): published as expired, with register_status active`,
      },
    ];
  });
}

/**
 * Demand rows of a brand in a country it does not list among its markets: a mistyped country code, or a
 * market missing from the brand. One warning per brand and country, on its first row, with the count.
 */
function demandOutsideMarkets(brands: readonly LocatedRecord[], demand: readonly LocatedRecord[]): BuildWarning[] {
  const markets = new Map(brands.map((record) => [record.value.slug as string, record.value.markets as string[]]));
  const outside = new Map<string, { first: LocatedRecord; rows: number }>();
  for (const row of demand) {
    const { brand, country } = row.value as { brand: string; country: string };
    const listed = markets.get(brand);
    if (listed === undefined || listed.includes(country)) continue;
    const key = `${brand} ${country}`;
    const seen = outside.get(key);
    if (seen === undefined) outside.set(key, { first: row, rows: 1 });
    else seen.rows += 1;
  }
  return [...outside.values()].map(({ first, rows }) => {
    const { brand, country } = first.value as { brand: string; country: string };
    const listed = markets.get(brand)!;
    return {
      code: "demand_outside_markets",
      ...locatedAt(first, "country"),
      message: `${rows === 1 ? "A demand row" : `${rows} demand rows`} of ${brand} in ${country}, which is not among its markets (${listed.length === 0 ? "none listed" : listed.join(", ")}): add ${country} to the brand's markets, or check the country code`,
    };
  });
}

/** A brand without any domain: every domain signal of its Trust Score is unknown. */
function brandsWithoutDomain(brands: readonly LocatedRecord[], domains: readonly LocatedRecord[]): BuildWarning[] {
  const withDomain = new Set(domains.map((record) => record.value.brand as string));
  return brands
    .filter((record) => !withDomain.has(record.value.slug as string))
    .map((record) => ({
      code: "brand_without_domain",
      ...locatedAt(record, "slug"),
      message: `Brand ${String(record.value.slug)} has no domain in domains/: its domain signals (whois, backlinks, health, DNS) are unknown`,
    }));
}

/**
 * A license naming a vertical its regulator does not license: the license is read as covering only the
 * verticals the regulator licenses (compute/licensed-brands.ts), so the rest would drop out unseen.
 */
function verticalsOutsideRegulator(
  licenses: readonly LocatedRecord[],
  regulators: readonly LocatedRecord[],
): BuildWarning[] {
  const licensed = new Map(
    regulators.map((record) => [record.value.code as string, record.value.verticals as string[] | null | undefined]),
  );
  return licenses.flatMap((record) => {
    const {
      id,
      regulator_code: regulator,
      verticals,
    } = record.value as {
      id: string;
      regulator_code: string;
      verticals?: string[] | null;
    };
    const allowed = licensed.get(regulator);
    if (verticals == null || allowed == null) return [];
    const outside = verticals.filter((vertical) => !allowed.includes(vertical));
    if (outside.length === 0) return [];
    return [
      {
        code: "license_vertical_not_licensed",
        ...locatedAt(record, "verticals"),
        message: `License ${id} names ${outside.join(", ")}, which its regulator ${regulator} does not license (it licenses ${allowed.join(", ")}): the license is counted for ${verticals.filter((vertical) => allowed.includes(vertical)).join(", ") || "no vertical"} only`,
      },
    ];
  });
}
