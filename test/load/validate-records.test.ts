import { describe, expect, it } from "vitest";
import { SEED_RESOURCES, type SeedResource, type SeedResourceName } from "../../build/load/seed-resources.ts";
import {
  findDanglingReferences,
  findDuplicateKeys,
  recordKey,
  validateRecords,
  type LocatedRecord,
} from "../../build/load/validate-records.ts";

function resource(name: SeedResourceName): SeedResource {
  const found = SEED_RESOURCES.find((entry) => entry.name === name);
  if (found === undefined) throw new Error(`no resource ${name}`);
  return found;
}

const COUNTRY = { code: "GB", name: "United Kingdom", trust_tier: 1, active: true };
const BRAND = {
  slug: "alpha-casino",
  name: "Alpha Casino",
  status: "active",
  founded_year: 2015,
  verticals: ["casino"],
  markets: ["GB"],
  reputation: { review_rating: 4.5, review_count: 200, complaints_total: 10, complaints_resolved: 9 },
  app_stores: { ios: null, android: null },
  social: {},
  payment_methods: ["visa"],
  withdrawal_days: 1,
  responsible_gambling: { self_exclusion: true, deposit_limits: true, reality_check: true },
};

const RESUME_BASE = {
  id: 1,
  title: "Media buyer",
  role: "media_buyer",
  verticals: [],
  traffic: [],
  seniority: "middle",
  skills: [],
  experience_years: 2,
  contact_quality: "direct",
  contacts: { telegram: "@buyer" },
  source: "linkedin",
  language: "en",
  updated_at: "2025-01-01T00:00:00Z",
  text: "Buys traffic.",
};

const located = (file: string, location: string, value: Record<string, unknown>): LocatedRecord => ({
  file,
  location,
  value,
});

describe("validateRecords", () => {
  // The time it takes is the bench's business, not a test's (it was 21 s before the check was made linear).
  it("checks a list of 100,000 values (890 KB, within the line limit) for repeats", () => {
    const methods = Array.from({ length: 100_000 }, (_, i) => `m${i}`);
    expect(
      validateRecords(
        "s/b.ndjson",
        [{ location: "line 1", value: { ...BRAND, payment_methods: methods } }],
        resource("brands").schema,
      ).problems,
    ).toEqual([]);
    const repeated = validateRecords(
      "s/b.ndjson",
      [{ location: "line 1", value: { ...BRAND, payment_methods: [...methods, "m7"] } }],
      resource("brands").schema,
    );
    expect(repeated.problems).toEqual([
      { file: "s/b.ndjson", record: "line 1", field: "payment_methods", message: 'Lists "m7" more than once' },
    ]);
  });

  it("keeps valid records with their location", () => {
    const result = validateRecords(
      "s/c.json",
      [{ location: "record 0", value: COUNTRY }],
      resource("countries").schema,
    );
    expect(result).toEqual({ valid: [{ file: "s/c.json", location: "record 0", value: COUNTRY }], problems: [] });
  });

  it.each([
    ["a nested field", { ...BRAND, reputation: { ...BRAND.reputation, review_rating: 7 } }, "reputation.review_rating"],
    ["an array element", { ...BRAND, markets: ["GB", "gb"] }, "markets[1]"],
    ["an element inside a nested object", { ...BRAND, verticals: ["casino", "bingo"] }, "verticals[1]"],
    ["a missing field", { ...BRAND, name: undefined }, "name"],
    ["a wrong type", { ...BRAND, founded_year: "2015" }, "founded_year"],
  ])("names the dotted path of %s", (_case, value, field) => {
    const result = validateRecords("s/b.ndjson", [{ location: "line 4", value }], resource("brands").schema);
    expect(result.valid).toEqual([]);
    expect(result.problems.map((problem) => [problem.file, problem.record, problem.field])).toEqual([
      ["s/b.ndjson", "line 4", field],
    ]);
  });

  it("names each unrecognized key itself, one problem per key", () => {
    const value = { ...BRAND, extra: 1, reputation: { ...BRAND.reputation, stars: 5 } };
    const result = validateRecords("s/b.ndjson", [{ location: "line 1", value }], resource("brands").schema);
    expect(result.problems.map((problem) => problem.field).sort()).toEqual(["extra", "reputation.stars"]);
    const two = validateRecords(
      "s/c.json",
      [{ location: "record 0", value: { ...COUNTRY, foo: 1, bar: 2 } }],
      resource("countries").schema,
    );
    expect(two.problems).toEqual([
      { file: "s/c.json", record: "record 0", field: "foo", message: 'Unrecognized key "foo"' },
      { file: "s/c.json", record: "record 0", field: "bar", message: 'Unrecognized key "bar"' },
    ]);
  });

  it("lists every problem of every record, not only the first", () => {
    const records = [
      { location: "record 0", value: { ...COUNTRY, code: "gb", trust_tier: 9 } },
      { location: "record 1", value: COUNTRY },
      { location: "record 2", value: "not an object" },
    ];
    const result = validateRecords("s/c.json", records, resource("countries").schema);
    expect(result.valid.map((record) => record.location)).toEqual(["record 1"]);
    expect(result.problems.map((problem) => `${problem.record} ${problem.field ?? "-"}`)).toEqual([
      "record 0 code",
      "record 0 trust_tier",
      "record 2 -",
    ]);
  });

  it("shows the string it refused, where the message alone would not (a trailing space, a capital)", () => {
    const result = validateRecords(
      "s/b.ndjson",
      [{ location: "line 1", value: { ...BRAND, slug: "alpha-casino ", status: "Active", name: 7 } }],
      resource("brands").schema,
    );
    expect(result.problems.map((problem) => [problem.field, problem.message])).toEqual([
      ["slug", 'Expected a lower-case slug (a-z, 0-9, single dashes), got "alpha-casino "'],
      ["name", "Expected text, got 7"],
      ["status", 'Expected one of active, dormant, closed, got "Active" (did you mean "active"?)'],
    ]);
  });

  it("does not repeat a problem that the CSV reader already reported for a cell", () => {
    const value = { brand: "alpha", country: "GB", period: "2024-10", volume: "lots" };
    const result = validateRecords(
      "s/d.csv",
      [{ location: "line 2", value, reported: ["volume"] }],
      resource("demand").schema,
    );
    expect(result).toEqual({ valid: [], problems: [] });
  });
});

describe("recordKey", () => {
  it("joins the key fields in order", () => {
    expect(recordKey({ brand: "a", country: "GB", period: "2024-10", volume: 1 }, ["brand", "country", "period"])).toBe(
      "a|GB|2024-10",
    );
  });
});

describe("findDuplicateKeys", () => {
  it("reports each later duplicate and names the first occurrence, by its line alone in the same file", () => {
    const records = [
      located("s/c.json", "record 0", COUNTRY),
      located("s/c.json", "record 1", { ...COUNTRY, code: "DE" }),
      located("s/c2.json", "record 0", COUNTRY),
      located("s/c2.json", "record 5", COUNTRY),
    ];
    expect(findDuplicateKeys(resource("countries"), records)).toEqual([
      {
        file: "s/c2.json",
        record: "record 0",
        field: "code",
        message: 'Duplicate key "GB", first seen at s/c.json › record 0',
      },
      {
        file: "s/c2.json",
        record: "record 5",
        field: "code",
        message: 'Duplicate key "GB", first seen at s/c.json › record 0',
      },
    ]);
  });

  it("compares composite keys as a whole", () => {
    // As parsed: a row without a vertical has vertical null (#27), and the vertical is part of the key.
    const row = { brand: "a", country: "GB", period: "2024-10", vertical: null, volume: 1 };
    const records = [
      located("d.csv", "line 2", row),
      located("d.csv", "line 3", { ...row, period: "2024-11" }),
      located("d.csv", "line 4", { ...row, volume: 2 }),
      located("d.csv", "line 5", { ...row, vertical: "casino" }),
    ];
    expect(findDuplicateKeys(resource("demand"), records)).toEqual([
      {
        file: "d.csv",
        record: "line 4",
        field: "brand+country+period+vertical",
        message: 'Duplicate key "a|GB|2024-10|null", first seen at line 2',
      },
    ]);
  });
});

describe("findDanglingReferences", () => {
  const keys = (known: Partial<Record<SeedResourceName, string[]>>) => (name: SeedResourceName) =>
    new Set(known[name] ?? []);

  it("names the field of an unknown single reference", () => {
    const license = { id: "L-9", brand: "ghost", regulator_code: "UKGC" };
    expect(
      findDanglingReferences(
        resource("licenses"),
        [located("l.csv", "line 7", license)],
        keys({ brands: ["alpha"], regulators: ["UKGC"] }),
      ),
    ).toEqual([{ file: "l.csv", record: "line 7", field: "brand", message: 'Unknown brands key "ghost"' }]);
  });

  it("names the array index of an unknown element of a list reference", () => {
    const brand = { ...BRAND, markets: ["GB", "XX", "DE", "YY"] };
    const problems = findDanglingReferences(
      resource("brands"),
      [located("b.ndjson", "line 2", brand)],
      keys({ countries: ["GB", "DE"] }),
    );
    expect(problems.map((problem) => [problem.record, problem.field, problem.message])).toEqual([
      ["line 2", "markets[1]", 'Unknown countries key "XX"'],
      ["line 2", "markets[3]", 'Unknown countries key "YY"'],
    ]);
  });

  it("leaves references to a resource with unknown keys unchecked", () => {
    const row = { brand: "ghost", country: "ZZ", period: "2024-10", volume: 1 };
    const problems = findDanglingReferences(resource("demand"), [located("d.csv", "line 3", row)], (name) =>
      name === "brands" ? undefined : new Set(["GB"]),
    );
    expect(problems.map((problem) => problem.field)).toEqual(["country"]);
  });

  it("checks every reference of a record (demand row → unknown country and unknown brand)", () => {
    const row = { brand: "ghost", country: "ZZ", period: "2024-10", volume: 1 };
    const problems = findDanglingReferences(
      resource("demand"),
      [located("d.csv", "line 3", row)],
      keys({ brands: ["alpha"], countries: ["GB"] }),
    );
    expect(problems.map((problem) => problem.field)).toEqual(["brand", "country"]);
  });
});

describe("validateRecords: what a message shows of the refused value", () => {
  const messageFor = (slug: string) =>
    validateRecords("s/b.ndjson", [{ location: "line 1", value: { ...BRAND, slug } }], resource("brands").schema)
      .problems[0]?.message;
  const SLUG_RULE = "Expected a lower-case slug (a-z, 0-9, single dashes)";

  it("shows a value of 80 characters whole, and cuts a longer one after 80 with an ellipsis", () => {
    expect(messageFor(`A${"a".repeat(79)}`)).toBe(`${SLUG_RULE}, got "A${"a".repeat(79)}"`);
    expect(messageFor(`A${"a".repeat(80)}`)).toBe(`${SLUG_RULE}, got "A${"a".repeat(79)}…"`);
  });

  it("says what kind of value was expected and shows the one found, quoted when it is text", () => {
    const result = validateRecords(
      "s/b.ndjson",
      [{ location: "line 1", value: { ...BRAND, founded_year: "2015" } }],
      resource("brands").schema,
    );
    expect(result.problems.map((problem) => problem.message)).toEqual(['Expected a number, got "2015"']);
  });

  it("keeps the value as the schema gives it: text fields trimmed", () => {
    const result = validateRecords(
      "s/c.json",
      [{ location: "record 0", value: { ...COUNTRY, name: " United Kingdom " } }],
      resource("countries").schema,
    );
    expect(result.valid[0]?.value).toEqual(COUNTRY);
  });
});

describe("validateRecords: values the seed format refuses", () => {
  const GAME = {
    slug: "aurora-reels",
    name: "Aurora Reels",
    provider: "north",
    kind: "slot",
    rtp: 96.1,
    volatility: "high",
    themes: [],
    features: [],
    released_at: "2024-01-01",
  };
  const RESUME = RESUME_BASE;
  const DEMAND = { brand: "alpha-casino", country: "GB", period: "2024-10", volume: 1 };

  const BASES = { demand: DEMAND, countries: COUNTRY, resumes: RESUME, games: GAME };

  it("accepts each base record the cases below change", () => {
    for (const [name, value] of Object.entries(BASES)) {
      expect(
        validateRecords("s/x.json", [{ location: "record 0", value }], resource(name as keyof typeof BASES).schema)
          .problems,
      ).toEqual([]);
    }
  });

  it.each([
    ["a month 00", "demand", { ...DEMAND, period: "2024-00" }, "period"],
    ["a slug with a double dash", "demand", { ...DEMAND, brand: "alpha--casino" }, "brand"],
    ["a name of spaces only", "countries", { ...COUNTRY, name: "   " }, "name"],
    ["a trust tier of 4", "countries", { ...COUNTRY, trust_tier: 4 }, "trust_tier"],
    ["a date-time without a time zone", "resumes", { ...RESUME, updated_at: "2025-01-01T00:00:00" }, "updated_at"],
    ["a Telegram handle without its @", "resumes", { ...RESUME, contacts: { telegram: "buyer" } }, "contacts.telegram"],
    ["a resume id of 0", "resumes", { ...RESUME, id: 0 }, "id"],
    ["a language that is no BCP 47 tag", "resumes", { ...RESUME, language: "english" }, "language"],
  ] as const)("refuses %s", (_case, name, value, field) => {
    const result = validateRecords("s/x.json", [{ location: "record 0", value }], resource(name).schema);
    expect(result.valid).toEqual([]);
    expect(result.problems.map((problem) => problem.field)).toEqual([field]);
  });
});

describe("keys and references of the seed resources", () => {
  it("keys a lobby sighting by brand, game, country and date: the same game seen on two days is two sightings", () => {
    const sighting = { brand: "a", game: "g", country: "GB", observed_at: "2025-01-01", position: 1 };
    const records = [
      located("l.csv", "line 2", sighting),
      located("l.csv", "line 3", { ...sighting, observed_at: "2025-01-02" }),
    ];
    expect(findDuplicateKeys(resource("lobby"), records)).toEqual([]);
  });

  it("checks a game's provider and every reference of a lobby sighting", () => {
    const none = () => new Set<string>();
    const game = findDanglingReferences(
      resource("games"),
      [located("g.ndjson", "line 1", { slug: "g", provider: "ghost" })],
      none,
    );
    expect(game.map((problem) => problem.field)).toEqual(["provider"]);
    const sighting = { brand: "a", game: "g", country: "GB", observed_at: "2025-01-01", position: 1 };
    const lobby = findDanglingReferences(resource("lobby"), [located("l.csv", "line 2", sighting)], none);
    expect(lobby.map((problem) => problem.field)).toEqual(["brand", "game", "country"]);
  });
});

describe("validateRecords: optional data is optional (#26)", () => {
  it("loads a brand of identity fields only, every signal null (unknown)", () => {
    const result = validateRecords(
      "s/x.json",
      [
        {
          location: "record 0",
          value: {
            slug: "alpha-casino",
            name: "Alpha Casino",
            status: "active",
            verticals: ["casino"],
            markets: ["GB"],
          },
        },
      ],
      resource("brands").schema,
    );
    expect(result.problems).toEqual([]);
    expect(result.valid[0]?.value).toEqual({
      slug: "alpha-casino",
      name: "Alpha Casino",
      status: "active",
      founded_year: null,
      verticals: ["casino"],
      markets: ["GB"],
      reputation: null,
      app_stores: null,
      social: null,
      payment_methods: null,
      withdrawal_days: null,
      responsible_gambling: null,
    });
  });

  it("keeps the parts of a reputation that are known, and a known empty list as a list", () => {
    const value = { ...BRAND, reputation: { review_rating: 4.1 }, payment_methods: [] };
    const result = validateRecords("s/x.json", [{ location: "record 0", value }], resource("brands").schema);
    expect(result.valid[0]?.value).toMatchObject({
      reputation: { review_rating: 4.1, review_count: null, complaints_total: null, complaints_resolved: null },
      payment_methods: [],
    });
  });

  it("keeps null in app_stores as no app in that store (a known fact)", () => {
    const result = validateRecords(
      "s/x.json",
      [{ location: "record 0", value: { ...BRAND, app_stores: { ios: null, android: { rating: 4, reviews: 10 } } } }],
      resource("brands").schema,
    );
    expect(result.valid[0]?.value.app_stores).toEqual({ ios: null, android: { rating: 4, reviews: 10 } });
  });

  it("loads a domain of identity fields only", () => {
    const result = validateRecords(
      "s/x.json",
      [{ location: "record 0", value: { domain: "alpha.example", brand: "alpha-casino", primary: true } }],
      resource("domains").schema,
    );
    expect(result.problems).toEqual([]);
    expect(result.valid[0]?.value).toEqual({
      domain: "alpha.example",
      brand: "alpha-casino",
      primary: true,
      whois: null,
      backlinks: null,
      health: null,
      dns: null,
    });
  });

  it("still requires identity and references: a brand without its slug, a domain without its brand", () => {
    const brand = validateRecords(
      "s/x.json",
      [{ location: "record 0", value: { name: "Alpha", status: "active", verticals: ["casino"], markets: [] } }],
      resource("brands").schema,
    );
    expect(brand.problems.map((problem) => problem.field)).toEqual(["slug"]);
    const domain = validateRecords(
      "s/x.json",
      [{ location: "record 0", value: { domain: "alpha.example", primary: true } }],
      resource("domains").schema,
    );
    expect(domain.problems.map((problem) => problem.field)).toEqual(["brand"]);
  });

  it.each(["de", "pt-BR", "zh-Hant-TW", "sr-Latn", "es-419", "en"])(
    "takes the BCP 47 tag %s as a resume language",
    (language) => {
      const result = validateRecords(
        "s/x.json",
        [{ location: "record 0", value: { ...RESUME_BASE, language } }],
        resource("resumes").schema,
      );
      expect(result.problems).toEqual([]);
      expect(result.valid[0]?.value.language).toBe(language);
    },
  );
});
