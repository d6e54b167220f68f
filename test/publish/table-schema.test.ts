import { describe, expect, it } from "vitest";
import { toNdjson } from "../../build/publish/bulk-downloads.ts";
import { inferTableSchema, typeOfValue, widenType, type FieldType } from "../../build/publish/table-schema.ts";

describe("typeOfValue", () => {
  it.each<[unknown, FieldType]>([
    [3, "integer"],
    [3.5, "number"],
    [true, "boolean"],
    [["a"], "array"],
    [{ a: 1 }, "object"],
    ["2026-11-01", "date"],
    ["2026-11-01T00:00:00Z", "datetime"],
    // Not Table Schema's default datetime format (UTC to the second), so plain text.
    ["2026-11-01T00:00:00.5Z", "string"],
    ["2026-11", "yearmonth"],
    ["2026-13", "string"],
    // Shaped like a date or datetime but not one: a validator would refuse the value of a date field.
    ["2024-02-29", "date"],
    ["2025-02-29", "string"],
    ["2026-04-31", "string"],
    ["2026-00-10", "string"],
    ["2026-13-01", "string"],
    ["0000-01-01", "string"],
    ["2026-02-30T00:00:00Z", "string"],
    ["2026-11-01T24:00:00Z", "string"],
    ["2026-11-01T23:60:00Z", "string"],
    ["2026-11-01T23:59:60Z", "string"],
    ["GB", "string"],
  ])("types %j as %s", (value, type) => {
    expect(typeOfValue(value)).toBe(type);
  });
});

describe("widenType", () => {
  it.each<[FieldType, FieldType, FieldType]>([
    ["integer", "integer", "integer"],
    ["integer", "number", "number"],
    ["date", "string", "string"],
    ["yearmonth", "datetime", "string"],
    ["integer", "string", "any"],
    ["object", "array", "any"],
  ])("widens %s and %s to %s", (a, b, widened) => {
    expect(widenType(a, b)).toBe(widened);
    expect(widenType(b, a)).toBe(widened);
  });
});

describe("inferTableSchema", () => {
  it("lists fields in first-seen order with widened types, and marks the never-null ones required", () => {
    const schema = inferTableSchema([
      { id: 1, score: 2, when: "2026-01-02", note: null, tags: [] },
      { id: 2, score: 2.5, when: "2026-01", note: null, tags: ["x"], extra: true },
    ]);
    expect(schema.fields).toEqual([
      { name: "id", type: "integer", constraints: { required: true } },
      { name: "score", type: "number", constraints: { required: true } },
      { name: "when", type: "string", constraints: { required: true } },
      { name: "note", type: "any" },
      { name: "tags", type: "array", constraints: { required: true } },
      { name: "extra", type: "boolean" },
    ]);
  });

  it("gives each field the same type whatever the order of its values", () => {
    const values: Record<string, unknown[]> = {
      when: ["2026-01-02", "2026-01", "2026-01-02T10:00:00Z", "soon"],
      score: [1, 2.5, 3],
      mixed: ["a", 1, true],
      dates: ["2026-01-02", "2026-02-03"],
    };
    const expected = { when: "string", score: "number", mixed: "any", dates: "date" };
    for (const [name, list] of Object.entries(values)) {
      for (const order of [list, [...list].reverse(), [list[1], list[0], ...list.slice(2)]]) {
        const [field] = inferTableSchema(order.map((value) => ({ [name]: value }))).fields;
        expect([name, field?.type]).toEqual([name, expected[name as keyof typeof expected]]);
      }
    }
  });

  it("describes the records as their NDJSON lines hold them: NaN and Infinity as null, an undefined value as no field", () => {
    const records = [
      { id: 1, ratio: Number.NaN, gone: undefined },
      { id: 2, ratio: Number.POSITIVE_INFINITY, gone: undefined },
      { id: 3, ratio: 0.5 },
    ];
    const written = toNdjson(records)
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(inferTableSchema(records)).toEqual(inferTableSchema(written));
    expect(inferTableSchema(records).fields).toEqual([
      { name: "id", type: "integer", constraints: { required: true } },
      { name: "ratio", type: "number" },
    ]);
  });

  it("gives no fields for no records", () => {
    expect(inferTableSchema([])).toEqual({ fields: [] });
  });
});
