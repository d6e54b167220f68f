import { describe, expect, it } from "vitest";
import { CsvLayout } from "../../build/load/csv-layout.ts";
import { decodeSeedBytes, readSeedText } from "../../build/load/read-seed-file.ts";
import { brandSchema, domainSchema, licenseSchema } from "../../build/load/schemas.ts";
import { validateRecords } from "../../build/load/validate-records.ts";

const BRANDS = new CsvLayout(brandSchema);

/** Reads a CSV text with a resource's layout and validates it, as the loader does. */
function load(text: string, layout: CsvLayout, schema: Parameters<typeof validateRecords>[2]) {
  const read = readSeedText("s/brands/brands.csv", text, layout);
  const checked = validateRecords("s/brands/brands.csv", read.records, schema);
  return { problems: [...read.problems, ...checked.problems], values: checked.valid.map((record) => record.value) };
}

describe("CsvLayout: nested resources in CSV (#26)", () => {
  it("nests dotted headers, splits lists on |, types cells from the schema, and leaves empty cells absent", () => {
    const text = [
      "slug,name,status,verticals,markets,founded_year,reputation.review_rating,reputation.review_count,payment_methods,social.instagram,app_stores.ios.rating,app_stores.ios.reviews,app_stores.android.rating,app_stores.android.reviews",
      "alpha,Alpha,active,casino|sportsbook,GB|DE,2015,4.5,200,visa|paypal,1200,4.1,50,,",
      "beta,Beta,dormant,casino,SE,,,,[],,,,,",
    ].join("\n");
    const { problems, values } = load(text, BRANDS, brandSchema);
    expect(problems).toEqual([]);
    expect(values[0]).toMatchObject({
      verticals: ["casino", "sportsbook"],
      markets: ["GB", "DE"],
      founded_year: 2015,
      reputation: { review_rating: 4.5, review_count: 200, complaints_total: null, complaints_resolved: null },
      payment_methods: ["visa", "paypal"],
      social: { instagram: 1200 },
      // android's cells are empty while app_stores has cells: no Android app (null), not unknown
      app_stores: { ios: { rating: 4.1, reviews: 50 }, android: null },
    });
    // every signal cell empty: unknown; [] is a known empty list
    expect(values[1]).toMatchObject({
      founded_year: null,
      reputation: null,
      payment_methods: [],
      social: null,
      app_stores: null,
    });
  });

  it("reads a spreadsheet's export: UTF-8 with a byte-order mark and CRLF line ends", () => {
    const bytes = Buffer.from(
      "\uFEFFslug,name,status,verticals,markets,social\r\ngamma,Gämma,active,poker,GB,{}\r\n",
      "utf8",
    );
    const { problems, values } = load(decodeSeedBytes("s/brands/brands.csv", bytes).text!, BRANDS, brandSchema);
    expect(problems).toEqual([]);
    expect(values[0]).toMatchObject({ slug: "gamma", name: "Gämma", social: {} });
  });

  it("takes a header with optional columns left out, and names a missing required one", () => {
    expect(
      readSeedText("s/b.csv", "slug,name,status,verticals,markets\nx,X,active,casino,GB\n", BRANDS).problems,
    ).toEqual([]);
    expect(
      readSeedText("s/b.csv", "slug,status,verticals,markets\nx,active,casino,GB\n", BRANDS).problems[0]?.message,
    ).toMatch(/missing column\(s\) "name"/);
    expect(
      readSeedText("s/b.csv", "slug,name,status,verticals,markets,reputation.stars\nx,X,active,casino,GB,4\n", BRANDS)
        .problems[0]?.message,
    ).toMatch(/unknown column\(s\) "reputation.stars"/);
  });

  it("names the dotted column of a cell of the wrong form", () => {
    const read = readSeedText(
      "s/b.csv",
      "slug,name,status,verticals,markets,reputation.review_count\nx,X,active,casino,GB,many\n",
      BRANDS,
    );
    expect(read.problems).toEqual([
      {
        file: "s/b.csv",
        record: "line 2",
        field: "reputation.review_count",
        message: 'Expected an integer, got "many"',
      },
    ]);
  });

  it("reads a domain with whois and health in columns, dns lists in cells", () => {
    const text =
      "domain,brand,primary,whois.created_at,health.https,health.uptime_pct,dns.ns\nalpha.example,alpha,true,2015-01-01,true,99.9,ns1.example|ns2.example\n";
    const { problems, values } = load(text, new CsvLayout(domainSchema), domainSchema);
    expect(problems).toEqual([]);
    expect(values[0]).toMatchObject({
      whois: { created_at: "2015-01-01", registrar: null },
      health: { https: true, uptime_pct: 99.9, status_code: null },
      dns: { ns: ["ns1.example", "ns2.example"], a: null },
      backlinks: null,
    });
  });

  it("reads a register export without status_changed_at or expires_at columns", () => {
    const text = "id,brand,regulator_code,license_number,status,issued_at\nL-1,alpha,UKGC,123,revoked,2019-01-01\n";
    const { problems, values } = load(text, new CsvLayout(licenseSchema), licenseSchema);
    expect(problems).toEqual([]);
    expect(values[0]).toMatchObject({ status: "revoked", expires_at: null, status_changed_at: null });
  });
});
