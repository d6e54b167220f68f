import { describe, expect, it } from "vitest";
import { checkForeignKeys, keyValues, type KeyedTable } from "../../build/publish/table-keys.ts";

const brands: KeyedTable = { name: "brands", primaryKey: ["slug"] };
const demand: KeyedTable = {
  name: "demand",
  primaryKey: ["brand", "country", "period"],
  foreignKeys: [{ fields: ["brand"], reference: { resource: "brands", fields: ["slug"] } }],
};

describe("keyValues", () => {
  it("collects the primary key of each record and the values of each foreign key", () => {
    const values = keyValues(demand, [
      { brand: "a", country: "GB", period: "2026-01", volume: 1 },
      { brand: "a", country: "GB", period: "2026-02", volume: 2 },
      { brand: "b", country: "GB", period: "2026-01", volume: 3 },
    ]);
    const key = ["brand", "country", "period"];
    expect(values.primary.size).toBe(3);
    expect(values.primary.has({ brand: "a", country: "GB", period: "2026-02" }, key)).toBe(true);
    expect(values.primary.has({ brand: "b", country: "GB", period: "2026-02" }, key)).toBe(false);
    expect(values.primary.has({ brand: "a", country: "GB" }, key)).toBe(false);
    // The first record with each value of the foreign key, in the records' order.
    expect(values.foreign.map((records) => records.map(({ brand, volume }) => [brand, volume]))).toEqual([
      [
        ["a", 1],
        ["b", 3],
      ],
    ]);
  });

  it("fails naming the table and the key when a record repeats a primary key", () => {
    const records = [
      { brand: "a", country: "GB", period: "2026-01" },
      { brand: "a", country: "DE", period: "2026-01" },
      { brand: "a", country: "GB", period: "2026-01" },
    ];
    expect(() => keyValues(demand, records)).toThrow(
      'Internal error: the download demand has the primary key (brand, country, period) = ["a","GB","2026-01"] more than once',
    );
  });

  it("fails when a primary key field is null, absent or not a plain value", () => {
    expect(() => keyValues(brands, [{ slug: "a" }, { slug: null }])).toThrow(
      "Internal error: the download brands has null for slug in record 2, part of its primary key (slug), which must have a value",
    );
    expect(() => keyValues(brands, [{ name: "A" }])).toThrow("the download brands has null for slug in record 1");
    expect(() => keyValues(brands, [{ slug: ["a"] }])).toThrow('the download brands has ["a"] for slug in record 1');
  });

  it("fails on a NaN or infinite primary key value, which the file holds as null", () => {
    for (const id of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      expect(() => keyValues({ name: "resumes", primaryKey: ["id"] }, [{ id: 1 }, { id }])).toThrow(
        "the download resumes has null for id in record 2",
      );
    }
  });

  it("tells apart values that print alike: 1 and '1', a|b + c and a + b|c", () => {
    expect(keyValues({ name: "resumes", primaryKey: ["id"] }, [{ id: 1 }, { id: "1" }]).primary.size).toBe(2);
    expect(
      keyValues({ name: "pairs", primaryKey: ["x", "y"] }, [
        { x: "a|b", y: "c" },
        { x: "a", y: "b|c" },
      ]).primary.size,
    ).toBe(2);
    expect(
      keyValues({ name: "pairs", primaryKey: ["x", "y"] }, [
        { x: 1, y: "1" },
        { x: "1", y: 1 },
        { x: true, y: "true" },
      ]).primary.size,
    ).toBe(3);
  });

  it("finds a repeated key of several fields whatever the records between (84,000 index rows share their first fields)", () => {
    const rows = ["GB", "DE"].flatMap((country) =>
      ["2026-01", "2026-02"].map((period) => ({ brand: "a", country, period })),
    );
    expect(keyValues(demand, rows).primary.size).toBe(4);
    expect(() => keyValues(demand, [...rows, { brand: "a", country: "DE", period: "2026-01" }])).toThrow(
      'has the primary key (brand, country, period) = ["a","DE","2026-01"] more than once',
    );
  });

  it("checks nothing of a table without a primary key (trending, whose country is null across all countries)", () => {
    const trending: KeyedTable = { name: "trending", foreignKeys: demand.foreignKeys };
    const values = keyValues(trending, [
      { brand: "a", country: null },
      { brand: "a", country: null },
    ]);
    expect(values.primary.size).toBe(0);
    expect(values.foreign.map((records) => records.map(({ brand }) => brand))).toEqual([["a"]]);
  });
});

describe("checkForeignKeys", () => {
  it("passes when every value names a record of the referenced table", () => {
    expect(() =>
      checkForeignKeys([
        keyValues(brands, [{ slug: "a" }, { slug: "b" }]),
        keyValues(demand, [{ brand: "b", country: "GB", period: "2026-01" }]),
      ]),
    ).not.toThrow();
  });

  it("resolves a key of several fields only when all of them match, in the referenced key's order", () => {
    const demandTable: KeyedTable = { name: "demand", primaryKey: ["brand", "country", "period"] };
    const index: KeyedTable = {
      name: "index",
      primaryKey: ["b", "c", "p", "metric"],
      foreignKeys: [
        { fields: ["b", "c", "p"], reference: { resource: "demand", fields: ["brand", "country", "period"] } },
      ],
    };
    const demandRows = keyValues(demandTable, [
      { brand: "a", country: "GB", period: "2026-01" },
      { brand: "b", country: "DE", period: "2026-01" },
    ]);
    expect(() =>
      checkForeignKeys([
        demandRows,
        keyValues(index, [
          { b: "a", c: "GB", p: "2026-01", metric: "sod" },
          { b: "b", c: "DE", p: "2026-01", metric: "adi" },
        ]),
      ]),
    ).not.toThrow();
    expect(() =>
      checkForeignKeys([demandRows, keyValues(index, [{ b: "a", c: "DE", p: "2026-01", metric: "sod" }])]),
    ).toThrow(
      'Internal error: the foreign key index (b, c, p) → demand (brand, country, period) has ["a","DE","2026-01"], which demand does not have',
    );
  });

  it("fails naming both tables, the key and the value that does not resolve", () => {
    const tables = [
      keyValues(brands, [{ slug: "a" }]),
      keyValues(demand, [
        { brand: "a", country: "GB", period: "2026-01" },
        { brand: "gone", country: "GB", period: "2026-01" },
      ]),
    ];
    expect(() => checkForeignKeys(tables)).toThrow(
      'Internal error: the foreign key demand (brand) → brands (slug) has ["gone"], which brands does not have',
    );
  });

  it("fails when a foreign key names no download, or other fields than its primary key", () => {
    const toCountries: KeyedTable = {
      name: "demand",
      primaryKey: ["brand"],
      foreignKeys: [{ fields: ["country"], reference: { resource: "countries", fields: ["code"] } }],
    };
    expect(() => checkForeignKeys([keyValues(toCountries, [])])).toThrow(
      "Internal error: the foreign key demand (country) → countries (code) does not name the primary key of a download",
    );
    const byName: KeyedTable = {
      name: "demand",
      primaryKey: ["brand"],
      foreignKeys: [{ fields: ["brand"], reference: { resource: "brands", fields: ["name"] } }],
    };
    expect(() => checkForeignKeys([keyValues(brands, []), keyValues(byName, [])])).toThrow(
      "demand (brand) → brands (name) does not name the primary key of a download",
    );
    const unkeyed: KeyedTable = { name: "brands" };
    expect(() => checkForeignKeys([keyValues(unkeyed, []), keyValues(demand, [])])).toThrow(
      "demand (brand) → brands (slug) does not name the primary key of a download",
    );
  });
});
