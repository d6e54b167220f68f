/**
 * The columnar form of the engine's data: every kind of column, and values that come back as JSON.stringify
 * wrote them (same keys, same order, same bytes).
 */
import { describe, expect, it } from "vitest";
import { decodeColumnar, encodeColumnar } from "../../build/output-format/engine-columns.ts";
import { minContext } from "../fixtures/min-context.ts";

const roundTrip = (value: unknown) => JSON.stringify(decodeColumnar(JSON.parse(JSON.stringify(encodeColumnar(value)))));

describe("encodeColumnar", () => {
  it("writes a list of records as one column per field, each string once in the table", () => {
    const rows = [
      { brand: "a-casino", country: "GB", volume: 10, sod: 50.5 },
      { brand: "a-casino", country: "DE", volume: null, sod: null },
      { brand: "b-bet", country: "GB", volume: 3, sod: 49.5 },
    ];
    expect(encodeColumnar(rows)).toEqual({
      strings: ["a-casino", "b-bet", "GB", "DE"],
      column: {
        a: {
          len: [3],
          items: {
            o: {
              shapes: [["brand", "country", "volume", "sod"]],
              shape: [0, 0, 0],
              cols: {
                brand: { s: [0, 0, 1] },
                country: { s: [2, 3, 2] },
                volume: { n: [10, null, 3] },
                sod: { n: [50.5, null, 49.5] },
              },
            },
          },
        },
      },
    });
  });

  it("keeps each record's keys and their order, and leaves out a key whose value is undefined, as JSON does", () => {
    const rows = [{ a: 1, b: "x" }, { b: "y", a: 2 }, { a: 3, b: undefined }, null, {}];
    const encoded = encodeColumnar(rows);
    expect(encoded.column).toMatchObject({
      a: { items: { o: { shapes: [["a", "b"], ["b", "a"], ["a"], []], shape: [0, 1, 2, -1, 3] } } },
    });
    expect(roundTrip(rows)).toBe(JSON.stringify(rows));
  });

  it.each([
    ["booleans and mixed types as plain JSON", [true, false, null, 1, "x"]],
    ["arrays in arrays, with null and empty ones", [[1, 2], null, [], [[3], ["a"]]]],
    ["non-finite numbers, written as null", [1, Number.NaN, Number.POSITIVE_INFINITY, -0]],
    ["a hole in an array, written as null", [1, , 3]], // eslint-disable-line no-sparse-arrays
    ["text with newlines, quotes and other scripts", { note: 'line one\nline "two"', name: "Альфа ё 😀" }],
    ["a record with a key __proto__, kept as an own key", JSON.parse('[{"__proto__":{"x":1},"y":2}]') as unknown],
    ["a lone value", 42],
  ])("gives back the same JSON: %s", (_case, value) => {
    expect(roundTrip(value)).toBe(JSON.stringify(value));
  });

  it("gives back every member of the seeds-min dataset byte for byte", async () => {
    const { dataset } = await minContext();
    for (const [key, value] of Object.entries(dataset)) expect(roundTrip(value), key).toBe(JSON.stringify(value));
  });
});

describe("decodeColumnar", () => {
  it("hands out one string for every record that has it (interned)", () => {
    const rows = decodeColumnar(
      JSON.parse(JSON.stringify(encodeColumnar([{ slug: "a".repeat(40) }, { slug: "a".repeat(40) }]))),
    ) as { slug: string }[];
    expect(rows[0]!.slug).toBe(rows[1]!.slug);
    expect(Object.keys(rows[1]!)).toEqual(["slug"]);
  });

  describe("a list of records", () => {
    const months = (count: number) => Array.from({ length: count }, (_, at) => ({ m: `2024-${at + 1}` }));
    // 10 and 6 months: 8 a record on average, long enough to be left to their first read; tags are not.
    const rows = [
      { slug: "a", trust: { score: 1 }, history: months(10), tags: ["x"], name: "A" },
      { slug: "b", trust: null, history: months(6), tags: [], name: "B" },
      { slug: "c", name: "C" },
    ];
    const decode = () => decodeColumnar(JSON.parse(JSON.stringify(encodeColumnar(rows)))) as Record<string, unknown>[];

    it("leaves each record's long lists to their first read, in their place among its keys", () => {
      const decoded = decode();
      const history = Object.getOwnPropertyDescriptor(decoded[0], "history")!;
      expect(history.get).toBeTypeOf("function");
      expect(Object.getOwnPropertyDescriptor(decoded[0], "slug")!.value).toBe("a");
      expect(Object.getOwnPropertyDescriptor(decoded[0], "trust")!.value).toEqual({ score: 1 });
      expect(Object.getOwnPropertyDescriptor(decoded[0], "tags")!.value).toEqual(["x"]);
      expect(Object.keys(decoded[0]!)).toEqual(["slug", "trust", "history", "tags", "name"]);
      expect(Object.keys(decoded[2]!)).toEqual(["slug", "name"]);
    });

    it("reads each record's own value, and writes it as a plain property", () => {
      const decoded = decode();
      expect(decoded[1]!.trust).toBeNull();
      expect(decoded[0]!.history).toEqual(months(10));
      expect(decoded[1]!.history).toEqual(months(6));
      expect(JSON.stringify(decoded)).toBe(JSON.stringify(rows));
      expect({ ...decoded[0] }).toEqual(rows[0]);
      decoded[1]!.history = ["x"];
      expect(decoded[1]!.history).toEqual(["x"]);
      expect(Object.getOwnPropertyDescriptor(decoded[1], "history")!.writable).toBe(true);
      expect(decoded[0]!.history).toEqual(months(10));
    });
  });
});
