import { z } from "zod";
import { describe, expect, it } from "vitest";
import { issueMessage } from "../../build/load/issue-message.ts";
import { brandSchema, countrySchema, licenseSchema, metaSchema, resumeSchema } from "../../build/load/schemas.ts";

/** The message of the issue at `field` when `value` is parsed with `schema`. */
function messageAt(schema: z.ZodType, value: unknown, field: string): string | undefined {
  const result = schema.safeParse(value, { reportInput: true });
  const issue = result.error?.issues.find((candidate) => candidate.path.join(".") === field);
  return issue === undefined ? undefined : issueMessage(issue);
}

const COUNTRY = { code: "GB", name: "United Kingdom", trust_tier: 1, active: true };
const LICENSE = {
  id: "L-1",
  brand: "alpha-casino",
  regulator_code: "UKGC",
  license_number: "000-1",
  status: "active",
  issued_at: "2020-01-01",
};
const BRAND = { slug: "alpha-casino", name: "Alpha", status: "active", verticals: ["casino"], markets: ["GB"] };

describe("issueMessage (issue 26: messages a publisher can act on)", () => {
  it.each([
    // "Missing field" rather than "expected string, received undefined"
    [countrySchema, { ...COUNTRY, name: undefined }, "name", "Missing field (expected text)"],
    [countrySchema, { ...COUNTRY, active: undefined }, "active", "Missing field (expected true or false)"],
    [brandSchema, { ...BRAND, status: undefined }, "status", "Missing field (expected one of active, dormant, closed)"],
    // the kind expected, in words, and the value found
    [countrySchema, { ...COUNTRY, active: "yes" }, "active", 'Expected true or false, got "yes"'],
    [countrySchema, { ...COUNTRY, trust_tier: 1.5 }, "trust_tier", "Expected an integer, got 1.5"],
    [brandSchema, { ...BRAND, markets: "GB" }, "markets", 'Expected a list, got "GB"'],
    // a valid ISO value of the wrong kind
    [
      licenseSchema,
      { ...LICENSE, issued_at: "2020-01-01T09:30:00Z" },
      "issued_at",
      "Expected a date (YYYY-MM-DD), got a date-time",
    ],
    [
      licenseSchema,
      { ...LICENSE, issued_at: "2020-02-30" },
      "issued_at",
      'Expected a date (YYYY-MM-DD), got "2020-02-30", which is no day of the calendar',
    ],
    [
      licenseSchema,
      { ...LICENSE, issued_at: "01/02/2020" },
      "issued_at",
      'Expected a date (YYYY-MM-DD), got "01/02/2020"',
    ],
    [
      resumeSchema,
      { updated_at: "2025-01-01" },
      "updated_at",
      "Expected a date-time with its time zone (YYYY-MM-DDThh:mm:ssZ), got a date without a time",
    ],
    [
      resumeSchema,
      { updated_at: "2025-01-01T10:00:00" },
      "updated_at",
      "Expected a date-time with its time zone (YYYY-MM-DDThh:mm:ssZ), got a date-time without a time zone",
    ],
    [metaSchema, { contact: "nobody" }, "contact", 'Expected an e-mail address, got "nobody"'],
    // the value refused by a range
    [countrySchema, { ...COUNTRY, trust_tier: 5 }, "trust_tier", "Must be at most 3, got 5"],
    [brandSchema, { ...BRAND, founded_year: 1850 }, "founded_year", "Must be at least 1990, got 1850"],
    [brandSchema, { ...BRAND, verticals: [] }, "verticals", "Must have at least 1 value, got 0"],
    [countrySchema, { ...COUNTRY, name: "  " }, "name", "Must not be empty"],
    // near misses
    [
      brandSchema,
      { ...BRAND, status: "Active" },
      "status",
      'Expected one of active, dormant, closed, got "Active" (did you mean "active"?)',
    ],
    [
      brandSchema,
      { ...BRAND, verticals: ["casinos"] },
      "verticals.0",
      'Expected one of casino, sportsbook, poker, lottery, got "casinos" (did you mean "casino"?)',
    ],
    [
      countrySchema,
      { ...COUNTRY, code: "gb" },
      "code",
      'Expected an upper-case ISO 3166-1 alpha-2 code, got "gb" (did you mean "GB"?)',
    ],
    [countrySchema, { ...COUNTRY, code: "UK" }, "code", 'Expected an ISO 3166-1 code, got "UK" (did you mean "GB"?)'],
    [
      brandSchema,
      { ...BRAND, markets: ["UK"] },
      "markets.0",
      'Expected an ISO 3166-1 code, got "UK" (did you mean "GB"?)',
    ],
    // a schema's own wording is kept, with the value it refused
    [
      brandSchema,
      { ...BRAND, slug: "Alpha" },
      "slug",
      'Expected a lower-case slug (a-z, 0-9, single dashes), got "Alpha"',
    ],
  ] as const)("%#: %j at %s → %s", (schema, value, field, message) => {
    expect(messageAt(schema, value, field)).toBe(message);
  });

  it("never says undefined, or zod's own words, for any field of an empty record", () => {
    for (const schema of [countrySchema, brandSchema, licenseSchema, resumeSchema]) {
      const issues = schema.safeParse({}, { reportInput: true }).error?.issues ?? [];
      expect(issues.length).toBeGreaterThan(2);
      for (const issue of issues) expect(issueMessage(issue)).toMatch(/^Missing field \(expected [^)]+\)$/);
    }
  });
});
