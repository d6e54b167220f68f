import { describe, expect, it } from "vitest";
import {
  defaultOf,
  expectedOf,
  parseDateTime,
  serializeValue,
  valueSchema,
  type ParamSpec,
} from "../../build/query/param-spec.ts";
import { probeEndpoint } from "./probe-endpoint.ts";

const spec = (name: string): ParamSpec => {
  const found = probeEndpoint.params.find((param) => param.name === name);
  if (found === undefined) throw new Error(name);
  return found;
};

describe("parseDateTime", () => {
  it.each([
    ["2025-01-15", "2025-01-15T00:00:00.000Z"], // a date alone is midnight UTC
    ["2025-01-15T10:20:30Z", "2025-01-15T10:20:30.000Z"],
    ["2025-01-15T10:20Z", "2025-01-15T10:20:00.000Z"],
    ["2025-01-15 10:20:30Z", "2025-01-15T10:20:30.000Z"],
    ["2025-01-15t10:20:30z", "2025-01-15T10:20:30.000Z"],
    ["2025-01-15T10:20:30.123456Z", "2025-01-15T10:20:30.123456Z"], // finer than a millisecond: kept, as a resume's updated_at keeps it
    ["2025-01-15T10:20:30.1234560Z", "2025-01-15T10:20:30.123456Z"],
    ["2025-01-15T12:20:30.000456+02:00", "2025-01-15T10:20:30.000456Z"],
    ["2025-01-15T10:20:30.123000Z", "2025-01-15T10:20:30.123Z"],
    ["2025-12-31T23:59:59.9999Z", "2025-12-31T23:59:59.9999Z"],
    ["2025-01-15T10:20:30+02:00", "2025-01-15T08:20:30.000Z"],
    ["2025-01-15T10:20:30+0200", "2025-01-15T08:20:30.000Z"],
    ["2025-02-28T23:00:00-05:00", "2025-03-01T04:00:00.000Z"], // the offset may move the day; the written date is valid
    ["2024-02-29", "2024-02-29T00:00:00.000Z"],
    ["0000-02-29", "0000-02-29T00:00:00.000Z"], // year 0 is a leap year, 1900 is not: Date.UTC reads years 0-99 as 1900-1999
    ["0004-02-29T12:00:00Z", "0004-02-29T12:00:00.000Z"],
    ["2025-01-15T10:20:30", "2025-01-15T10:20:30.000Z"], // no offset: UTC, as a date alone is midnight UTC
    ["2025-01-15T10:20", "2025-01-15T10:20:00.000Z"],
  ])("reads %s as %s", (raw, expected) => {
    expect(parseDateTime(raw)).toBe(expected);
  });

  it.each([
    ["2025-02-30"], // rolled over to March 2 by Date.parse
    ["2023-02-29"],
    ["0100-02-29"],
    ["2025-04-31"],
    ["2025-13-01"],
    ["2025-00-10"],
    ["2025-01-00"],
    ["2025-01-15T10"],
    ["2025-01-15T25:00:00Z"],
    ["2025-01-15T10:60:00Z"],
    ["2025-1-5"],
    ["20250115"],
    ["yesterday"],
    [""],
    ["2025-01-15T10:20:30Zjunk"],
  ])("refuses %j", (raw) => {
    expect(parseDateTime(raw)).toBeUndefined();
  });
});

describe("valueSchema", () => {
  it.each<[string, string, unknown]>([
    ["kind", "SLOT", "slot"],
    ["kind", " table ", "table"],
    ["seniority", "senior,junior,senior", ["junior", "senior"]], // de-duplicated and sorted
    ["role", "SEO, ppc ,,seo", ["ppc", "seo"]],
    ["brand", "Alpha-Casino", "alpha-casino"],
    ["country", "uk,de,GB", ["DE", "GB"]], // UK is GB
    ["code", "ukgc", "UKGC"],
    ["code", "uk", "UK"], // only country parameters map UK to GB
    ["slugs", "b,A,c", ["b", "a", "c"]], // ordered: kept as requested
    ["min", "0", 0],
    ["min", "010", 10],
    ["page", "9007199254740991", 9007199254740991], // past the end of any list, but an integer ≥ 1: an empty page
    ["role", "r".repeat(500), ["r".repeat(500)]], // an open vocabulary takes any value

    ["has_contacts", "1", true],
    ["has_contacts", "true", true],
    ["has_contacts", "0", false],
    ["has_contacts", "false", false],
    ["period", "2024-12", "2024-12"],
    ["since", "2025-01-15", "2025-01-15T00:00:00.000Z"],
    ["q", "  hello   world ", "hello world"],
  ])("%s=%j → %j", (name, raw, expected) => {
    expect(valueSchema(spec(name)).parse(raw)).toEqual(expected);
  });

  it.each<[string, string]>([
    ["kind", "card"],
    ["kind", "slot,table"], // single-valued
    ["seniority", "junior,boss"],
    ["seniority", ","],
    ["brand", "a,b"], // single-valued open vocabulary
    ["slugs", "a"],
    ["slugs", "a,b,c,d"],
    ["slugs", "a,b,A"], // distinct after normalising
    ["min", "-1"],
    ["min", "11"],
    ["min", "1.5"],
    ["min", "1e1"],
    ["min", "+1"],
    ["min", "ten"],
    ["min", "9999999999999999"],
    ["page", "9007199254740992"], // beyond what a JSON number holds exactly
    ["page", "0"],
    ["has_contacts", "yes"],
    ["has_contacts", "TRUE"],
    ["has_contacts", "2"],
    ["period", "2024-13"],
    ["period", "2024-00"], // no month 0: a month is 01 to 12
    ["period", "2024-1"],
    ["period", "2024-12-01"],
    ["since", "2025-02-30"],
    ["q", "x".repeat(21)],
  ])("%s=%j is refused", (name, raw) => {
    expect(valueSchema(spec(name)).safeParse(raw).success).toBe(false);
  });
});

describe("open lists: at most 1,000 distinct values", () => {
  // X0, X1, …: distinct, and none of them UK, which would count as GB.
  const codes = (count: number) => Array.from({ length: count }, (_, i) => `X${i}`);

  it("takes 1,000 distinct values and refuses 1,001", () => {
    expect(valueSchema(spec("country")).safeParse(codes(1000).join(",")).success).toBe(true);
    expect(valueSchema(spec("country")).safeParse(codes(1001).join(",")).success).toBe(false);
  });

  it("counts a value once however often it is repeated or spelled (GB, gb, UK)", () => {
    const repeated = [...Array.from({ length: 1500 }, (_, i) => ["GB", "gb", "uk"][i % 3]), "DE"].join(",");
    expect(valueSchema(spec("country")).safeParse(repeated)).toEqual({ success: true, data: ["DE", "GB"] });
  });
});

describe("expectedOf", () => {
  it.each([
    ["kind", "one of: slot, table"],
    ["seniority", "one or more of (comma-separated): junior, senior, lead"],
    ["country", "ISO 3166-1 alpha-2 country code(s), comma-separated, at most 1,000 distinct"],
    ["slugs", "2 to 3 distinct comma-separated values"],
    ["min", "an integer from 0 to 10"],
    ["page", "an integer from 1 to 9007199254740991"], // no stated maximum: as far as a JSON number is exact
    ["since", "an ISO 8601 date (YYYY-MM-DD) or date-time (UTC unless it has an offset; a + is written %2B in a URL)"],
    ["has_contacts", "1, true, 0 or false"],
    ["period", "a month as YYYY-MM"],
    ["q", "text of at most 20 characters"],
  ])("describes %s as %j", (name, text) => {
    expect(expectedOf(spec(name))).toBe(text);
  });
});

describe("serializeValue and defaultOf", () => {
  it.each<[Parameters<typeof serializeValue>[0], string]>([
    [["DE", "GB"], "DE,GB"],
    [true, "1"],
    [false, "0"],
    [20, "20"],
    ["x", "x"],
  ])("writes %j as %j", (value, text) => {
    expect(serializeValue(value)).toBe(text);
  });

  it("knows the defaults of closed and int parameters only", () => {
    expect(defaultOf(spec("kind"))).toBe("slot");
    expect(defaultOf(spec("per_page"))).toBe(50);
    expect(defaultOf(spec("limit"))).toBeUndefined();
    expect(defaultOf(spec("country"))).toBeUndefined();
  });
});
