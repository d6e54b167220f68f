import { describe, expect, it } from "vitest";
import { findSeedWarnings, formatWarning } from "../../build/load/seed-warnings.ts";
import type { LocatedRecord } from "../../build/load/validate-records.ts";

const at = (file: string, location: string, value: Record<string, unknown>): LocatedRecord => ({
  file,
  location,
  value,
});
const brand = (slug: string, markets: string[]) => at("s/brands/b.ndjson", `line ${slug.length}`, { slug, markets });
const domain = (brandSlug: string) =>
  at("s/domains/d.ndjson", "line 1", { domain: `${brandSlug}.com`, brand: brandSlug });
const license = (location: string, status: string, expires_at: string | null) =>
  at("s/licenses/l.csv", location, { id: location, status, expires_at });
const demand = (location: string, brandSlug: string, country: string) =>
  at("s/demand/d.csv", location, { brand: brandSlug, country, period: "2025-01", volume: 1 });

describe("findSeedWarnings", () => {
  it("warns of a license marked active whose expiry date is on or before the snapshot, and of no other", () => {
    const warnings = findSeedWarnings(
      {
        licenses: [
          license("line 2", "active", "2025-01-01"), // expires on the snapshot's day: expired
          license("line 3", "active", "2025-01-02"), // the day after: still active
          license("line 4", "active", null), // no expiry
          license("line 5", "revoked", "2024-01-01"), // not marked active
          license("line 6", "active", "2020-05-01"),
        ],
      },
      "2025-01-01",
    );
    expect(warnings.map((warning) => [warning.code, warning.record, warning.field])).toEqual([
      ["license_active_after_expiry", "line 2", "status"],
      ["license_active_after_expiry", "line 6", "status"],
    ]);
    expect(formatWarning(warnings[1]!)).toBe(
      "s/licenses/l.csv › line 6 › status: Marked active, but its expiry date 2020-05-01 is on or before the snapshot (2025-01-01): published as expired, with register_status active",
    );
  });

  it("warns once per brand and country of demand rows outside the brand's markets, on the first row, with the count", () => {
    const warnings = findSeedWarnings(
      {
        brands: [brand("alpha", ["GB", "DE"]), brand("beta", [])],
        domains: [domain("alpha"), domain("beta")],
        demand: [
          demand("line 2", "alpha", "GB"),
          demand("line 3", "alpha", "SE"),
          demand("line 4", "alpha", "SE"),
          demand("line 5", "beta", "GB"),
          demand("line 6", "ghost", "GB"), // an unknown brand is the reference check's problem, not a warning
        ],
      },
      "2025-01-01",
    );
    expect(warnings.map(formatWarning)).toEqual([
      "s/demand/d.csv › line 3 › country: 2 demand rows of alpha in SE, which is not among its markets (GB, DE): add SE to the brand's markets, or check the country code",
      "s/demand/d.csv › line 5 › country: A demand row of beta in GB, which is not among its markets (none listed): add GB to the brand's markets, or check the country code",
    ]);
  });

  it("warns of a brand with no domain", () => {
    const warnings = findSeedWarnings(
      { brands: [brand("alpha", ["GB"]), brand("gamma", ["GB"])], domains: [domain("alpha")] },
      "2025-01-01",
    );
    expect(warnings).toEqual([
      {
        code: "brand_without_domain",
        file: "s/brands/b.ndjson",
        record: "line 5",
        field: "slug",
        message:
          "Brand gamma has no domain in domains/: its domain signals (whois, backlinks, health, DNS) are unknown",
      },
    ]);
  });

  it("finds nothing in clean seeds", () => {
    expect(
      findSeedWarnings(
        {
          brands: [brand("alpha", ["GB"])],
          domains: [domain("alpha")],
          demand: [demand("line 2", "alpha", "GB")],
          licenses: [license("line 2", "active", "2030-01-01")],
        },
        "2025-01-01",
      ),
    ).toEqual([]);
  });
});
