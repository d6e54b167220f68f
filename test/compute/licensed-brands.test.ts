import { describe, expect, it } from "vitest";
import { activeInMonth, licensedBrandsOf, licenseVerticals } from "../../build/compute/licensed-brands.ts";
import type { LicenseTerms } from "../../build/compute/licensed-brands.ts";

const license = (over: Partial<LicenseTerms> = {}): LicenseTerms => ({
  brand: "a",
  regulator_code: "ANJ",
  status: "active",
  issued_at: "2020-01-01",
  expires_at: null,
  status_changed_at: null,
  verticals: null,
  ...over,
});
const ANJ = { code: "ANJ", verticals: ["sportsbook", "poker"] as ("sportsbook" | "poker")[] };

describe("licenseVerticals", () => {
  it("covers what the regulator licenses when the license names none", () => {
    expect(licenseVerticals(license(), ANJ)).toEqual(["sportsbook", "poker"]);
    expect(licenseVerticals(license(), { verticals: null })).toEqual(["casino", "sportsbook", "poker", "lottery"]);
  });

  it("keeps only the named verticals its regulator licenses (ANJ licenses no online casino)", () => {
    expect(licenseVerticals(license({ verticals: ["casino", "sportsbook"] }), ANJ)).toEqual(["sportsbook"]);
  });
});

describe("activeInMonth", () => {
  it.each([
    ["issued mid-month: not the month before", license({ issued_at: "2026-03-15" }), "2026-02", false],
    ["issued mid-month: that month", license({ issued_at: "2026-03-15" }), "2026-03", true],
    [
      "revoked on the 10th: still that month",
      license({ status: "revoked", status_changed_at: "2026-05-10" }),
      "2026-05",
      true,
    ],
    [
      "revoked on the 10th: not the month after",
      license({ status: "revoked", status_changed_at: "2026-05-10" }),
      "2026-06",
      false,
    ],
    ["expiring on 1 July: June", license({ expires_at: "2026-07-01" }), "2026-06", true],
    ["expiring on 1 July: not July", license({ expires_at: "2026-07-01" }), "2026-07", false],
  ])("%s", (_, terms, month, active) => {
    expect(activeInMonth(terms, month)).toBe(active);
  });
});

describe("licensedBrandsOf", () => {
  const brands = [
    { slug: "a", verticals: ["casino", "sportsbook"] as ("casino" | "sportsbook")[] },
    { slug: "slots", verticals: ["casino"] as "casino"[] },
    { slug: "grey", verticals: ["sportsbook"] as "sportsbook"[] },
  ];
  const licenses = [
    license(),
    license({ brand: "slots" }), // names no vertical; its brand offers only casino, which ANJ does not license
    license({ brand: "grey", regulator_code: "MGA" }), // a license, but not from ANJ
  ];

  it("splits a vertical only among brands with a covering license that offer it", () => {
    const licensedIn = licensedBrandsOf({ regulator_code: "ANJ", vertical: "sportsbook" }, licenses, [ANJ], brands);
    expect([...licensedIn("2026-01")]).toEqual(["a"]);
  });

  it("gives no brand ANJ's casino GGR, and the whole market to a license covering any offered vertical", () => {
    expect(
      licensedBrandsOf({ regulator_code: "ANJ", vertical: "casino" }, licenses, [ANJ], brands)("2026-01").size,
    ).toBe(0);
    expect([
      ...licensedBrandsOf({ regulator_code: "ANJ", vertical: "total" }, licenses, [ANJ], brands)("2026-01"),
    ]).toEqual(["a"]);
  });

  it("leaves out a brand whose license was not active in the month", () => {
    const later = [license({ issued_at: "2026-02-01" })];
    const licensedIn = licensedBrandsOf({ regulator_code: "ANJ", vertical: "sportsbook" }, later, [ANJ], brands);
    expect([licensedIn("2026-01").size, licensedIn("2026-02").size]).toEqual([0, 1]);
  });
});
