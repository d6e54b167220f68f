import { describe, expect, it } from "vitest";
import { checkForeignKeys, keyValues, type KeyedTable } from "../../build/publish/table-keys.ts";

const brands: KeyedTable = { name: "brands", primaryKey: ["slug"] };
const demand: KeyedTable = { name: "demand", primaryKey: ["brand", "country", "period"], foreignKeys: [{ fields: ["brand"], reference: { resource: "brands", fields: ["slug"] } }] };

describe("keyValues", () => {
  it("collects the primary key of each record and the values of each foreign key", () => {
    const values = keyValues(demand, [
      { brand: "a", country: "GB", period: "2026-01", volume: 1 },
      { brand: "a", country: "GB", period: "2026-02", volume: 2 },
      { brand: "b", country: "GB", period: "2026-01", volume: 3 },
    ]);
    expect([...values.primary]).toEqual(['["a","GB","2026-01"]', '["a","GB","2026-02"]', '["b","GB","2026-01"]']);
    expect(values.foreign.map((set) => [...set])).toEqual([['["a"]', '["b"]']]);
  });

  it("fails naming the table and the key when a record repeats a primary key", () => {
    const records = [
      { brand: "a", country: "GB", period: "2026-01" },
      { brand: "a", country: "DE", period: "2026-01" },
      { brand: "a", country: "GB", period: "2026-01" },
    ];
    expect(() => keyValues(demand, records)).toThrow('Internal error: the download demand has the primary key (brand, country, period) = ["a","GB","2026-01"] more than once');
  });

  it("fails when a primary key field is null, absent or not a plain value", () => {
    expect(() => keyValues(brands, [{ slug: "a" }, { slug: null }])).toThrow("Internal error: the download brands has null for slug in record 2, part of its primary key (slug), which must have a value");
    expect(() => keyValues(brands, [{ name: "A" }])).toThrow("the download brands has null for slug in record 1");
    expect(() => keyValues(brands, [{ slug: ["a"] }])).toThrow('the download brands has ["a"] for slug in record 1');
  });

  it("tells apart values that print alike: 1 and '1', a|b + c and a + b|c", () => {
    expect(keyValues({ name: "resumes", primaryKey: ["id"] }, [{ id: 1 }, { id: "1" }]).primary.size).toBe(2);
    expect(keyValues({ name: "pairs", primaryKey: ["x", "y"] }, [{ x: "a|b", y: "c" }, { x: "a", y: "b|c" }]).primary.size).toBe(2);
  });

  it("checks nothing of a table without a primary key (trending, whose country is null across all countries)", () => {
    const trending: KeyedTable = { name: "trending", foreignKeys: demand.foreignKeys };
    const values = keyValues(trending, [{ brand: "a", country: null }, { brand: "a", country: null }]);
    expect(values.primary.size).toBe(0);
    expect(values.foreign.map((set) => [...set])).toEqual([['["a"]']]);
  });
});

describe("checkForeignKeys", () => {
  it("passes when every value names a record of the referenced table", () => {
    expect(() => checkForeignKeys([keyValues(brands, [{ slug: "a" }, { slug: "b" }]), keyValues(demand, [{ brand: "b", country: "GB", period: "2026-01" }])])).not.toThrow();
  });

  it("fails naming both tables, the key and the value that does not resolve", () => {
    const tables = [keyValues(brands, [{ slug: "a" }]), keyValues(demand, [{ brand: "a", country: "GB", period: "2026-01" }, { brand: "gone", country: "GB", period: "2026-01" }])];
    expect(() => checkForeignKeys(tables)).toThrow('Internal error: the foreign key demand (brand) → brands (slug) has ["gone"], which brands does not have');
  });

  it("fails when a foreign key names no download, or other fields than its primary key", () => {
    const toCountries: KeyedTable = { name: "demand", primaryKey: ["brand"], foreignKeys: [{ fields: ["country"], reference: { resource: "countries", fields: ["code"] } }] };
    expect(() => checkForeignKeys([keyValues(toCountries, [])])).toThrow("Internal error: the foreign key demand (country) → countries (code) does not name the primary key of a download");
    const byName: KeyedTable = { name: "demand", primaryKey: ["brand"], foreignKeys: [{ fields: ["brand"], reference: { resource: "brands", fields: ["name"] } }] };
    expect(() => checkForeignKeys([keyValues(brands, []), keyValues(byName, [])])).toThrow("demand (brand) → brands (name) does not name the primary key of a download");
    const unkeyed: KeyedTable = { name: "brands" };
    expect(() => checkForeignKeys([keyValues(unkeyed, []), keyValues(demand, [])])).toThrow("demand (brand) → brands (slug) does not name the primary key of a download");
  });
});
